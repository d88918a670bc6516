import { startTransition, useEffect, useState } from 'react';

/** How many more cards one task renders when a list grows. */
export const SLICE_SIZE = 25;

/**
 * How many of a list's `length` items to render: all of them at first, and when the list grows
 * (the next page arrived), the new ones a slice per task, so that no single task lays out a
 * hundred cards at once on a slow phone.
 */
export function useGrowingInSlices(length: number): number {
  const [shown, setShown] = useState(length);
  useEffect(() => {
    if (shown > length) setShown(length);
    if (shown >= length) return;
    const timer = setTimeout(() =>
      startTransition(() => setShown((current) => Math.min(current + SLICE_SIZE, length))),
    );
    return () => clearTimeout(timer);
  }, [shown, length]);
  return Math.min(shown, length);
}
