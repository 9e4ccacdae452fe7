/**
 * A PDF thread keeps Roboto parsed and measures a document's text once per render: a request
 * gives the same bytes however many renders its thread made before it, and whatever they held
 * (ligature characters, names in other Latin scripts), as a new thread gives.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { DocumentModel, PdfRequest } from '../../src/crm/documents/document-model.js';
import { pdfRenderer } from '../../src/crm/documents/pdf/pdf-renderer.js';
import { pdfText } from '../helpers/pdf-text.js';

function request(subtitle: string, lines: number): PdfRequest {
  const model: DocumentModel = {
    kind: 'proposal',
    title: 'Proposal',
    subtitle,
    venue: { name: 'Château Ærø', address: ['1 Quay Street', 'Bristol'], logo: null },
    meta: [{ label: 'Reference', value: 'BK-00042 v1' }],
    recipient: { heading: 'Prepared for', lines: ['Zoë Łukasiewicz-Ğür', 'Bristol'] },
    introduction: [{ text: 'Thank you for your enquiry — “our offer” for £1,200, €1.400 or ¥180,000.' }],
    sections: Array.from({ length: 6 }, (_, s) => ({
      heading: `Event ${s + 1}`,
      blocks: [
        {
          type: 'table' as const,
          columns: [
            { label: 'Item', align: 'left' as const, width: 'fill' as const },
            { label: 'Total', align: 'right' as const, width: 'auto' as const },
          ],
          groups: [
            {
              rows: Array.from({ length: lines }, (_, n) => ({
                cells: [`Line ${n + 1}: fine office flowers`, '£45.00'],
                detail: 'Seasonal menu: chilled soup, slow-roast lamb and lemon tart. '.repeat(4),
              })),
            },
          ],
        },
      ],
    })),
    terms: { heading: 'Terms', paragraphs: [{ text: 'A deposit of 25% is due on signing.' }] },
    footer: 'Château Ærø · 1 Quay Street',
    name: 'Proposal BK-00042 v1',
    pageSize: 'A4',
  };
  return { model, logo: null, watermark: 'Draft', createdAt: '2027-03-01T14:05:09Z' };
}

describe('PDF threads', () => {
  const used = pdfRenderer(1);
  const fresh = pdfRenderer(1);
  after(async () => {
    await used.close();
    await fresh.close();
  });

  it('render a request to the same bytes whatever their thread rendered before', async () => {
    const asked = request('Wedding of Ama & Kofi — fine flowers, office suite', 5);
    await used.render(request('Ligatures ﬁne ﬂowers ﬀ, Ωmega ½ ‰ ™ Ğ ß', 12));
    await used.render(asked);
    const again = await used.render(asked);
    const first = await fresh.render(asked);
    assert.deepEqual(Buffer.from(again), Buffer.from(first));
    const { text, pages } = await pdfText(first);
    assert.ok(pages.length > 1, `${pages.length} pages`);
    for (const words of ['Zoë Łukasiewicz-Ğür', 'Château Ærø', 'fine office flowers', '¥180,000']) {
      assert.ok(text.includes(words), `${words} in ${text.slice(0, 400)}`);
    }
  });
});
