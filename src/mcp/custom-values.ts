/**
 * A venue's own fields (SPEC §19) at the assistants' door, from the organization's definitions:
 * each record a tool returns carries `custom_fields` as `[{key, label, field_type, value}]` (every
 * field of its kind, value null when unset; text written by people as untrusted text), and the tools that make or change a record
 * take `custom_fields` as the API's write does, judged by the same rules (the commands'
 * judgeValues): a bad value is refused in the API's words, naming its field.
 */
import { z } from 'zod';
import {
  type CustomField,
  customFieldsOf,
  type CustomRecordType,
  shownValues,
} from '../crm/custom-fields/index.js';
import type { ToolContext } from './tool-kit.js';
import { UntrustedText, untrusted } from './untrusted-text.js';

/** The types whose values people write freely: shown as untrusted text. */
const WRITTEN: ReadonlySet<string> = new Set(['text', 'long_text', 'email', 'url', 'phone']);

const Value = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);

export const CustomValuesShown = z
  .array(
    z.object({
      key: z.string(),
      label: z.string(),
      field_type: z.string(),
      value: z.union([UntrustedText, Value]),
    }),
  )
  .describe(
    'The venue’s own fields of the record, every one in the venue’s order, with its label and type; ' +
      'value null when unset. Numbers are decimal strings, money minor units, dates YYYY-MM-DD, a ' +
      'select its option’s value, a multi-select a list of them.',
  );

export const CustomValuesGiven = z
  .record(z.string().max(40), Value)
  .optional()
  .describe(
    'The venue’s own fields to set, by key (the keys in custom_fields of the records these tools ' +
      'return); only those to change, null clears one. Text; a number as a decimal string; money in ' +
      'minor units; a date YYYY-MM-DD; true or false; a select’s option value; a multi-select’s list of values.',
  );

/** The organization's custom fields of a kind, for showing its records. */
export async function customFieldsFor(
  tool: ToolContext,
  recordType: CustomRecordType,
): Promise<readonly CustomField[]> {
  return (await customFieldsOf(tool.ctx.db, tool.actor.organizationId, recordType)).fields;
}

/** A record's values (its `custom_fields` JSON) as the tools show them. */
export function customValuesShown(
  column: string,
  fields: readonly CustomField[],
): z.infer<typeof CustomValuesShown> {
  const shown: Record<string, unknown> = shownValues(column, fields);
  return fields.map((field) => {
    const value = (shown[field.name] ?? null) as z.infer<typeof Value>;
    const type = field.custom.fieldType;
    return {
      key: field.name,
      label: field.label,
      field_type: type,
      value: typeof value === 'string' && WRITTEN.has(type) ? untrusted(value) : value,
    };
  });
}
