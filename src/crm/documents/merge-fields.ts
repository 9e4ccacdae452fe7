/**
 * A kind's fields merged by their own names (`{{ booking.<name> }}`: those declared `merge`), in
 * words as a document prints them: text as written, numbers, amounts in the record's currency,
 * days and instants in the venue's locale and zone, yes or no, lists joined; empty text where the
 * record has none. What merge-data.ts makes of a field its own way is left to it, so a field
 * declared with nothing more is merged with no line there; the sample has a value for each.
 * It reads the kinds' fields past their faces: the rendering thread loads the sample (pdf-worker.ts),
 * and the fields are data, without the commands and routes the faces would load with them.
 */
import { decodeValue } from '../data/field-codec.js';
import { camelName, type Field, type Fields } from '../data/fields.js';
import { ACCOUNT_FIELDS } from '../accounts/account.fields.js';
import { BOOKING_FIELDS } from '../bookings/booking.fields.js';
import { CONTACT_FIELDS } from '../contacts/contact.fields.js';
import { dayOf, dayWords, moneyText } from './document-words.js';

/** How a document reads a record's values: its currency, the venue's zone and locale. */
export interface Reading {
  currency: string;
  zone: string;
  locale: string;
}

const merged = (fields: Fields, made: object) =>
  Object.values(fields).filter((f) => f.merge && f.stored && !(f.name in made));

function words(f: Field, value: unknown, reading: Reading): string {
  if (value === null || value === undefined) return '';
  switch (f.type) {
    case 'money':
      return moneyText(Number(value), reading.currency, reading.locale);
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'instant':
      return dayOf(String(value), reading.zone, reading.locale);
    case 'date':
      return dayWords(String(value), reading.locale);
    case 'id_list':
    case 'multi_select':
      return (value as string[]).join(', ');
    case 'counts':
    case 'record':
    case 'structure':
      return '';
    default:
      return String(value);
  }
}

/** The fields `made` does not say, in words, from the record's row (its columns, decoded). */
export function fieldWords(
  fields: Fields,
  row: object,
  made: object,
  reading: Reading,
): Record<string, string> {
  const columns = row as Readonly<Record<string, unknown>>;
  return Object.fromEntries(
    merged(fields, made).map((f) => [f.name, words(f, decodeValue(f.type, columns[f.name]), reading)]),
  );
}

/**
 * The fields `made` does not say, in words, from the record's value (camelCase, as its codec
 * decodes it); empty text for each where there is no record.
 */
export function valueWords(
  fields: Fields,
  value: object | undefined,
  made: object,
  reading: Reading,
): Record<string, string> {
  const values = (value ?? {}) as Readonly<Record<string, unknown>>;
  return Object.fromEntries(
    merged(fields, made).map((f) => [f.name, words(f, values[camelName(f.name)], reading)]),
  );
}

/** What the sample says for each of the fields `made` does not: a value of the field's kind. */
export function sampleWords(fields: Fields, made: object): Record<string, string> {
  const sample = (f: Field): string => {
    switch (f.type) {
      case 'integer':
      case 'number':
        return '12';
      case 'money':
        return '£100.00';
      case 'boolean':
        return 'Yes';
      case 'instant':
      case 'date':
        return 'Saturday 12 June 2027';
      case 'enum':
      case 'select':
        return f.values?.[0] ?? f.label;
      default:
        return f.label;
    }
  };
  return Object.fromEntries(merged(fields, made).map((f) => [f.name, sample(f)]));
}

/** A booking's merged fields that merge-data.ts does not make its own way (`made`), in words. */
export const bookingFieldWords = (row: object, made: object, reading: Reading) =>
  fieldWords(BOOKING_FIELDS, row, made, reading);

/** The sample's words for a booking's merged fields that the sample does not say (`made`). */
export const bookingSampleWords = (made: object) => sampleWords(BOOKING_FIELDS, made);

/** An account's merged fields that merge-data.ts does not make its own way (`made`), in words. */
export const accountFieldWords = (account: object | undefined, made: object, reading: Reading) =>
  valueWords(ACCOUNT_FIELDS, account, made, reading);

/** A contact's merged fields that merge-data.ts does not make its own way (`made`), in words. */
export const contactFieldWords = (contact: object | undefined, made: object, reading: Reading) =>
  valueWords(CONTACT_FIELDS, contact, made, reading);

/** The sample's words for an account's merged fields that the sample does not say (`made`). */
export const accountSampleWords = (made: object) => sampleWords(ACCOUNT_FIELDS, made);

/** The sample's words for a contact's merged fields that the sample does not say (`made`). */
export const contactSampleWords = (made: object) => sampleWords(CONTACT_FIELDS, made);
