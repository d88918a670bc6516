import { useCallback, useEffect, useState } from 'react';

const SHOWN_MS = 4000;

/** A short confirmation at the bottom of the screen ("Order 00042 saved"), gone after a few seconds. */
export function useToast(): [string | undefined, (text: string) => void] {
  const [toast, setToast] = useState<{ text: string; at: number }>();
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(undefined), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  const show = useCallback((text: string) => setToast({ text, at: Date.now() }), []);
  return [toast?.text, show];
}

export function Toast({ text }: { text?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4"
    >
      {text && (
        <p
          data-testid="toast"
          className="max-w-full break-words rounded-md bg-slate-900 px-4 py-3 text-sm text-white shadow-lg"
        >
          {text}
        </p>
      )}
    </div>
  );
}
