/** Every SWR key of the app, in one place. */
export const swrKeys = {
  me: '/api/users/me',
  stores: '/api/stores/youcan',
  /** Paged: the key of a page is [orders, its query]. */
  orders: '/api/orders/youcan',
  /** The caller's call queue; the key of one store's is [queue, storeId]. */
  queue: '/api/orders/queue',
  /** One store's workspace settings: [settings, storeId]. */
  storeSettings: '/api/orders/settings',
  availability: '/api/orders/availability',
  blacklist: '/api/orders/blacklist',
  confirmateurs: '/api/confirmateur',
  /** The owner's pending invitations. */
  invitations: '/api/confirmateur/invitations',
  deliveryAccounts: '/api/delivery/account',
  tariffs: '/api/ZR/tarification',
  /** One account's stop desks: desks/<accountId>. */
  desks: '/api/ZR/desks',
  saisie: '/api/ZR/saisie',
  /** The key of one period is [statistics, its query]. */
  statistics: '/api/statistics',
} as const;
