/**
 * A kind's fields as the assistant reads them (those declared `assistant`), beside what a tool
 * shows its own way (`shown`): each by its API name, null where the record has none; text marked
 * as untrusted (untrusted-text.ts), as anyone may have written it. A field declared with nothing
 * more is shown with no line in the tool.
 */
import { z } from 'zod';
import { type BookingRow, type Field, type Fields, fieldValueOf } from '../crm/bookings/index.js';
import { NullableUntrustedText, untrustedOrNull } from './untrusted-text.js';

const others = (fields: Fields, shown: object) =>
  Object.values(fields).filter((f) => f.assistant && f.stored && !(f.name in shown));

function schemaOf(f: Field): z.ZodType {
  switch (f.type) {
    case 'integer':
    case 'money':
      return z.number().int().nullable();
    case 'number':
      return z.number().nullable();
    case 'boolean':
      return z.boolean().nullable();
    case 'instant':
    case 'date':
    case 'enum':
    case 'id':
      return z.string().nullable();
    case 'id_list':
    case 'multi_select':
      return z.array(z.string()).nullable();
    case 'counts':
      return z.record(z.string(), z.number()).nullable();
    case 'record':
      return z.record(z.string(), z.string()).nullable();
    case 'structure':
      return z.unknown();
    default:
      return NullableUntrustedText;
  }
}

/** The schemas of the fields `shown` does not name, by name. */
export function fieldSchemas(fields: Fields, shown: object): Record<string, z.ZodType> {
  return Object.fromEntries(
    others(fields, shown).map((f) => [f.name, schemaOf(f).describe(f.description ?? f.label)]),
  );
}

/** The values of the fields `shown` does not name, from the booking's row (decoded by its codec). */
export function fieldValues(fields: Fields, row: object, shown: object): Record<string, unknown> {
  return Object.fromEntries(
    others(fields, shown).map((f) => {
      const value = fieldValueOf(f, row as BookingRow);
      const text = schemaOf(f) === NullableUntrustedText;
      return [f.name, text ? untrustedOrNull(value as string | null) : value];
    }),
  );
}
