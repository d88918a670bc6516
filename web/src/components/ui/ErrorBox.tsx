/** The red box above a form that says why the server refused it. */
export function ErrorBox({ message }: { message: string }) {
  return (
    <div
      role="alert"
      data-testid="form-error"
      className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-700"
    >
      {message}
    </div>
  );
}
