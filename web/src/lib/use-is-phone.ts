import { useSyncExternalStore } from 'react';

/** Below Tailwind's `md` breakpoint: the screens agents use all day. */
const PHONE = '(max-width: 767px)';

const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(PHONE) : undefined);

function subscribe(onChange: () => void) {
  const media = query();
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

/** True on a phone-sized screen; follows rotation and resizing. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? false);
}
