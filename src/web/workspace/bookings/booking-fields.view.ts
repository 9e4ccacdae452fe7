/**
 * A booking's fields on its form and its page as they are declared (`form`), beside what the
 * form lays out its own way: an input each (text, several lines, a whole number), typed back into
 * the input of the rules, and a fact each on the page. A field declared with nothing more is
 * on the form and the page with no line here.
 */
import {
  BOOKING_FIELDS,
  type BookingRow,
  type Field,
  type Fields,
  fieldValueOf,
} from '../../../crm/bookings/index.js';
import { plainFields } from '../../../crm/given-values.js';
import type { SafeHtml } from '../../html.js';
import { type Form, formText } from '../../forms.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { fieldInputs, fieldLabels, valueText } from '../forms/declared-fields.view.js';

/** The fields on the forms that the form does not lay out (`laidOut`), nor the move to lost asks. */
export const declaredOnForm = (
  laidOut: Iterable<string>,
  fields: Fields = BOOKING_FIELDS,
): readonly Field[] => plainFields(fields, [...laidOut, 'lost_reason']).filter((f) => f.form);

const WHOLE = new Set(['integer', 'money']);

/** A field's value as the form and the page write it ('' where none). */
const textOf = (f: Field, row: BookingRow): string => valueText(fieldValueOf(f, row));

export const declaredLabels = fieldLabels;

export const declaredTexts = (fields: readonly Field[], row: BookingRow): Record<string, string> =>
  Object.fromEntries(fields.map((f) => [f.name, textOf(f, row)]));

export const declaredPosted = (fields: readonly Field[], form: Form): Record<string, string> =>
  Object.fromEntries(fields.map((f) => [f.name, formText(form, f.name)]));

/** The rules' input of the fields typed; a whole number that is not one is a field error. */
export function declaredInput(
  fields: readonly Field[],
  typed: Readonly<Record<string, string>>,
  errors: FieldErrors,
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const f of fields) {
    const text = (typed[f.name] ?? '').trim();
    if (!WHOLE.has(f.type)) input[f.name] = typed[f.name] ?? '';
    else if (text === '') input[f.name] = f.nullable ? null : undefined;
    else if (/^-?\d{1,15}$/.test(text)) input[f.name] = Number(text);
    else errors[f.name] = `${f.label} is a whole number.`;
  }
  return input;
}

/** An input for each field, as typed (declared-fields.view.ts). */
export const declaredInputs = fieldInputs;

/** A fact of the page for each field: its label and its value. */
export const declaredFacts = (
  fields: readonly Field[],
  row: BookingRow,
  fact: (label: string, value: string) => SafeHtml,
): SafeHtml[] => fields.map((f) => fact(f.label, textOf(f, row)));
