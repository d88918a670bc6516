/** How long after this tab saved an order its own change, coming back as a live event, is not refetched. */
export const OWN_SAVE_MS = 5000;

const expected = new Map<string, { status: string; until: number }>();

/**
 * Called as this tab saves an order: the screen puts the server's answer in place itself, so the
 * live event of that same change ("changed" with this status) must not refetch every page of
 * orders (on a slow network, a second round trip after each tap).
 */
export function expectOwnSave(orderId: string, status: string): void {
  expected.set(orderId, { status, until: Date.now() + OWN_SAVE_MS });
}

/** Whether a live event's data is the echo of a save this tab made moments ago. */
export function isOwnSaveEcho(data: string): boolean {
  let event: { orderId?: unknown; status?: unknown; type?: unknown };
  try {
    event = JSON.parse(data) as typeof event;
  } catch {
    return false;
  }
  if (typeof event.orderId !== 'string' || event.type === 'created' || event.type === 'deleted') return false;
  const saved = expected.get(event.orderId);
  if (!saved) return false;
  if (saved.until < Date.now()) {
    expected.delete(event.orderId);
    return false;
  }
  return saved.status === event.status;
}
