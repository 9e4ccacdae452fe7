/**
 * A custom field's value in words (SPEC §19), as a record's page shows it and a document or an
 * e-mail merges it: text as written, a number as its decimal, money in the currency and locale
 * given, a date as YYYY-MM-DD, Yes or No, a select's option by its label (a multi-select's
 * joined by ", "). And a sample value of each type, which templates are tried against.
 */
import { moneyText } from '../money.js';
import type { FieldOption } from './custom-field-values.js';
import type { CustomFieldType } from './custom-field.table.js';

/** What the words of a field's value need of its declaration (index.ts: CustomField). */
interface WordsField {
  readonly name: string;
  readonly label: string;
  readonly custom: { readonly fieldType: CustomFieldType; readonly options: readonly FieldOption[] };
}

export function valueWords(field: WordsField, value: unknown, currency: string, locale?: string): string {
  if (value === undefined || value === null) return '';
  switch (field.custom.fieldType) {
    case 'boolean':
      return value === true ? 'Yes' : 'No';
    case 'money':
      return moneyText(value as number, currency, locale);
    case 'select':
    case 'multi_select':
      return [value as string | string[]]
        .flat()
        .map((v) => field.custom.options.find((o) => o.value === v)?.label ?? v)
        .join(', ');
    default:
      return String(value);
  }
}

/** Every field's value in words, by key ('' when unset), from a record's `custom_fields` JSON. */
export function valuesInWords(
  fields: readonly WordsField[],
  column: string,
  currency: string,
  locale?: string,
): Record<string, string> {
  const kept = JSON.parse(column) as Record<string, unknown>;
  return Object.fromEntries(fields.map((f) => [f.name, valueWords(f, kept[f.name], currency, locale)]));
}

const SAMPLES: Readonly<Record<string, string>> = {
  number: '42',
  money: '£250.00',
  date: '2027-06-12',
  boolean: 'Yes',
  email: 'ama@mensah.example',
  url: 'https://mensah.example',
  phone: '+44 117 496 0000',
};

/** A sample value of every field, by key (a text field's is its label). */
export function sampleWords(fields: readonly WordsField[]): Record<string, string> {
  return Object.fromEntries(
    fields.map((f) => [f.name, SAMPLES[f.custom.fieldType] ?? (f.custom.options[0]?.label || f.label)]),
  );
}

/**
 * A record type's fields by key, as an automation's summary names a condition on one: its label
 * and a value of it in words (money in `currency`).
 */
export function fieldWordsByKey(
  fields: readonly WordsField[],
  currency: string,
  locale?: string,
): (key: string) => { label: string; words(value: unknown): string } | undefined {
  return (key) => {
    const field = fields.find((f) => f.name === key);
    return field && { label: field.label, words: (value) => valueWords(field, value, currency, locale) };
  };
}
