/**
 * A change of a custom field's type, told before it is done (SPEC §19 "Changing a type"): how
 * many of the values records hold convert, how many cannot and would be emptied (the first of
 * them shown), and a button that does it, carrying what was typed in the form.
 */
import type { CustomRecordType } from '../../../crm/custom-fields/index.js';
import { html } from '../../html.js';
import { csrfField } from '../forms/form-fields.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';
import { fieldsPath, TYPE_WORDS } from './custom-fields.page.js';
import { type DefinitionValues, hiddenValues } from './custom-fields.values.js';

export interface ConversionPreview {
  convertible: number;
  unconvertible_count: number;
  unconvertible: ReadonlyArray<{ record_id: string; value: unknown }>;
}

const values = (n: number) => `${n} value${n === 1 ? '' : 's'}`;

/** The preview's outcome in one sentence. */
export function conversionWords(from: string, to: string, preview: ConversionPreview): string {
  const words = (t: string) => (TYPE_WORDS[t] ?? t).toLowerCase();
  const head = `From ${words(from)} to ${words(to)}: ${values(preview.convertible)} convert`;
  return preview.unconvertible_count === 0
    ? `${head}, and none become empty.`
    : `${head}; ${values(preview.unconvertible_count)} cannot and become empty.`;
}

export function typeChangePage(
  v: WorkspaceVisitor,
  view: {
    recordType: CustomRecordType;
    field: { id: string; label: string; fieldType: string; version: string };
    typed: DefinitionValues;
    preview: ConversionPreview;
  },
): string {
  const { field, typed, preview } = view;
  const title = `Change the type of ${field.label}`;
  const shown = (value: unknown) => [value].flat().join(', ');
  const lost = preview.unconvertible.length
    ? html`<p>Values that cannot convert${preview.unconvertible_count > preview.unconvertible.length ? `, the first ${preview.unconvertible.length}` : ''}:</p>
      <ul>${preview.unconvertible.map((u) => html`<li>“${shown(u.value)}” (record <code>${u.record_id}</code>)</li>`)}</ul>`
    : '';
  const hidden = hiddenValues(typed).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
  );
  const body = html`${settingsTabs(v, 'custom-fields')}<h1>${title}</h1>
    <p id="conversion">${conversionWords(field.fieldType, typed.field_type, preview)}</p>${lost}
    <form method="post" action="${orgPath(v, `/settings/custom-fields/${field.id}`)}">
      ${csrfField(v.csrfToken)}<input type="hidden" name="version" value="${field.version}" />${hidden}
      <input type="hidden" name="confirm_type" value="yes" />
      <div class="actions"><button type="submit" class="${preview.unconvertible_count ? 'danger' : ''}">${preview.unconvertible_count ? `Change it and empty ${values(preview.unconvertible_count)}` : 'Change the type'}</button>
      <a class="button secondary" href="${orgPath(v, `/settings/custom-fields/${field.id}/edit`)}">Back to the field</a>
      <a class="button secondary" href="${fieldsPath(v, view.recordType)}">Cancel</a></div>
    </form>`;
  return workspacePage(v, { title, section: 'settings', body });
}
