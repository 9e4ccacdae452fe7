/**
 * A document model as a pdfmake document definition (pure): the PDF side of the one model the
 * portal and the workspace preview draw as HTML (src/web/document-html.ts). A4 or US Letter as
 * the model says, Roboto embedded (Latin-1, €, £, ¥, typographic quotes and dashes),
 * tables whose heading rows repeat over a page break, a heading never left alone at the foot of a
 * page, the footer template and "Page 2 of 10" on every page, and a watermark on drafts and voids.
 */
import type { Content, DocumentDefinition, TableLayout } from 'pdfmake';
import { shownMeta } from '../document-meta.js';
import type { DocumentModel, Fact, PdfRequest } from '../document-model.js';
import { blockContent, paragraphs, plainLayout, signatureContent } from './pdf-blocks.js';
import { INK, PDF_STYLES } from './pdf-styles.js';

function masthead(model: DocumentModel, hasLogo: boolean, meta: readonly Fact[]): Content {
  const venue: Content[] = [
    hasLogo
      ? { image: 'logo', fit: [180, 64], margin: [0, 0, 0, 8] }
      : { text: model.venue.name, style: 'venueName' },
    ...(hasLogo ? [{ text: model.venue.name, style: 'venueLine', bold: true }] : []),
    ...model.venue.address.map((line) => ({ text: line, style: 'venueLine' })),
  ];
  return {
    columns: [
      { width: '*', stack: venue },
      {
        width: 'auto',
        stack: [
          { text: model.title.toUpperCase(), style: 'docTitle', alignment: 'right' },
          // pdfmake cannot lay out a table without rows.
          meta.length === 0
            ? ''
            : {
                table: {
                  body: meta.map((f) => [
                    { text: f.label, style: 'label', alignment: 'right' },
                    { text: f.value, style: 'metaValue', alignment: 'right' },
                  ]),
                },
                layout: {
                  ...plainLayout,
                  paddingRight: (i: number) => (i === 0 ? 8 : 0),
                } satisfies TableLayout,
              },
        ],
      },
    ],
    columnGap: 24,
    margin: [0, 0, 0, 20],
  };
}

/** The definition of the PDF a request asks for. */
export function pdfDefinition(request: PdfRequest): DocumentDefinition {
  const { model } = request;
  const meta = shownMeta(model, request.issued);
  const content: Content[] = [
    masthead(model, request.logo !== null, meta),
    {
      columns: [
        {
          width: '*',
          stack: [
            { text: model.recipient.heading, style: 'label' },
            ...model.recipient.lines.map((line, i) => ({
              text: line,
              style: i === 0 ? 'recipientName' : 'body',
            })),
          ],
        },
      ],
      margin: [0, 0, 0, 16],
    },
    { text: model.subtitle, style: 'subtitle' },
    ...paragraphs(model.introduction),
  ];
  for (const section of model.sections) {
    const [first, ...rest] = section.blocks;
    // A heading stays with a block that does not break (totals, facts, notes): they move together,
    // as one unbreakable stack, and the heading inside it is not also moved by pageBreakBefore
    // (pdfmake drops an unbreakable stack whose node it was asked to move: the stack and its page
    // came out empty). A heading before a table is moved on by pageBreakBefore instead.
    const together = first !== undefined && first.type !== 'table';
    const head: Content[] = [
      { text: section.heading, style: 'sectionHeading', ...(together ? {} : { headlineLevel: 1 }) },
    ];
    if (section.subheading) head.push({ text: section.subheading, style: 'detail' });
    if (together) content.push({ stack: [...head, blockContent(first)], unbreakable: true });
    else content.push(...head, ...(first ? [blockContent(first)] : []));
    content.push(...rest.map(blockContent));
  }
  if (model.terms) {
    content.push({ text: model.terms.heading, style: 'sectionHeading', headlineLevel: 1 });
    content.push(...paragraphs(model.terms.paragraphs));
  }
  if (request.signature) content.push(...signatureContent(request.signature));
  return {
    pageSize: model.pageSize,
    pageMargins: [48, 48, 48, 56],
    info: {
      title: model.name,
      author: model.venue.name,
      subject: model.subtitle,
      creator: 'Marquee',
      producer: 'Marquee',
      creationDate: new Date(request.createdAt),
      modDate: new Date(request.createdAt),
    },
    ...(request.logo
      ? {
          images: {
            logo: `data:${request.logo.mediaType};base64,${Buffer.from(request.logo.bytes).toString('base64')}`,
          },
        }
      : {}),
    ...(request.watermark
      ? { watermark: { text: request.watermark.toUpperCase(), color: '#9aa4b2', opacity: 0.18, bold: true } }
      : {}),
    content,
    // A signature page follows the document's pages without changing them: they read as they
    // did when the client was shown them ("Page 2 of 2"), and it reads as what it is.
    footer: (page: number, pages: number) => {
      const accepted = request.signature !== undefined && page === pages;
      const count = request.signature ? pages - 1 : pages;
      return {
        columns: [
          { text: model.footer, style: 'footer', width: '*' },
          {
            text: accepted ? 'Acceptance' : `Page ${page} of ${count}`,
            style: 'footer',
            alignment: 'right',
            width: 'auto',
          },
        ],
        margin: [48, 20, 48, 0],
      };
    },
    // A heading is never the last thing on a page, nor in its last lines, where what it heads
    // (a table's caption, its column names and a first row) could not follow it: it moves on.
    pageBreakBefore: (node, queries) =>
      node.headlineLevel !== undefined &&
      (queries.getFollowingNodesOnPage().length === 0 || (node.startPosition?.verticalRatio ?? 0) > 0.82),
    defaultStyle: { font: 'Roboto', fontSize: 9.5, color: INK, lineHeight: 1.25 },
    styles: PDF_STYLES,
  };
}
