/**
 * A document model as HTML (SPEC §13): the page side of the one model the PDF is drawn from
 * (src/crm/documents/pdf/), for the client's portal and the workspace's preview. The same
 * sections, tables, totals and words in the same order, so a client reading on a phone and one
 * reading the PDF read the same document. Tables become one card per row on a narrow screen,
 * each value labelled by its column.
 */
import {
  type Block,
  type DocumentModel,
  type Fact,
  type IssuedStamp,
  type Paragraph,
  shownMeta,
  type Watermark,
} from '../crm/documents/index.js';
import { escapeHtml, html, SafeHtml } from './html.js';

export interface DocumentHtmlOptions {
  /** The level of the document's title heading (its sections are one below). */
  level: 1 | 2;
  /** The logo's bytes, shown inline (the page's CSP allows data: images only). */
  logo: { bytes: Uint8Array; mediaType: string } | null;
  watermark: Watermark;
  issued?: IssuedStamp | undefined;
}

/** A heading of the level given (its tag is made here; its text and attributes are escaped). */
function heading(level: number, text: string, attributes?: SafeHtml): SafeHtml {
  const tag = `h${Math.min(level, 6)}`;
  return new SafeHtml(`<${tag}${attributes ? ` ${attributes.value}` : ''}>${escapeHtml(text)}</${tag}>`);
}

/** Text with its line breaks kept. */
function lines(text: string): SafeHtml {
  const parts = text.split('\n');
  return html`${parts.map((part, i) => html`${i > 0 ? html`<br />` : ''}${part}`)}`;
}

function paragraphs(list: readonly Paragraph[], level: number): SafeHtml {
  return html`${list.map((p) =>
    p.heading ? heading(level, p.text, html`class="doc-subheading"`) : html`<p>${lines(p.text)}</p>`,
  )}`;
}

function facts(list: readonly Fact[], className: string): SafeHtml {
  return html`<dl class="${className}">
    ${list.map((f) => html`<div><dt>${f.label}</dt><dd>${lines(f.value)}</dd></div>`)}
  </dl>`;
}

function table(block: Extract<Block, { type: 'table' }>, level: number): SafeHtml {
  const span = block.columns.length;
  const align = (i: number) => (block.columns[i]?.align === 'right' ? 'num' : '');
  const body = block.groups.map(
    (group) => html`<tbody>
      ${group.heading ? html`<tr class="doc-group"><th scope="rowgroup" colspan="${span}">${group.heading}</th></tr>` : ''}
      ${group.rows.map(
        (row) => html`<tr>
          ${row.cells.map((cell, i) =>
            i === 0
              ? html`<td class="doc-item">${cell}${row.detail ? html`<span class="doc-detail">${row.detail}</span>` : ''}</td>`
              : html`<td class="${align(i)}" data-label="${block.columns[i]?.label ?? ''}">${cell}</td>`,
          )}
        </tr>`,
      )}
    </tbody>`,
  );
  const foot = block.foot
    ? html`<tfoot><tr><th scope="row" colspan="${span - 1}">${block.foot.label}</th><td class="num">${block.foot.value}</td></tr></tfoot>`
    : '';
  return html`${block.caption ? heading(level, block.caption, html`class="doc-caption"`) : ''}
    <div class="doc-table-wrap"><table class="doc-table">
      <thead><tr>${block.columns.map((c, i) => html`<th scope="col" class="${align(i)}">${c.label}</th>`)}</tr></thead>
      ${body}${foot}
    </table></div>`;
}

function block(item: Block, level: number): SafeHtml {
  switch (item.type) {
    case 'facts':
      return facts(item.facts, 'doc-facts');
    case 'table':
      return table(item, level);
    case 'totals':
      return html`<div class="doc-totals">
        <dl>${item.rows.map(
          (row) => html`<div class="${row.emphasis ?? ''}"><dt>${row.label}</dt><dd>${row.value}</dd></div>`,
        )}</dl>
        ${item.notes.map((note) => html`<p class="doc-note">${note}</p>`)}
      </div>`;
    case 'paragraphs':
      return paragraphs(item.paragraphs, level);
    case 'notes':
      return html`<ul class="doc-notes">${item.notes.map(
        (n) => html`<li><p class="doc-label">${n.about}</p><p>${lines(n.text)}</p></li>`,
      )}</ul>`;
  }
}

function logoSource(logo: NonNullable<DocumentHtmlOptions['logo']>): string {
  return `data:${logo.mediaType};base64,${Buffer.from(logo.bytes).toString('base64')}`;
}

export function documentHtml(model: DocumentModel, options: DocumentHtmlOptions): SafeHtml {
  const top = options.level;
  const venue = options.logo
    ? html`<img class="doc-logo" src="${logoSource(options.logo)}" alt="${model.venue.name}" />
        <p class="doc-venue-name small">${model.venue.name}</p>`
    : html`<p class="doc-venue-name">${model.venue.name}</p>`;
  return html`<article class="doc${options.watermark ? ' doc-marked' : ''}" aria-labelledby="doc-title" ${options.watermark ? html`data-mark="${options.watermark}"` : ''}>
    ${options.watermark ? html`<p class="doc-watermark">${options.watermark}</p>` : ''}
    <header class="doc-head">
      <div class="doc-venue">${venue}${model.venue.address.map((line) => html`<p class="doc-address">${line}</p>`)}</div>
      <div class="doc-meta"><p class="doc-kind">${model.title}</p>${facts(shownMeta(model, options.issued), 'doc-meta-facts')}</div>
    </header>
    <div class="doc-recipient">
      <p class="doc-label">${model.recipient.heading}</p>
      <p>${model.recipient.lines.map((line, i) => (i === 0 ? html`<strong>${line}</strong>` : html`<br />${line}`))}</p>
    </div>
    ${heading(top, model.subtitle, html`id="doc-title" class="doc-title"`)}
    <div class="doc-intro">${paragraphs(model.introduction, top + 2)}</div>
    ${model.sections.map(
      (section) => html`<section class="doc-section">
        ${heading(top + 1, section.heading, html`class="doc-section-heading"`)}
        ${section.subheading ? html`<p class="doc-detail">${section.subheading}</p>` : ''}
        ${section.blocks.map((b) => block(b, top + 2))}
      </section>`,
    )}
    ${
      model.terms
        ? html`<section class="doc-section doc-terms">${heading(top + 1, model.terms.heading, html`class="doc-section-heading"`)}${paragraphs(model.terms.paragraphs, top + 2)}</section>`
        : ''
    }
    ${model.footer ? html`<footer class="doc-foot"><p>${model.footer}</p></footer>` : ''}
  </article>`;
}
