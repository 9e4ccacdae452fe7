/**
 * Settings → Documents (SPEC §13), for admins: the venue's address and logo as every document
 * shows them, and the templates of each kind of document (header, footer, terms), with the merge
 * fields they may use listed beside them, each with the value it takes for a sample booking. A
 * refused template says its line and why, beside its field.
 */
import {
  DEFAULT_TEMPLATES,
  type DocumentKind,
  logoFitsDocuments,
  type MergeData,
  type TemplateTexts,
} from '../../../crm/documents/index.js';
import { html, type SafeHtml } from '../../html.js';
import { csrfField, errorSummary, type FieldErrors, textareaField } from '../forms/form-fields.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export interface DocumentSettingsView {
  kind: DocumentKind;
  address: string;
  /** The kept logo's preview, or that it was kept before logos were made ready for documents. */
  logo: { src: string; width: number; height: number } | { unready: true } | undefined;
  templates: TemplateTexts;
  /** Whether the kind's templates are the shipped ones. */
  defaults: boolean;
  errors: FieldErrors;
  notice?: string | undefined;
  /** The merge data of the sample booking, with the organization's custom fields. */
  sample: MergeData;
}

const KINDS: ReadonlyArray<[DocumentKind, string]> = [
  ['proposal', 'Proposal'],
  ['beo', 'BEO'],
  ['invoice', 'Invoice'],
];

/**
 * The kept logo as the page shows it: a preview at most 240 × 96, or, for one kept before logos
 * were made ready for documents, words rather than an image the browser would have to open.
 */
export function logoView(
  logo: { bytes: Uint8Array; mediaType: string },
  size: { width: number; height: number },
): DocumentSettingsView['logo'] {
  if (!logoFitsDocuments(logo.bytes)) return { unready: true };
  const scale = Math.min(1, 240 / size.width, 96 / size.height);
  return {
    src: `data:${logo.mediaType};base64,${Buffer.from(logo.bytes).toString('base64')}`,
    width: Math.round(size.width * scale),
    height: Math.round(size.height * scale),
  };
}

/** Every merge field a template may use, with the sample booking's value. */
function mergeFields(sample: MergeData): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  const walk = (prefix: string, value: unknown) => {
    if (Array.isArray(value)) {
      walk(`${prefix}[0]`, value[0]);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        // `custom_fields` is the older name of `custom` (merge-data.ts): listed once, as `custom`.
        if (key !== 'custom_fields') walk(prefix ? `${prefix}.${key}` : key, inner);
      }
    } else {
      fields.push([prefix, String(value)]);
    }
  };
  walk('', sample);
  return fields;
}

function fieldsList(sample: MergeData): SafeHtml {
  return html`<details class="merge-fields"><summary>Merge fields</summary>
    <p class="hint">Write <code>{{ booking.name }}</code> for a field; lists are read with <code>{% for e in events %}{{ e.name }}{% endfor %}</code>. A blank line starts a paragraph; a line starting <code>## </code> is a heading.</p>
    <dl class="facts">${mergeFields(sample).map(([name, sample]) => html`<div><dt><code>${name.replace('[0]', '')}</code></dt><dd>${sample}</dd></div>`)}</dl>
  </details>`;
}

export function documentSettingsPage(v: WorkspaceVisitor, view: DocumentSettingsView): string {
  const base = orgPath(v, '/settings/documents');
  const labels = {
    venue_address: 'Address',
    logo: 'Logo',
    header: 'Header',
    footer: 'Footer',
    terms: 'Terms',
  };
  const kindTabs = html`<nav aria-label="Kinds of document" class="tabs"><ul>${KINDS.map(
    ([kind, label]) =>
      html`<li><a href="${base}?kind=${kind}#templates-title" ${kind === view.kind ? html`aria-current="page"` : ''}>${label}</a></li>`,
  )}</ul></nav>`;
  const body = html`${settingsTabs(v, 'documents')}<h1>Documents</h1>
    ${view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : ''}
    ${errorSummary(view.errors, labels)}
    <section class="card" aria-labelledby="venue-title">
      <h2 id="venue-title">The venue on every document</h2>
      <form method="post" action="${base}/address" novalidate>
        ${csrfField(v.csrfToken)}
        ${textareaField({ name: 'venue_address', label: 'Address', value: view.address, errors: view.errors, rows: 4, hint: 'One line each, as it goes under the venue’s name.' })}
        <button type="submit">Save address</button>
      </form>
      <h3 id="logo-title">Logo</h3>
      ${
        !view.logo
          ? html`<p class="muted">No logo: documents show the venue’s name.</p>`
          : 'unready' in view.logo
            ? html`<p class="hint">The logo kept earlier is larger than documents take, so they show the venue’s name instead: upload it again and it is made ready for them.</p>`
            : html`<p><img class="logo-preview" src="${view.logo.src}" alt="The venue’s logo" width="${view.logo.width}" height="${view.logo.height}" /></p>`
      }
      <form method="post" action="${base}/logo" enctype="multipart/form-data" novalidate>
        ${csrfField(v.csrfToken)}
        <div class="field"><label for="field-logo">A PNG or JPEG, at most 1 MB</label>
          <input id="field-logo" name="logo" type="file" accept="image/png,image/jpeg" ${view.errors.logo ? html`aria-invalid="true" aria-describedby="field-logo-error"` : ''} />
          ${view.errors.logo ? html`<p class="field-error" id="field-logo-error">${view.errors.logo}</p>` : ''}</div>
        <button type="submit">Upload logo</button>
      </form>
      ${view.logo ? html`<form method="post" action="${base}/logo/remove" class="inline-form">${csrfField(v.csrfToken)}<button type="submit" class="secondary">Remove logo</button></form>` : ''}
    </section>
    <section class="card" aria-labelledby="templates-title">
      <h2 id="templates-title">Templates</h2>
      ${kindTabs}
      <p class="hint">${view.defaults ? 'These are Marquee’s templates; change them to make them yours.' : 'Your own templates.'} A new version of a document uses the templates as they are then; documents made before keep theirs.</p>
      <form method="post" action="${base}/templates/${view.kind}" novalidate class="template-form">
        ${csrfField(v.csrfToken)}
        ${textareaField({ name: 'header', label: 'Header: the opening words', value: view.templates.header, errors: view.errors, rows: 6 })}
        ${textareaField({ name: 'terms', label: view.kind === 'invoice' ? 'Payment terms' : view.kind === 'beo' ? 'Instructions' : 'Terms and conditions', value: view.templates.terms, errors: view.errors, rows: 14 })}
        ${textareaField({ name: 'footer', label: 'Footer: one line on every page', value: view.templates.footer, errors: view.errors, rows: 2 })}
        <div class="actions"><button type="submit">Save templates</button></div>
      </form>
      ${view.defaults ? '' : html`<form method="post" action="${base}/templates/${view.kind}/defaults" class="inline-form">${csrfField(v.csrfToken)}<button type="submit" class="secondary">Go back to Marquee’s templates</button></form>`}
      ${fieldsList(view.sample)}
    </section>`;
  return workspacePage(v, { title: 'Documents', section: 'settings', body });
}

export const defaultTemplatesOf = (kind: DocumentKind) => DEFAULT_TEMPLATES[kind];
