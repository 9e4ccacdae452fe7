/**
 * A document as a page (src/web/document-html.ts): paper-white whatever the screen's scheme, the
 * venue at the top left and what the document is at the top right, tables with their figures
 * aligned right, totals at the right with what they include beneath. On a phone the header
 * stacks and each table row becomes a card whose values are labelled by their columns; nothing
 * scrolls sideways. The portal's frame (.portal) and the client's accept form sit around it.
 */
export const DOCUMENT_STYLES = `
.doc { --doc-ink: #1d2433; --doc-muted: #5a6576; --doc-rule: #d5dae1; --doc-accent: #243b63; --doc-shade: #f3f5f8;
  color-scheme: light; position: relative; background: #fff; color: var(--doc-ink); border: 1px solid var(--doc-rule);
  border-radius: .5rem; padding: 2.5rem 2.75rem; box-shadow: 0 1px 2px rgb(16 24 40 / .06), 0 8px 28px rgb(16 24 40 / .06);
  font-size: .95rem; line-height: 1.5; overflow-wrap: anywhere; }
.doc p { margin: 0 0 .6rem; }
.doc a { color: var(--doc-accent); }
.doc-watermark { position: absolute; top: 1rem; left: 50%; transform: translateX(-50%); margin: 0; padding: .15rem .75rem;
  border: 2px solid #8a94a3; border-radius: .3rem; color: #4b5563; font-weight: 700; letter-spacing: .2em; text-transform: uppercase; font-size: .8rem; }
.doc-head { display: flex; justify-content: space-between; gap: 1.5rem; align-items: flex-start; margin-bottom: 1.75rem; }
.doc-venue-name { font-size: 1.45rem; font-weight: 700; color: var(--doc-accent); margin-bottom: .25rem; }
.doc-venue-name.small { font-size: 1rem; }
.doc-logo { display: block; max-width: 13rem; max-height: 4.5rem; width: auto; height: auto; margin-bottom: .5rem; }
.doc-address { color: var(--doc-muted); font-size: .85rem; margin: 0 !important; }
.doc-meta { text-align: right; }
.doc-kind { font-size: 1.5rem; font-weight: 700; letter-spacing: .12em; text-transform: uppercase; color: var(--doc-accent); margin-bottom: .4rem !important; }
dl.doc-meta-facts { margin: 0; display: grid; grid-template-columns: auto auto; gap: .1rem .75rem; justify-content: end; font-size: .875rem; }
dl.doc-meta-facts div { display: contents; }
dl.doc-meta-facts dt { color: var(--doc-muted); }
dl.doc-meta-facts dd { margin: 0; font-weight: 600; }
.doc-label { color: var(--doc-muted); font-size: .75rem; font-weight: 700; letter-spacing: .05em; text-transform: uppercase; margin: 0 0 .2rem !important; }
.doc-recipient { margin-bottom: 1.5rem; }
.doc-title { font-size: 1.6rem; margin: 0 0 .9rem; color: var(--doc-ink); }
.doc-section { margin-top: 2rem; }
.doc .doc-section-heading { font-size: 1.2rem; color: var(--doc-accent); margin: 0 0 .75rem; padding-bottom: .35rem; border-bottom: 2px solid var(--doc-accent); }
.doc .doc-caption { font-size: 1rem; margin: 1.25rem 0 .4rem; color: var(--doc-ink); }
.doc .doc-subheading { font-size: 1rem; margin: 1rem 0 .3rem; color: var(--doc-ink); }
.doc-detail { display: block; color: var(--doc-muted); font-size: .85rem; }
.doc-table-wrap { margin: 0 0 1rem; }
table.doc-table { width: 100%; border-collapse: collapse; margin: 0; font-size: .92rem; }
table.doc-table th, table.doc-table td { padding: .55rem .5rem; border-bottom: 1px solid var(--doc-rule); text-align: left; vertical-align: top; }
table.doc-table th:first-child, table.doc-table td:first-child { padding-left: 0; }
table.doc-table th:last-child, table.doc-table td:last-child { padding-right: 0; }
table.doc-table thead th { color: var(--doc-muted); font-size: .75rem; letter-spacing: .05em; text-transform: uppercase; border-bottom-width: 2px; }
table.doc-table .num { text-align: right; white-space: nowrap; }
table.doc-table tr.doc-group th { color: var(--doc-accent); font-size: .75rem; letter-spacing: .08em; text-transform: uppercase; padding-top: .9rem; border-bottom: none; }
table.doc-table tfoot th { text-align: right; font-weight: 500; color: var(--doc-muted); border-bottom: none; }
table.doc-table tfoot td { font-weight: 700; border-bottom: none; }
dl.doc-facts { display: grid; grid-template-columns: minmax(9rem, auto) 1fr; margin: 0; }
dl.doc-facts div { display: contents; }
dl.doc-facts dt, dl.doc-facts dd { padding: .45rem 0; border-bottom: 1px solid var(--doc-rule); margin: 0; }
dl.doc-facts dt { color: var(--doc-muted); font-weight: 600; font-size: .85rem; padding-right: 1rem; }
.doc-totals { margin-left: auto; max-width: 22rem; }
.doc-totals dl { margin: 0; }
.doc-totals dl div { display: flex; justify-content: space-between; gap: 1rem; padding: .4rem 0; border-bottom: 1px solid var(--doc-rule); }
.doc-totals dt { margin: 0; }
.doc-totals dd { margin: 0; white-space: nowrap; }
.doc-totals dl div.grand { font-weight: 700; font-size: 1.1rem; border-top: 1.5px solid var(--doc-ink); }
.doc-note { color: var(--doc-muted); font-style: italic; font-size: .85rem; margin: .4rem 0 0 !important; }
ul.doc-notes { list-style: none; margin: 0; padding: 0; }
ul.doc-notes li { padding: .6rem 0; border-bottom: 1px solid var(--doc-rule); }
.doc-foot { margin-top: 2rem; padding-top: .75rem; border-top: 1px solid var(--doc-rule); color: var(--doc-muted); font-size: .8rem; }
@media (max-width: 40rem) {
  .doc { padding: 1.25rem 1rem; border-radius: .35rem; font-size: .95rem; }
  .doc-watermark { position: static; transform: none; display: inline-block; margin-bottom: .75rem !important; }
  .doc-head { flex-direction: column; gap: .75rem; }
  .doc-meta { text-align: left; }
  dl.doc-meta-facts { justify-content: start; }
  .doc-title { font-size: 1.35rem; }
  table.doc-table thead { display: none; }
  table.doc-table, table.doc-table tbody, table.doc-table tfoot, table.doc-table tr, table.doc-table td, table.doc-table th { display: block; }
  table.doc-table tr { border-bottom: 1px solid var(--doc-rule); padding: .5rem 0; }
  table.doc-table td, table.doc-table th { border: none; padding: .1rem 0 !important; }
  table.doc-table td.num, table.doc-table tfoot th { text-align: left; }
  table.doc-table td[data-label]::before { content: attr(data-label) ": "; color: var(--doc-muted); font-size: .85rem; }
  table.doc-table td[data-label]:empty { display: none; }
  table.doc-table td.doc-item { font-weight: 600; }
  table.doc-table td.doc-item .doc-detail { font-weight: 400; }
  table.doc-table tr.doc-group { border-bottom: none; padding-bottom: 0; }
  table.doc-table tfoot tr { display: flex; justify-content: space-between; }
  dl.doc-facts { grid-template-columns: 1fr; }
  dl.doc-facts dt { border-bottom: none; padding-bottom: 0; }
  .doc-totals { max-width: none; }
}
`;

/** The workspace around documents: a booking's Documents, a document's page, Settings → Documents. */
export const DOCUMENT_PAGE_STYLES = `
section.documents .doc-actions { display: flex; flex-wrap: wrap; gap: .35rem .9rem; align-items: center; justify-content: flex-end; }
section.documents .doc-actions form { margin: 0; }
section.documents .doc-actions button { min-height: 2.25rem; padding: .35rem .8rem; }
ul.doc-links { list-style: none; margin: .35rem 0 0; padding: 0; font-size: .875rem; color: var(--muted); }
ul.doc-links li { margin: .15rem 0; }
ul.doc-links form { display: inline; margin: 0; }
.doc-outcome { margin-top: .4rem; font-size: .9rem; }
.doc-outcome p { margin: .2rem 0; }
.doc-outcome.warn { border-left: 4px solid var(--danger); padding-left: .6rem; }
form.doc-new { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; margin-top: 1rem; padding-top: 1rem; border-top: 1px solid var(--line); }
form.doc-new .field { margin: 0; min-width: 14rem; }
form.doc-new label.check { margin: 0 0 .6rem; }
form.doc-new .hint { flex-basis: 100%; margin: 0; }
.doc-preview { margin-top: 1.25rem; }
.secret-box label { margin-top: .5rem; }
.badge.beo { background: color-mix(in srgb, var(--accent) 14%, Canvas); color: var(--accent); }
img.logo-preview { max-width: 15rem; height: auto; border: 1px solid var(--line); border-radius: .4rem; padding: .5rem; background: #fff; }
details.merge-fields { margin-top: 1.25rem; }
details.merge-fields summary { cursor: pointer; font-weight: 600; }
details.merge-fields dl.facts code { word-break: normal; }
.template-form textarea { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .9rem; }
@media (max-width: 36rem) {
  section.documents .doc-actions { justify-content: flex-start; }
  form.doc-new .field { min-width: 0; flex: 1 1 100%; }
}
`;
