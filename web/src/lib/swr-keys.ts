/** Every SWR key of the app, in one place. */
export const swrKeys = {
  me: '/api/users/me',
  stores: '/api/stores/youcan',
  /** Paged: the key of a page is [orders, its query]. */
  orders: '/api/orders/youcan',
  confirmateurs: '/api/confirmateur',
  deliveryAccounts: '/api/delivery/account',
  tariffs: '/api/ZR/tarification',
  saisie: '/api/ZR/saisie',
  /** The key of one period is [statistics, its query]. */
  statistics: '/api/statistics',
} as const;
