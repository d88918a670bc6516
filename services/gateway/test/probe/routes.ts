/**
 * What the probe needs to know of each route beyond the OpenAPI document: a valid body to break one
 * field at a time, what kind of thing each path id names, and the routes it does not probe, with
 * the reason. A route the document gains that fits none of these fails the probe.
 */

/** The kinds of thing a path id names. */
export type IdKind = 'order' | 'store' | 'account' | 'agent' | 'job' | 'invitation' | 'blacklist';

/** One caller's own things (or, for the cross-owner probe, another owner's). */
export type Ids = Record<IdKind, string>;

export interface ProbeContext {
  ids: Ids;
  /** The prober's own order, as the list shows it (an edit sends it back). */
  order: { version: number; customer: Record<string, unknown> };
  zr: { apiKey: string; apiSecret: string };
  yalidine: { apiKey: string; apiSecret: string };
  password: string;
}

/** Routes not probed, each with the reason. */
export const UNPROBED: Record<string, string> = {
  'POST /api/auth/sign-out':
    'takes no body, id or query: any request ends the prober session (sessions.int-spec.ts)',
  'POST /api/auth/sign-out-everywhere':
    'takes no body, id or query: any request ends every session of the prober (sessions.int-spec.ts)',
  'GET /api/events':
    'a server-sent events stream that stays open; Last-Event-ID is checked in live-events.int-spec.ts',
};

/** Routes without body, id or query that the probe still calls with a junk body or query. */
export const NO_INPUT = new Set([
  'GET /api/users/me',
  'POST /api/auth/refresh',
  'GET /api/auth/sessions',
  'GET /api/status',
  'GET /api/stores/youcan',
  'GET /api/orders/availability',
  'GET /api/orders/blacklist',
  'GET /api/confirmateur',
  'GET /api/confirmateur/invitations',
  'GET /api/delivery/account',
  'GET /health/live',
  'GET /health/ready',
]);

const UNKNOWN = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

/**
 * A valid body per route (several where the route takes several shapes). The probe never sends
 * these as they are: it sends each with one field made wrong, so none should succeed.
 */
export const BASE_BODIES: Record<string, (context: ProbeContext) => Record<string, unknown>[]> = {
  'POST /api/users/register': () => [
    {
      name: 'Probe Person',
      email: 'probe-register@shop.dz',
      password: 'souk-el-fellah-probe',
      isConfirmateur: false,
      language: 'fr',
    },
  ],
  'POST /api/users/login': () => [{ email: 'nobody-probe@shop.dz', password: 'souk-el-fellah' }],
  'PUT /api/users/me/language': () => [{ language: 'en' }],
  'POST /api/auth/password': ({ password }) => [
    { currentPassword: password, newPassword: 'a-new-probe-password' },
  ],
  'POST /api/auth/forgot-password': () => [{ email: 'nobody-probe@shop.dz' }],
  'POST /api/auth/reset-password': () => [{ token: 'a'.repeat(43), password: 'a-new-probe-password' }],
  // Ids of nobody's orders and a filter of nobody's store: a wrongly accepted body deletes nothing.
  'DELETE /api/orders/youcan': () => [{ orderIds: [UNKNOWN] }, { filter: { storeId: UNKNOWN } }],
  'PUT /api/orders/youcan/{id}': ({ ids, order }) => [
    { note: 'A probe note' },
    {
      delivery: {
        deliveryAccount: ids.account,
        wilaya: '16',
        isStopDesk: false,
        commune: 'Bab Ezzouar',
        desk: '',
      },
    },
    {
      version: order.version,
      status: 'pending',
      customer: order.customer,
      variants: [{ quantity: 1 }],
      quantity: 1,
    },
  ],
  'POST /api/orders/queue/next': ({ ids }) => [{ storeId: ids.store }],
  'POST /api/orders/youcan/{id}/claim': () => [{ takeover: false }],
  'PUT /api/orders/settings/{storeId}': () => [
    { maxAttempts: 5, retryDelayMinutes: 120, claimMinutes: 10, assignment: 'shared', agentCap: 30 },
  ],
  'PUT /api/orders/availability': () => [{ available: true }],
  'POST /api/orders/blacklist': () => [{ phone: '0555000001', reason: 'A probe' }],
  'POST /api/confirmateur/{storeId}': () => [{ email: 'probe-invited@shop.dz' }],
  'DELETE /api/confirmateur/{confirmateurId}': ({ ids }) => [{ storeId: ids.store }],
  'POST /api/invitations/open': () => [{ token: 'a'.repeat(43) }],
  'POST /api/invitations/accept': () => [{ token: 'a'.repeat(43) }],
  'POST /api/invitations/register': () => [
    { token: 'a'.repeat(43), name: 'Probe Agent', password: 'souk-el-fellah-probe', language: 'fr' },
  ],
  'POST /api/delivery/account': ({ zr, yalidine }) => [
    { company: 'zrexpress', api: 'procolis', storeName: 'Probe', apiKey: zr.apiKey, apiSecret: zr.apiSecret },
    { company: 'yalidine', storeName: 'Probe', ...yalidine, fromWilaya: 16, webhookSecret: 'probe' },
    { company: 'zrexpress', api: 'zr-current', storeName: 'Probe', apiKey: 'probe-key', tenantId: UNKNOWN },
  ],
  'PUT /api/delivery/account/{id}/webhook-secret': () => [{ webhookSecret: 'probe-secret' }],
  'PUT /api/delivery/account/{id}/states': () => [{ changes: [{ state: 'probe_state', status: 'ignored' }] }],
  'POST /api/ZR/saisie': () => [{ orderIds: [UNKNOWN] }, { filter: { storeId: UNKNOWN } }],
  'POST /api/ZR/labels': ({ ids }) => [{ orderIds: [UNKNOWN] }, { saisieId: ids.job }],
};

/** Extra wrong values for fields the schema alone cannot tell (e.g. a carrier's key must be ASCII). */
export const EXTRA_WRONG: Record<string, Record<string, unknown[]>> = {
  'POST /api/delivery/account': { apiKey: ['١٢٣', 'أمينة'], apiSecret: ['١٢٣', 'أمينة'] },
};

/** Wrong-looking values a field accepts on purpose, with the reason. */
export const ACCEPTED: Record<string, Record<string, unknown[]>> = {
  // The web app's select sends text: "true"/"false" are the documented form (docs/api.md).
  'PUT /api/orders/youcan/{id}': { 'delivery.isStopDesk': ['true', 'false'] },
  // The add-account form sends the fields an API does not use as "" (docs/api.md).
  'POST /api/delivery/account': { tenantId: [''], webhookSecret: [''] },
};

/** What a path id names, from the route and the parameter's name. */
export function idKind(path: string, param: string): IdKind | undefined {
  const byName: Record<string, IdKind> = {
    storeId: 'store',
    orderId: 'order',
    confirmateurId: 'agent',
    invitationId: 'invitation',
    deliveryAccountId: 'account',
    jobId: 'job',
  };
  if (byName[param]) return byName[param];
  if (param !== 'id') return undefined;
  if (path.startsWith('/api/stores/')) return 'store';
  if (path.startsWith('/api/orders/blacklist/')) return 'blacklist';
  if (path.startsWith('/api/orders/')) return 'order';
  if (path.startsWith('/api/delivery/account/')) return 'account';
  return undefined;
}
