/**
 * A document model's blocks as pdfmake content (pure): facts as a two-column table, tables whose
 * heading row repeats over a page break and whose groups' headings sit in their first row (a
 * page never ends on a heading alone), totals at the right with what a figure includes beneath,
 * notes, and the signature page of an accepted proposal.
 */
import type { Content, TableLayout, TableNode } from 'pdfmake';
import type { Block, Fact, Paragraph, SignaturePage, TableColumn } from '../document-model.js';
import { INK, RULE } from './pdf-styles.js';

const columnsOf = (node: TableNode) => (Array.isArray(node.table.widths) ? node.table.widths.length : 1);

/** Rules between rows only, no outer ones, and no padding at the table's edges. */
export const lineLayout: TableLayout = {
  hLineWidth: (i, node) => (i === 0 || i === node.table.body.length ? 0 : 0.5),
  vLineWidth: () => 0,
  hLineColor: () => RULE,
  paddingLeft: (i) => (i === 0 ? 0 : 6),
  paddingRight: (i, node) => (i === columnsOf(node) - 1 ? 0 : 6),
  paddingTop: () => 5,
  paddingBottom: () => 5,
};

export const plainLayout: TableLayout = {
  hLineWidth: () => 0,
  vLineWidth: () => 0,
  paddingLeft: () => 0,
  paddingRight: () => 8,
  paddingTop: () => 2,
  paddingBottom: () => 2,
};

export function paragraphs(list: readonly Paragraph[]): Content[] {
  return list.map((p) =>
    p.heading
      ? { text: p.text, style: 'termsHeading', headlineLevel: 2 }
      : { text: p.text, style: 'body', margin: [0, 0, 0, 6] },
  );
}

export function factsTable(facts: readonly Fact[]): Content {
  // pdfmake cannot lay out a table without rows.
  if (facts.length === 0) return '';
  return {
    table: {
      widths: [120, '*'],
      body: facts.map((f) => [
        { text: f.label, style: 'label' },
        { text: f.value, style: 'body' },
      ]),
    },
    layout: lineLayout,
    margin: [0, 0, 0, 8],
  };
}

function widthOf(column: TableColumn): string {
  return column.width === 'fill' ? '*' : 'auto';
}

function tableBlock(block: Extract<Block, { type: 'table' }>): Content {
  const span = block.columns.length;
  const header: Content[] = block.columns.map((c) => ({
    text: c.label,
    style: 'tableHead',
    alignment: c.align,
    noWrap: c.align === 'right',
  }));
  // The caption is a heading row: it repeats over a page break with the column names, and never
  // ends a page without a row of its own under it.
  const caption: Content[][] = block.caption
    ? [
        [
          { text: block.caption, style: 'caption', colSpan: span },
          ...Array.from({ length: span - 1 }, () => ({ text: '' })),
        ],
      ]
    : [];
  const body: Content[][] = [...caption, header];
  for (const group of block.groups) {
    // A group's heading sits in its first row, so a page never ends on a heading alone.
    group.rows.forEach((row, index) => {
      const heading = index === 0 && group.heading ? group.heading : undefined;
      const lift = heading ? 15 : 0;
      body.push(
        row.cells.map((cell, i): Content => {
          const align = block.columns[i]?.align ?? 'left';
          if (i === 0) {
            return {
              stack: [
                ...(heading ? [{ text: heading.toUpperCase(), style: 'groupHead' }] : []),
                { text: cell, style: 'body' },
                ...(row.detail ? [{ text: row.detail, style: 'detail' }] : []),
              ],
            };
          }
          return {
            text: cell,
            style: 'body',
            alignment: align,
            noWrap: align === 'right',
            margin: [0, lift, 0, 0],
          };
        }),
      );
    });
  }
  if (block.foot) {
    body.push([
      { text: block.foot.label, style: 'footLabel', colSpan: span - 1, alignment: 'right' },
      ...Array.from({ length: span - 2 }, () => ({ text: '' })),
      { text: block.foot.value, style: 'footValue', alignment: 'right', noWrap: true },
    ]);
  }
  return {
    table: {
      headerRows: caption.length + 1,
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths: block.columns.map(widthOf),
      body,
    },
    layout: lineLayout,
    margin: [0, caption.length ? 4 : 0, 0, 12],
  };
}

function totalsBlock(block: Extract<Block, { type: 'totals' }>): Content {
  const body: Content[][] = block.rows.map((row) => {
    const style = row.emphasis === 'grand' ? 'grandLabel' : 'body';
    return [
      { text: row.label, style },
      {
        text: row.value,
        style: row.emphasis === 'grand' ? 'grandValue' : 'body',
        alignment: 'right',
        noWrap: true,
      },
    ];
  });
  return {
    columns: [
      { width: '*', text: '' },
      {
        width: 240,
        stack: [
          {
            table: { widths: ['*', 'auto'], body },
            layout: {
              ...lineLayout,
              hLineWidth: (i: number) => (i === 0 ? 0 : 0.5),
              hLineColor: (i: number) => (block.rows[i]?.emphasis === 'grand' ? INK : RULE),
            } satisfies TableLayout,
          },
          ...block.notes.map((note) => ({ text: note, style: 'note', margin: [0, 4, 0, 0] })),
        ],
      },
    ],
    margin: [0, 0, 0, 12],
    unbreakable: true,
  } as Content;
}

export function blockContent(block: Block): Content {
  switch (block.type) {
    case 'facts':
      return factsTable(block.facts);
    case 'table':
      return tableBlock(block);
    case 'totals':
      return totalsBlock(block);
    case 'paragraphs':
      return { stack: paragraphs(block.paragraphs), margin: [0, 0, 0, 8] };
    case 'notes':
      return {
        stack: block.notes.map((n) => ({
          stack: [
            { text: n.about, style: 'label' },
            { text: n.text, style: 'body' },
          ],
          margin: [0, 0, 0, 8],
          unbreakable: true,
        })),
      };
  }
}

export function signatureContent(page: SignaturePage): Content[] {
  return [
    { text: 'Acceptance', style: 'sectionHeading', pageBreak: 'before' },
    {
      text: `${page.documentName} was accepted online through the link ${page.venue} sent for it. This page records the acceptance; the pages before it are the document as it was shown.`,
      style: 'body',
      margin: [0, 0, 0, 16],
    },
    { text: page.name, style: 'signatureName' },
    {
      canvas: [{ type: 'line', x1: 0, y1: 0, x2: 260, y2: 0, lineWidth: 0.75, lineColor: INK }],
      margin: [0, 2, 0, 4],
    },
    { text: 'Name typed by the client, who ticked “I agree”', style: 'detail', margin: [0, 0, 0, 20] },
    factsTable([
      { label: 'Accepted by', value: page.name },
      { label: 'Time', value: page.signedAt },
      { label: 'Address', value: page.address },
      { label: 'Browser', value: page.userAgent || 'Not given' },
      { label: 'Document shown', value: page.documentName },
      { label: 'SHA-256 of its PDF', value: page.seenSha256 },
    ]),
  ];
}
