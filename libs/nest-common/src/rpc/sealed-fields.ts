import { SEALED_FIELDS, type ServiceName } from '@tawsil/contracts/rpc';
import { SecretBox } from '../crypto/secret-box';

const SEALED = 'sealed:';

/** A comma-separated list of base64 keys: the first seals, every one opens (for rotation). */
function boxesOf(keys: string): SecretBox[] {
  return keys
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean)
    .map((key) => new SecretBox(key));
}

/** Each sealed value is bound to its pattern and field: it opens nowhere else. */
const contextOf = (pattern: string, field: string) => `${pattern}#${field}`;

/**
 * The gateway's side: seals the secret fields of a request (SEALED_FIELDS) with the key of the
 * service that receives it, so they cross Redis as ciphertext only that service can open.
 */
export class FieldSealer {
  private readonly boxes = new Map<ServiceName, SecretBox>();

  constructor(keys: Partial<Record<ServiceName, string>>) {
    for (const [service, list] of Object.entries(keys)) {
      if (list) this.boxes.set(service as ServiceName, boxesOf(list)[0]);
    }
  }

  seal<T>(service: ServiceName, pattern: string, data: T): T {
    const fields = SEALED_FIELDS[pattern];
    if (!fields || data === null || typeof data !== 'object') return data;
    const box = this.boxes.get(service);
    if (!box) throw new Error(`No key to seal ${pattern} for ${service}`);
    const sealed: Record<string, unknown> = { ...(data as Record<string, unknown>) };
    for (const field of fields) {
      const value = sealed[field];
      if (typeof value === 'string') sealed[field] = SEALED + box.seal(value, contextOf(pattern, field));
    }
    return sealed as T;
  }
}

/** The receiving service's side: opens the sealed fields before the handler sees the request. */
export class FieldOpener {
  private readonly boxes: SecretBox[];

  constructor(keys: string) {
    this.boxes = boxesOf(keys);
  }

  /** The data with its fields opened; undefined when a field came in clear or does not open. */
  open(pattern: string, data: unknown): unknown {
    const fields = SEALED_FIELDS[pattern];
    if (!fields || data === null || typeof data !== 'object') return data;
    const opened: Record<string, unknown> = { ...(data as Record<string, unknown>) };
    for (const field of fields) {
      const value = opened[field];
      if (value === undefined || value === null) continue;
      if (typeof value !== 'string' || !value.startsWith(SEALED)) return undefined;
      const clear = this.openOne(value.slice(SEALED.length), contextOf(pattern, field));
      if (clear === undefined) return undefined;
      opened[field] = clear;
    }
    return opened;
  }

  private openOne(sealed: string, context: string): string | undefined {
    for (const box of this.boxes) {
      try {
        return box.open(sealed, context);
      } catch {
        // sealed with another key of the list, or not sealed by the gateway
      }
    }
    return undefined;
  }
}
