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
    const body = (await response.json().catch(() => undefined)) as { message?: string } | undefined;
    throw new ApiError(response.status, body?.message ?? response.statusText, body?.message);
  }
  return { pdf: await response.blob(), missing: Number(response.headers.get('x-labels-missing') ?? 0) };
}
