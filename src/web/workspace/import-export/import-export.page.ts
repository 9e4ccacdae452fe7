/**
 * Settings → Import and export (SPEC §10), for admins: a CSV file checked (a dry run) or imported
 * by the same path as `marquee import`, all rows or none, each problem by row, column and reason;
 * and a download of every export `marquee export` makes.
 */
import { CSV_TYPES, EXPORT_TYPES } from '../../../csv/columns.js';
import { type ImportResult, megabytes } from '../../../csv/import-csv.js';
import { html, type SafeHtml } from '../../html.js';
import { csrfField, errorSummary, type FieldErrors, selectField } from '../forms/form-fields.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export const TYPE_WORDS: Record<string, string> = {
  accounts: 'Accounts',
  contacts: 'Contacts',
  bookings: 'Bookings',
  events: 'Events',
  line_items: 'Line items',
  payments: 'Payments',
};

export interface ImportExportView {
  type: string;
  errors: FieldErrors;
  /** What the last check or import found. */
  result?: (ImportResult & { type: string }) | undefined;
  maxBytes: number;
}

const noun = (n: number, type: string) => `${n} ${n === 1 ? type.slice(0, -1) : type}`;

function outcome(result: NonNullable<ImportExportView['result']>): SafeHtml {
  const words = TYPE_WORDS[result.type]!.toLowerCase();
  if (result.errorCount === 0) {
    return result.dryRun
      ? html`<div class="notice" role="status"><p><strong>${noun(result.valid, words)} ${result.valid === 1 ? 'is' : 'are'} valid.</strong> Nothing was written: this was a check. Choose the file again and press <em>Import</em> to write them.</p></div>`
      : html`<div class="notice" role="status"><p><strong>Imported ${noun(result.imported, words)}.</strong></p></div>`;
  }
  const more = result.errorCount - result.errors.length;
  return html`<div class="error-summary" role="alert" aria-labelledby="import-problems">
    <h2 id="import-problems">Nothing was imported: the file has ${result.errorCount} ${result.errorCount === 1 ? 'problem' : 'problems'}</h2>
    <p>Correct them in the file and check it again. ${result.valid} ${result.valid === 1 ? 'row is' : 'rows are'} valid.</p>
    <table class="list import-errors"><thead><tr><th scope="col">Row</th><th scope="col">Column</th><th scope="col">Problem</th></tr></thead>
      <tbody>${result.errors.map((e) => html`<tr><td>${e.file ? `${e.file} file, ` : ''}${e.row}</td><td>${e.column ?? html`<span class="muted">the whole row</span>`}</td><td>${e.message}</td></tr>`)}</tbody></table>
    ${more > 0 ? html`<p>… and ${more} more.</p>` : ''}
  </div>`;
}

export function importExportPage(v: WorkspaceVisitor, view: ImportExportView): string {
  const base = orgPath(v, '/settings/import-export');
  const limit = megabytes(view.maxBytes);
  const exports = EXPORT_TYPES.map(
    (t) =>
      html`<li><a href="${base}/export/${t}.csv" download>${TYPE_WORDS[t]}</a> <span class="muted small">(${t}.csv)</span></li>`,
  );
  const body = html`${settingsTabs(v, 'import-export')}<h1>Import and export</h1>
    ${view.result ? outcome(view.result) : ''}
    <section class="card" aria-labelledby="import-title"><h2 id="import-title">Import a CSV file</h2>
      <p>The file is read as <code>marquee import</code> reads it: all its rows are imported or none. Check it first: nothing is written, and every problem is listed by row and column. Files of at most ${limit}.</p>
      ${errorSummary(view.errors, { type: 'What it holds', file: 'File' })}
      <form method="post" action="${base}/import" enctype="multipart/form-data" novalidate class="record-form">${csrfField(v.csrfToken)}
        ${selectField({ name: 'type', label: 'What it holds', value: view.type, errors: view.errors, required: true, choices: CSV_TYPES.map((t) => ({ value: t, label: TYPE_WORDS[t]! })) })}
        <div class="field"><label for="field-file">File</label>
          <input id="field-file" name="file" type="file" accept=".csv,text/csv" required ${view.errors.file ? html`aria-invalid="true" aria-describedby="field-file-error"` : ''} />
          ${view.errors.file ? html`<p class="field-error" id="field-file-error">${view.errors.file}</p>` : ''}</div>
        <div class="actions"><button type="submit" name="mode" value="check">Check the file</button>
          <button type="submit" name="mode" value="import" class="secondary">Import</button></div>
      </form></section>
    <section class="card" aria-labelledby="export-title"><h2 id="export-title">Export</h2>
      <p>Each as CSV in the shape an import reads, as <code>marquee export</code> writes it.</p>
      <ul>${exports}</ul></section>`;
  return workspacePage(v, { title: 'Import and export', section: 'settings', body });
}
