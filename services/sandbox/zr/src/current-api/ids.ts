import { createHash, randomBytes } from 'node:crypto';

/** The namespace every sandbox id hangs from: the same name gives the same id after a restart. */
const NAMESPACE = Buffer.from('6f1c2a4e8b3d4c5fa7e90d1b2c3d4e5f', 'hex');

/** A UUID version 5 (SHA-1 of namespace and name, RFC 4122 §4.3). */
export function stableUuid(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(text: unknown): text is string {
  return typeof text === 'string' && UUID.test(text);
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A tracking number shaped like ZR's: `16-AJXL7ORFOL-ZR` (wilaya code, ten characters, ZR). */
export function trackingNumber(wilayaCode: number): string {
  const body = [...randomBytes(10)].map((byte) => LETTERS[byte % LETTERS.length]).join('');
  return `${String(wilayaCode).padStart(2, '0')}-${body}-ZR`;
}

/** ZR spells places without accents or apostrophes: "Béjaïa" is "Bejaia", "M'Sila" is "MSila". */
export function zrSpelling(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '');
}
