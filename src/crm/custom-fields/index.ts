/**
 * A venue's own fields (SPEC §19, docs/decisions/0017 and 0020): each definition is one more
 * declaration of its kind's fields (src/crm/data/fields.ts), made at run time; a record's values
 * are kept in its `custom_fields` JSON. What the rest of the house uses of them is here: the
 * declarations of a record type, a record's values as every door shows them, and the judging of
 * a write's values (every bad one at its own pointer).
 */
import type { Db, Trx } from '../../db/database.js';
import type { FieldProblem } from '../../errors.js';
import type { Field } from '../data/fields.js';
import type { CustomValue } from '../data/list-shape.js';
import type { Checked } from '../validation.js';
import { decimalText, type FieldOption, judgeValue, type StoredValue } from './custom-field-values.js';
import { definitionsOf } from './custom-field-store.js';
import { customFieldCodec, type CustomFieldDefinition, storedValuesOf } from './custom-field.codec.js';
import type { CustomFieldType, CustomRecordType } from './custom-field.table.js';

export type { CustomRecordType } from './custom-field.table.js';
export type { CustomFieldDefinition } from './custom-field.codec.js';
export { CUSTOM_FIELD_ACTIONS } from './custom-field.policy.js';
export { CustomValuesShown, CustomValuesWritten } from './custom-values.bodies.js';
export { decimalText } from './custom-field-values.js';
export { fieldWordsByKey, sampleWords, valuesInWords, valueWords } from './custom-field-words.js';

/** A custom field as a declaration of its kind's fields, with what only custom fields have. */
export interface CustomField extends Field {
  readonly custom: {
    readonly id: string;
    readonly fieldType: CustomFieldType;
    readonly options: readonly FieldOption[];
    readonly required: boolean;
    readonly archived: boolean;
    readonly onInquiryForm: boolean;
  };
}

/** The declaration a definition makes. */
export function declarationOf(field: CustomFieldDefinition): CustomField {
  const { options, archived } = field;
  return Object.freeze({
    name: field.key,
    label: field.label,
    type: field.fieldType,
    nullable: true,
    values: options.map((o) => o.value),
    description: field.helpText ?? undefined,
    stored: true,
    writable: !archived,
    csv: true,
    form: !archived,
    merge: true,
    assistant: true,
    custom: {
      id: field.id,
      fieldType: field.fieldType,
      options,
      required: field.required,
      archived,
      onInquiryForm: field.onInquiryForm,
    },
  });
}

/** The custom fields of a record type in the organization, archived ones too, in their order. */
export async function customFieldsOf(
  db: Db | Trx,
  organizationId: string,
  recordType: CustomRecordType,
): Promise<{ fields: readonly CustomField[]; stamp: string }> {
  const rows = await definitionsOf(db, organizationId, recordType);
  const fields = rows.map((row) => declarationOf(customFieldCodec.decode(row)));
  return { fields, stamp: rows.map((r) => `${r.id}@${r.updated_at}`).join(',') };
}

export { storedValuesOf };

/** A record's values as the API shows them: every field's key, null when unset, numbers as decimals. */
export function shownValues(
  column: string,
  fields: readonly CustomField[],
): Record<string, string | number | boolean | string[] | null> {
  const kept = storedValuesOf(column);
  const shown: Record<string, string | number | boolean | string[] | null> = {};
  for (const field of fields) {
    const value = kept[field.name];
    shown[field.name] =
      value === undefined ? null : field.custom.fieldType === 'number' ? decimalText(value as number) : value;
  }
  return shown;
}

const problem = (key: string, detail: string, code: string): FieldProblem => ({
  field: `custom_fields/${key}`,
  detail,
  code,
  source: { pointer: `/data/attributes/custom_fields/${key}` },
});

/**
 * The values a write gives (only the keys it changes; null clears), judged by their fields: the
 * record's values after it (JSON, or undefined when none changed) and every problem. A required
 * field must hold a value when a record is made and whenever a write names it.
 */
export function judgeValues(
  fields: readonly CustomField[],
  given: Readonly<Record<string, unknown>> | undefined,
  currentColumn: string | undefined,
  binds: (field: CustomField) => boolean = () => true,
): { column: string | undefined; problems: FieldProblem[] } {
  const kept = JSON.parse(currentColumn ?? '{}') as Record<string, StoredValue>;
  const problems: FieldProblem[] = [];
  const after = { ...kept };
  for (const [key, raw] of Object.entries(given ?? {})) {
    const field = fields.find((f) => f.name === key);
    if (!field) {
      problems.push(problem(key, `No custom field of this kind has the key "${key}".`, 'unknown_field'));
    } else if (raw === null || raw === undefined) {
      if (field.custom.required) problems.push(problem(key, `${field.label} is required.`, 'required'));
      delete after[key];
    } else if (field.custom.archived) {
      problems.push(
        problem(key, `${field.label} is archived: it keeps its values, and takes no new ones.`, 'archived'),
      );
    } else {
      const rule = { field_type: field.custom.fieldType, options: field.custom.options };
      const judged = judgeValue(rule, raw, kept[key]);
      if ('problem' in judged) problems.push(problem(key, judged.problem, 'invalid_value'));
      else after[key] = judged.value;
    }
  }
  if (currentColumn === undefined) {
    for (const field of fields) {
      if (field.custom.required && !field.custom.archived && binds(field) && !(field.name in (given ?? {}))) {
        problems.push(problem(field.name, `${field.label} is required.`, 'required'));
      }
    }
  }
  const column = JSON.stringify(after);
  return {
    column: column === JSON.stringify(kept) && currentColumn !== undefined ? undefined : column,
    problems,
  };
}

/** A write of a kind's record with custom fields: whose, which kind, the values given, the record. */
export interface CustomValuesWrite {
  organizationId: string;
  recordType: CustomRecordType;
  /** Only the keys it changes (null clears one). */
  given: Readonly<Record<string, unknown>> | undefined;
  /** The record as it is; undefined when the write makes one. */
  current: { custom_fields: string } | undefined;
  /** The door it comes through: the public inquiry form asks only for the fields it shows. */
  door?: string;
}

/** The required fields a record made at `door` must be given. */
const requiredAt = (door: string | undefined) =>
  door === 'inquiry_form' ? (field: CustomField) => field.custom.onInquiryForm : undefined;

/**
 * The kind's rule's outcome with the write's custom values judged too: `custom_fields` (JSON)
 * joins the values to write when any changed, and their problems join the rule's.
 */
export async function withCustomValues<Value extends object>(
  db: Db | Trx,
  checked: Checked<Value>,
  write: CustomValuesWrite,
): Promise<Checked<Value & { custom_fields?: string }>> {
  const { fields } = await customFieldsOf(db, write.organizationId, write.recordType);
  const custom = judgeValues(fields, write.given, write.current?.custom_fields, requiredAt(write.door));
  return {
    value: custom.column === undefined ? checked.value : { ...checked.value, custom_fields: custom.column },
    problems: [...checked.problems, ...custom.problems],
  };
}

/**
 * As withCustomValues, for records made many at once (an import), their fields read once: the new
 * record's values (JSON) join the rule's value, and their problems the rule's.
 */
export function withNewCustomValues<Value extends object>(
  checked: Checked<Value>,
  fields: readonly CustomField[],
  given: Readonly<Record<string, unknown>> | undefined,
): Checked<Value & { custom_fields: string }> {
  const custom = judgeValues(fields, given, undefined);
  return {
    value: { ...checked.value, custom_fields: custom.column ?? '{}' },
    problems: [...checked.problems, ...custom.problems],
  };
}

/** What showing a kind's records needs of its custom fields, read once for all shown together. */
export interface CustomReadContext {
  /** The organization's custom fields of the kind (SPEC §19), archived ones too. */
  readonly customFields: readonly CustomField[];
  /** Moves on whenever a definition does. */
  readonly stamp: string;
}

/** The read context of a kind whose records show nothing of other rows but their custom fields. */
export const customReadContext =
  (recordType: CustomRecordType) =>
  async (db: Db | Trx, organizationId: string): Promise<CustomReadContext> => {
    const { fields, stamp } = await customFieldsOf(db, organizationId, recordType);
    return { customFields: fields, stamp };
  };

/** The fields `filter[custom_fields.<key>]` and `sort=custom_fields.<key>` may name. */
export const listedCustomFields = (fields: readonly CustomField[]): CustomValue[] =>
  fields.map((f) => ({ key: f.name, type: f.custom.fieldType }));

/** The custom fields a read context holds (customReadContext's, or one extending it). */
export function customFieldsIn(context: unknown): readonly CustomField[] {
  if (!context) throw new Error('A record is shown with its organization’s custom fields (readContext).');
  return (context as CustomReadContext).customFields;
}
