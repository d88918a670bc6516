import type { FastifyInstance } from 'fastify';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { tenantOf } from './auth';
import { labelPdf } from './label-pdf';
import type { StoredParcel } from './parcel-model';
import { problem } from './problem';
import type { Tenants } from './tenants';

/** Where label files are served: outside `/api/v1`, reachable with the signed URL alone. */
const FILES = '/_files/labels';

/** Signs label links with a key that lives as long as the process. */
export function labelSigner() {
  const secret = randomBytes(32);
  return (tenantId: string, tracking: string, expires: number) =>
    createHmac('sha256', secret).update(`${tenantId}\n${tracking}\n${expires}`).digest('base64url');
}

type Signer = ReturnType<typeof labelSigner>;

/**
 * Labels as ZR hands them out: `POST /parcels/labels/individual/pdf` answers one signed URL per
 * tracking number (like an Azure SAS link, it works without the API headers until it expires).
 */
export function registerLabelLinks(api: FastifyInstance, signature: Signer, ttlMs: () => number) {
  api.post<{ Body: { trackingNumbers?: unknown } | undefined }>(
    '/parcels/labels/individual/pdf',
    async (request, reply) => {
      const trackingNumbers = request.body?.trackingNumbers;
      if (!Array.isArray(trackingNumbers) || trackingNumbers.length === 0)
        return problem(reply, 400, 'Bad Request', 'TrackingNumbers is required', [
          { code: 'NotEmptyValidator', description: 'TrackingNumbers is required' },
        ]);
      const tenant = tenantOf(request);
      const byTracking = new Map(
        [...tenant.parcels.values()].map((parcel) => [parcel.trackingNumber, parcel]),
      );
      const base = `${request.protocol}://${request.headers.host}`;
      const expires = Date.now() + ttlMs();
      const known = trackingNumbers.filter((tracking) => byTracking.has(String(tracking))).map(String);
      return {
        parcelLabelFiles: known.map((tracking) => ({
          trackingNumber: tracking,
          fileUrl:
            `${base}${FILES}/${tenant.id}/${encodeURIComponent(tracking)}.pdf` +
            `?se=${expires}&sig=${signature(tenant.id, tracking, expires)}`,
        })),
        failedTrackingNumbers: trackingNumbers
          .filter((tracking) => !byTracking.has(String(tracking)))
          .map(String),
      };
    },
  );
}

/** The label files behind the signed links: 403 when the signature is wrong or expired. */
export function registerLabelFiles(root: FastifyInstance, tenants: Tenants, signature: Signer) {
  root.get<{ Params: { tenantId: string; file: string }; Querystring: { se?: string; sig?: string } }>(
    `${FILES}/:tenantId/:file`,
    async (request, reply) => {
      const tracking = request.params.file.replace(/\.pdf$/, '');
      const expires = Number(request.query.se);
      const expected = Buffer.from(signature(request.params.tenantId, tracking, expires));
      const given = Buffer.from(String(request.query.sig ?? ''));
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return reply.status(403).type('text/plain').send('Signature did not match');
      if (!(expires > Date.now())) return reply.status(403).type('text/plain').send('Signed URL expired');
      const parcel = [...(tenants.get(request.params.tenantId)?.parcels.values() ?? [])].find(
        (candidate) => candidate.trackingNumber === tracking,
      );
      if (!parcel) return reply.status(404).type('text/plain').send('Label not found');
      return reply.type('application/pdf').send(labelPdf(labelLines(parcel)));
    },
  );
}

function labelLines(parcel: StoredParcel): string[] {
  const { request } = parcel;
  return [
    'ZR Express',
    parcel.trackingNumber,
    request.customer.name,
    request.customer.phone.number1,
    `${parcel.district.name}, ${parcel.city.code} ${parcel.city.name}`,
    parcel.hub ? `Point relais: ${parcel.hub.name}` : 'Livraison a domicile',
    `Montant: ${request.amount} DA`,
    `Ref: ${request.externalId ?? '-'}`,
  ];
}
