/**
 * The carrier APIs a delivery account may speak: ZR Express's procolis API (token + key), ZR
 * Express's current API (API key + tenant id) and Yalidine's (API id + API token).
 */
export const CARRIER_APIS = ['procolis', 'zr-current', 'yalidine'] as const;
export type CarrierApi = (typeof CARRIER_APIS)[number];

/** The company each API belongs to. */
export const CARRIER_API_COMPANY = {
  procolis: 'zrexpress',
  'zr-current': 'zrexpress',
  yalidine: 'yalidine',
} as const satisfies Record<CarrierApi, string>;

/** The credential fields each API needs, beside `apiKey` (which every API needs). */
export const CARRIER_API_FIELDS = {
  procolis: ['apiSecret'],
  'zr-current': ['tenantId'],
  yalidine: ['apiSecret'],
} as const satisfies Record<CarrierApi, readonly ('apiSecret' | 'tenantId')[]>;

/**
 * The API an account speaks, from what the owner entered: the `api` named, else Yalidine's for a
 * Yalidine account, else ZR's current API when a tenant id is given, else procolis.
 */
export function carrierApiOf(input: { company?: string; api?: string; tenantId?: string }): CarrierApi {
  if (input.api && (CARRIER_APIS as readonly string[]).includes(input.api)) return input.api as CarrierApi;
  if (input.company === 'yalidine') return 'yalidine';
  return input.tenantId?.trim() ? 'zr-current' : 'procolis';
}
