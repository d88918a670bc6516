/**
 * The route of a request as a metrics label: API and health routes by their template (ids stay
 * out of labels), the web app's pages and files as one, and requests no route matched as another.
 */
export function routeLabel(route?: string): string {
  if (route === undefined) return 'unmatched';
  return route.startsWith('/api/') || route.startsWith('/health/') ? route : '/*';
}
