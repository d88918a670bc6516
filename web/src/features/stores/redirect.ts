/** Sends the browser to another site (YouCan's consent page). Its own module so tests can stand in for it. */
export function sendBrowserTo(url: string): void {
  window.location.assign(url);
}
