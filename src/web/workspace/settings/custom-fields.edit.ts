/**
 * A custom field's form (SPEC §19): new, with its key, which never changes after; or an existing
 * one, with its key shown, and below the form the buttons that archive (or bring back) and delete
 * it. Every bad field is shown at once beside it, in the API's words.
 */
import { CUSTOM_FIELD_TYPES, type CustomRecordType } from '../../../crm/custom-field-definitions/index.js';
import { html, type SafeHtml } from '../../html.js';
import {
  csrfField,
  errorSummary,
  type FieldErrors,
  fieldError,
  inputField,
  selectField,
  textareaField,
} from '../forms/form-fields.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';
import { fieldsPath, RECORD_TYPE_WORDS, TYPE_WORDS } from './custom-fields.page.js';
import { type DefinitionValues, ON_FORM_TYPES } from './custom-fields.values.js';

export const DEFINITION_LABELS: Record<string, string> = {
  key: 'Key',
  label: 'Label',
  field_type: 'Type',
  options: 'Options',
  required: 'Required',
  help_text: 'Help text',
  on_inquiry_form: 'On the inquiry form',
  record_type: 'Record type',
};

function check(name: string, label: string, hint: string, values: DefinitionValues, errors: FieldErrors) {
  const ticked = values[name as 'required'] === 'yes';
  return html`<div class="field">
    <label class="check"><input type="checkbox" id="field-${name}" name="${name}" value="yes" aria-describedby="field-${name}-hint" ${ticked ? html`checked` : ''} /><span>${label}</span></label>
    <p class="hint" id="field-${name}-hint">${hint}</p>${fieldError(name, errors)}
  </div>`;
}

function optionRows(values: DefinitionValues, errors: FieldErrors): SafeHtml {
  const rows = values.options.map(
    (o, i) => html`<div class="option-row">
      <div><label for="field-options/${i}/value">Value ${i + 1}</label><input type="text" id="field-options/${i}/value" name="options/${i}/value" value="${o.value}" maxlength="100" autocapitalize="none" spellcheck="false" /></div>
      <div><label for="field-options/${i}/label">Label ${i + 1}</label><input type="text" id="field-options/${i}/label" name="options/${i}/label" value="${o.label}" maxlength="200" /></div>
      <label class="check"><input type="checkbox" name="options/${i}/archived" value="yes" ${o.archived === 'yes' ? html`checked` : ''} /><span>Archived</span></label>
    </div>`,
  );
  return html`<fieldset id="field-options" aria-describedby="field-options-hint${errors.options ? ' field-options-error' : ''}">
    <legend>Options (for one or several choices)</legend>
    <p class="hint" id="field-options-hint">Each a value, as the API and CSV files hold it, and a label, as people read it. A value records hold cannot be removed: archive it, and it stays on those records and is offered no more. Leave a row blank to add none.</p>
    ${rows}${fieldError('options', errors)}
  </fieldset>`;
}

export function definitionFormPage(
  v: WorkspaceVisitor,
  view: {
    recordType: CustomRecordType;
    values: DefinitionValues;
    errors: FieldErrors;
    /** The field being changed; none for a new one. */
    field?: { id: string; version: string; archived: boolean };
  },
): string {
  const { values, errors, field, recordType } = view;
  const noun = RECORD_TYPE_WORDS[recordType].toLowerCase();
  const title = field ? `Change ${values.label || values.key}` : `New field of ${noun}`;
  const action = field
    ? orgPath(v, `/settings/custom-fields/${field.id}`)
    : fieldsPath(v, recordType, '/new');
  const types = CUSTOM_FIELD_TYPES.map((t) => ({ value: t, label: TYPE_WORDS[t] ?? t }));
  const form = html`<form method="post" action="${action}" novalidate class="record-form">
      ${csrfField(v.csrfToken)}${field ? html`<input type="hidden" name="version" value="${field.version}" />` : ''}
      ${inputField({ name: 'label', label: DEFINITION_LABELS.label!, value: values.label, errors, required: true, attributes: html`maxlength="100"` })}
      ${field ? html`<p><strong>Key</strong> <code>${values.key}</code> <span class="hint">(never changes)</span></p>` : inputField({ name: 'key', label: DEFINITION_LABELS.key!, value: values.key, errors, required: true, hint: 'Its name in the API, CSV files and documents; it never changes: a lower-case letter, then lower-case letters, digits or _, such as member_number.', attributes: html`maxlength="40" autocapitalize="none" spellcheck="false"` })}
      ${selectField({ name: 'field_type', label: DEFINITION_LABELS.field_type!, value: values.field_type, errors, required: true, choices: types, hint: field ? 'A new type converts the values records hold; you see what becomes of them before it is done.' : undefined })}
      ${optionRows(values, errors)}
      ${textareaField({ name: 'help_text', label: DEFINITION_LABELS.help_text!, value: values.help_text, errors, rows: 2, hint: 'Shown under the field on the forms.' })}
      ${check('required', 'Required', 'Forms refuse to save a new record without it, or a change that clears it.', values, errors)}
      ${ON_FORM_TYPES.has(recordType) ? check('on_inquiry_form', 'On the inquiry form', 'Asked of visitors on the public inquiry form.', values, errors) : ''}
      <div class="actions"><button type="submit">${field ? 'Save changes' : 'Add the field'}</button><a class="button secondary" href="${fieldsPath(v, recordType)}">Cancel</a></div>
    </form>`;
  const more = field
    ? html`<section aria-labelledby="archive-title"><h2 id="archive-title">${field.archived ? 'Archived' : 'Archive or delete'}</h2>
        <p>${field.archived ? 'Archived, it keeps its values, shows them on records, and takes no new ones.' : 'Archived, it keeps its values and takes no new ones. Only a field no record holds a value of may be deleted.'}</p>
        <div class="actions">
          <form method="post" action="${orgPath(v, `/settings/custom-fields/${field.id}/archive`)}">${csrfField(v.csrfToken)}<input type="hidden" name="version" value="${field.version}" /><input type="hidden" name="archived" value="${field.archived ? 'no' : 'yes'}" /><button type="submit" class="secondary">${field.archived ? 'Bring it back into use' : 'Archive it'}</button></form>
          <a class="button danger" href="${orgPath(v, `/settings/custom-fields/${field.id}/delete`)}">Delete…</a>
        </div></section>`
    : '';
  const body = html`${settingsTabs(v, 'custom-fields')}<p><a href="${fieldsPath(v, recordType)}">Custom fields of ${noun}</a></p>
    <h1>${title}</h1>${errorSummary(errors, DEFINITION_LABELS)}${form}${more}`;
  return workspacePage(v, { title, section: 'settings', body });
}
