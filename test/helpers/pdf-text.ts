/**
 * Reading a PDF as a reader would (pdfjs-dist, Mozilla's PDF engine): the text of each page, in
 * order, with its runs joined by spaces, so tests assert what a document says, not its bytes.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText {
  pages: string[];
  /** Every page's text, one after another. */
  text: string;
  info: Record<string, unknown>;
}

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false });
  const document = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      const runs = content.items
        .map((item) => ('str' in item ? item.str : ''))
        .filter((s) => s.trim() !== '');
      pages.push(runs.join(' ').replace(/\s+/g, ' '));
    }
    const { info } = await document.getMetadata();
    return { pages, text: pages.join('\n'), info: info as Record<string, unknown> };
  } finally {
    await task.destroy();
  }
}
