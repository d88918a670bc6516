/** Every SWR key of the app, in one place. */
export const swrKeys = {
  me: '/api/users/me',
  stores: '/api/stores/youcan',
} as const;
