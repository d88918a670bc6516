import { errorBodyOf, serverText } from '../../i18n/server-text';
import { ApiError, authorizedFetch } from '../../lib/api-client';

export type LabelsTarget = { orderIds: string[] } | { saisieId: string };

/** The carriers' labels of the parcels, merged into one PDF, with how many orders had none. */
export async function fetchLabels(target: LabelsTarget): Promise<{ pdf: Blob; missing: number }> {
  const response = await authorizedFetch('/api/ZR/labels', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(target),
  });
  if (!response.ok) {
    const body = errorBodyOf(await response.text().catch(() => ''));
    const serverMessage = serverText(body);
    throw new ApiError(response.status, serverMessage ?? response.statusText, serverMessage, body);
  }
  return { pdf: await response.blob(), missing: Number(response.headers.get('x-labels-missing') ?? 0) };
}
