/**
 * A kind's fields on its form and its page as they are declared (`form`), beside what the form
 * lays out its own way: an input each (text, several lines, a whole number), typed back into the
 * input of the rules, and a fact each on the page, read from the record's value (camelCase, as its
 * codec decodes it). A field declared with nothing more is on the form and the page with no line
 * in the kind's pages.
 */
import { camelName, type Field, type Fields, plainFields } from '../../../crm/given-values.js';
import { html, type SafeHtml } from '../../html.js';
import { type FieldErrors, inputField, textareaField } from './form-fields.js';

const WHOLE = new Set(['integer', 'money']);

/** The fields on the forms that the form does not lay out its own way (`laidOut`, by API name). */
export const fieldsOnForm = (fields: Fields, laidOut: Iterable<string>): readonly Field[] =>
  plainFields(fields, laidOut).filter((f) => f.form);

/** A value as the form and the page write it ('' where none). */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** Each field's value in the record's value, as the form and the page write it. */
export const fieldTexts = (fields: readonly Field[], value: object): Record<string, string> =>
  Object.fromEntries(
    fields.map((f) => [f.name, valueText((value as Record<string, unknown>)[camelName(f.name)])]),
  );

export const fieldLabels = (fields: readonly Field[]): Record<string, string> =>
  Object.fromEntries(fields.map((f) => [f.name, f.label]));

/**
 * The rules' input of the fields typed: a whole number as a number, an empty one as none; any
 * other text as typed, for the rules to judge (given-values.ts), so theirs are the errors.
 */
export function fieldInput(
  fields: readonly Field[],
  typed: Readonly<Record<string, string | undefined>>,
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const f of fields) {
    const text = (typed[f.name] ?? '').trim();
    if (!WHOLE.has(f.type)) input[f.name] = typed[f.name] ?? '';
    else if (text === '') input[f.name] = f.nullable ? null : undefined;
    else input[f.name] = /^-?\d{1,15}$/.test(text) ? Number(text) : text;
  }
  return input;
}

/** An input for each field, as typed. */
export function fieldInputs(
  fields: readonly Field[],
  typed: Readonly<Record<string, string | undefined>> | undefined,
  errors: FieldErrors,
): SafeHtml[] {
  return fields.map((f) => {
    const options = { name: f.name, label: f.label, value: typed?.[f.name] ?? '', errors };
    const most = f.limits?.maxLength;
    if (f.type === 'long_text') return textareaField({ ...options, rows: 3 });
    if (WHOLE.has(f.type))
      return inputField({ ...options, type: 'number', attributes: html`step="1" inputmode="numeric"` });
    return inputField({ ...options, attributes: most ? html`maxlength="${most}"` : undefined });
  });
}

/** A fact of the page for each field: its label and its value as the form writes it. */
export const fieldFacts = (
  fields: readonly Field[],
  value: object,
  fact: (label: string, text: string) => SafeHtml | '',
): Array<SafeHtml | ''> => {
  const texts = fieldTexts(fields, value);
  return fields.map((f) => fact(f.label, texts[f.name] ?? ''));
};
