/**
 * A venue's own fields (SPEC §19) drawn from the organization's definitions, on every kind's form
 * and record page: an input by type (custom-fields.form.ts reads the post), the record's values
 * as facts. An archived field takes no new values: it has no input, and its value is still shown.
 */
import { type CustomField, storedValuesOf, valueWords } from '../../../crm/custom-fields/index.js';
import { html, type SafeHtml } from '../../html.js';
import { type CustomForm, customName } from './custom-fields.form.js';
import {
  checkboxesField,
  type Choice,
  type FieldErrors,
  inputField,
  selectField,
  textareaField,
} from './form-fields.js';

const INPUT_TYPES: Record<string, string> = { email: 'email', url: 'url', phone: 'tel', date: 'date' };

/** A select's options to choose from: the open ones, and an archived one the record still holds. */
function choicesOf(field: CustomField, held: readonly string[]): Choice[] {
  return field.custom.options
    .filter((o) => !o.archived || held.includes(o.value))
    .map((o) => ({ value: o.value, label: o.label }));
}

function input(field: CustomField, form: CustomForm, errors: FieldErrors): SafeHtml {
  const name = customName(field.name, form.prefix);
  const value = form.typed[field.name] ?? '';
  const common = {
    name,
    label: field.label,
    value,
    errors,
    hint: field.description,
    required: field.custom.required,
  };
  switch (field.custom.fieldType) {
    case 'long_text':
      return textareaField(common);
    case 'select':
      return selectField({ ...common, empty: '—', choices: choicesOf(field, [value]) });
    case 'multi_select': {
      const held = value.split('\n').filter(Boolean);
      const choices = choicesOf(field, held);
      const empty = html`<p class="muted">No options yet.</p>`;
      return checkboxesField({ ...common, legend: field.label, choices, values: held, empty });
    }
    case 'boolean': {
      const yes = [{ value: 'true', label: 'Yes' }];
      const empty = html``;
      return checkboxesField({ ...common, legend: field.label, choices: yes, values: [value], empty });
    }
    case 'number':
      return inputField({ ...common, attributes: html`inputmode="decimal"` });
    case 'money':
      return inputField({
        ...common,
        hint: field.description ?? `In ${form.currency}.`,
        attributes: html`inputmode="decimal"`,
      });
    default:
      return inputField({ ...common, type: INPUT_TYPES[field.custom.fieldType] });
  }
}

/** The inputs of the kind's custom fields, in their order, as a group of the form (or nothing). */
export function customInputs(
  form: CustomForm | undefined,
  errors: FieldErrors,
  legend = 'More details',
): SafeHtml | '' {
  const open = (form?.fields ?? []).filter((f) => !f.custom.archived);
  if (!form || open.length === 0) return '';
  return html`<fieldset class="group"><legend>${legend}</legend>
    ${open.map((field) => input(field, form, errors))}
  </fieldset>`;
}

/** The record's values of its kind's custom fields, as facts of a `dl.facts` (the set ones). */
export function customFacts(
  shownOf: { fields: readonly CustomField[]; currency: string } | undefined,
  column: string,
): SafeHtml | '' {
  if (!shownOf) return '';
  const kept: Record<string, unknown> = storedValuesOf(column);
  const set = shownOf.fields.filter((f) => kept[f.name] !== undefined && kept[f.name] !== null);
  if (set.length === 0) return '';
  return html`${set.map(
    (f) =>
      html`<div data-custom-field="${f.name}"><dt>${f.label}</dt><dd>${valueWords(f, kept[f.name], shownOf.currency)}</dd></div>`,
  )}`;
}
