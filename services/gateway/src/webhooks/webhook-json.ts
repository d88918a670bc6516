import { BadRequestException } from '@nestjs/common';

export const WEBHOOK_MAX_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/**
 * How deeply the JSON text nests, read byte by byte without building anything, stopping as soon
 * as it passes `limit` (UTF-8 never puts a multi-byte character's bytes in the ASCII range).
 */
export function nestsDeeperThan(raw: Buffer, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const byte = raw[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (OPENERS.has(byte)) {
      if (++depth > limit) return true;
    } else if (CLOSERS.has(byte)) depth--;
  }
  return false;
}

/** A webhook body, already verified as YouCan's: a JSON object nested at most WEBHOOK_MAX_DEPTH deep. */
export function parseWebhookBody(raw: Buffer): Record<string, unknown> {
  if (nestsDeeperThan(raw, WEBHOOK_MAX_DEPTH))
    throw new BadRequestException(`The webhook body nests deeper than ${WEBHOOK_MAX_DEPTH} levels`);
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new BadRequestException('The webhook body is not valid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new BadRequestException('The webhook body must be a JSON object');
  return body as Record<string, unknown>;
}
