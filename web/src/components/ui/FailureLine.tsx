/** A short red line saying what failed, announced to screen readers. */
export function FailureLine({ text }: { text: string }) {
  return (
    <p role="alert" className="text-sm text-red-600">
      {text}
    </p>
  );
}
