import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ParcelBook } from './parcel-book';
import type { ParcelRecord } from './parcels';

/** Signs label links: anyone with the link sees the label, nobody guesses one (docs: "publicly accessible"). */
const LABEL_KEY = randomBytes(32);
const tokenOf = (text: string) => createHmac('sha256', LABEL_KEY).update(text).digest('base64url');

export const labelUrl = (baseUrl: string, tracking: string) =>
  `${baseUrl}/app/bordereau.php?tracking=${tracking}&token=${tokenOf(tracking)}`;

/** A one-page PDF per parcel, written by hand: enough for a merge to count pages. */
export function labelPdf(parcels: ParcelRecord[]): Buffer {
  const ascii = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/[()\\]/g, '');
  const pages = parcels.map((p) =>
    [
      p.tracking,
      `${p.firstname} ${p.familyname} - ${p.contact_phone}`,
      `${p.to_commune_name}, ${p.to_wilaya_name}${p.stopdesk_name ? ` (${p.stopdesk_name})` : ''}`,
      `${p.product_list} - ${p.price} DA`,
    ]
      .map((line, i) => `BT /F1 ${i === 0 ? 20 : 12} Tf 40 ${380 - i * 30} Td (${ascii(line)}) Tj ET`)
      .join('\n'),
  );
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const kids: string[] = [];
  for (const content of pages) {
    const pageId = objects.length + 1;
    kids.push(`${pageId} 0 R`);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 420] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    );
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${kids.length} >>`;
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = Buffer.byteLength(pdf);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** `/app/bordereau.php?tracking=&token=` (one label) or `?import_id=` (the labels of one creation). */
export function labelRoutes(app: FastifyInstance, book: ParcelBook): void {
  app.get<{ Querystring: { tracking?: string; import_id?: string; token?: string } }>(
    '/app/bordereau.php',
    async (request, reply) => {
      const { tracking, import_id: importId, token } = request.query;
      const key = tracking ?? `import-${importId}`;
      if (!token || token !== tokenOf(key)) return reply.status(403).send('Lien invalide');
      const parcels = tracking
        ? [book.get(tracking)].filter((p): p is ParcelRecord => !!p)
        : book.records().filter((p) => String(p.import_id) === importId);
      if (parcels.length === 0) return reply.status(404).send('Bordereau introuvable');
      return reply.type('application/pdf').send(labelPdf(parcels));
    },
  );
}

export const importLabelsUrl = (baseUrl: string, importId: number) =>
  `${baseUrl}/app/bordereau.php?import_id=${importId}&token=${tokenOf(`import-${importId}`)}`;
