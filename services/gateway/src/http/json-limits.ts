import secureJson from 'secure-json-parse';

export interface JsonLimits {
  /** Deepest nesting of arrays and objects accepted; the top-level value is depth 1. */
  maxDepth: number;
  /** Largest body accepted, in bytes. */
  maxBytes: number;
}

export const JSON_LIMITS: JsonLimits = { maxDepth: 32, maxBytes: 1_048_576 };

/** A JSON body refused before or while parsing: 413 when too large, 400 otherwise. */
export class JsonBodyError extends Error {
  constructor(
    readonly statusCode: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = 'JsonBodyError';
  }
}

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * True when the JSON text nests arrays or objects deeper than maxDepth. One pass over the text,
 * without recursion, so a hostile body costs linear time and never the stack; brackets inside
 * strings do not count. Malformed text is left for JSON.parse to refuse.
 */
export function nestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_OBJECT || char === OPEN_ARRAY) {
      if (++depth > maxDepth) return true;
    } else if (char === CLOSE_OBJECT || char === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/**
 * Parses a JSON request body within size and depth limits, refusing `__proto__` and
 * `constructor.prototype` keys as Fastify's own parser does. Throws JsonBodyError naming the
 * problem; never a stack overflow, whatever the input.
 */
export function parseJsonWithLimits(raw: Buffer | string, limits: JsonLimits = JSON_LIMITS): unknown {
  const bytes = typeof raw === 'string' ? Buffer.byteLength(raw) : raw.length;
  if (bytes > limits.maxBytes) throw new JsonBodyError(413, bodyTooLargeMessage(limits.maxBytes));
  const text = typeof raw === 'string' ? raw : raw.toString('utf8');
  if (!text.trim()) throw new JsonBodyError(400, 'The body is empty: send a JSON value');
  if (nestsDeeperThan(text, limits.maxDepth))
    throw new JsonBodyError(400, `The JSON body is nested deeper than ${limits.maxDepth} levels`);
  try {
    return secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    // V8 quotes the start of the text in its message: the reason and position only, never the text.
    const reason = (error as Error).message.replace(/,? ".*" is not valid JSON$/s, '');
    throw new JsonBodyError(400, `The body is not valid JSON: ${reason}`);
  }
}

export function bodyTooLargeMessage(maxBytes = JSON_LIMITS.maxBytes): string {
  const mb = maxBytes / 1_048_576;
  return `The body is larger than the ${Number.isInteger(mb) ? `${mb} MB` : `${maxBytes} bytes`} allowed`;
}
