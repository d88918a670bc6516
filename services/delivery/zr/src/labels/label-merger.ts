import { PDFDocument } from 'pdf-lib';

/** One PDF holding every page of the given PDFs, in order; a file that is not a PDF is skipped. */
export async function mergePdfs(
  files: Uint8Array[],
): Promise<{ pdf: Uint8Array; pages: number; merged: number }> {
  const merged = await PDFDocument.create();
  let count = 0;
  for (const file of files) {
    let source: PDFDocument;
    try {
      source = await PDFDocument.load(file);
    } catch {
      continue;
    }
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
    count++;
  }
  return { pdf: await merged.save(), pages: merged.getPageCount(), merged: count };
}
