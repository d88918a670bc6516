import { Transform } from 'class-transformer';
import { registerDecorator } from 'class-validator';
import { isIP } from 'node:net';

/** Names proxy-addr (fastify's trustProxy) knows for private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Reads "10.0.0.0/8, 127.0.0.1" as a list; "false" or nothing is the empty list (trust no proxy). */
export function ProxyListVar(): PropertyDecorator {
  return Transform(({ obj, key, value }: { obj: Record<string, unknown>; key: string; value: unknown }) => {
    const raw = obj[key];
    if (typeof raw !== 'string') return value;
    if (raw.trim() === 'false') return [];
    return raw
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  });
}

export function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/** Every entry an address or CIDR range; "true" (trust whoever sends X-Forwarded-For) is refused. */
export function IsProxyList(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isProxyList',
      target: target.constructor,
      propertyName: propertyName as string,
      validator: {
        validate: (value: unknown) =>
          Array.isArray(value) && value.every((entry) => typeof entry === 'string' && isProxyAddress(entry)),
        defaultMessage: (args) =>
          Array.isArray(args?.value) && (args.value as string[]).includes('true')
            ? 'true would take any client’s X-Forwarded-For as its address: list the proxy addresses or CIDR ranges instead, e.g. 10.0.0.0/8'
            : 'must list proxy addresses or CIDR ranges separated by commas, e.g. 10.0.0.0/8,127.0.0.1',
      },
    });
}
