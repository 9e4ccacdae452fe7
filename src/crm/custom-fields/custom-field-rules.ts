/**
 * The rules of a custom field's definition (SPEC §19), over facts loaded first, every problem at
 * once: a key (`^[a-z][a-z0-9_]{0,39}$`) unique per record type that never changes, nor does its
 * record type (422 read_only); a label; a type; a select's options of unique values (a value
 * records hold may be archived, not removed); on the inquiry form only for bookings and contacts;
 * at most 100 of a record type, archived ones counted (422 limit_reached).
 */
import type { FieldProblem } from '../../errors.js';
import { type Checked, Problems } from '../validation.js';
import type { FieldOption } from './custom-field-values.js';
import { isFieldKey } from '../data/custom-value-sql.js';
import { optionsOf } from './custom-field.resource.js';
import { CUSTOM_FIELD_TYPES, CUSTOM_RECORD_TYPES, type CustomFieldRow } from './custom-field.table.js';

export const MOST_FIELDS = 100;
const MOST_OPTIONS = 200;
const SELECTS: ReadonlySet<string> = new Set(['select', 'multi_select']);
const ON_FORMS: ReadonlySet<string> = new Set(['bookings', 'contacts']);

export interface CustomFieldInput {
  record_type?: string | undefined;
  key?: string | undefined;
  label?: string | undefined;
  field_type?: string | undefined;
  options?: ReadonlyArray<{ value: string; label: string; archived?: boolean | undefined }> | undefined;
  required?: boolean | undefined;
  help_text?: string | null | undefined;
  position?: number | undefined;
  on_inquiry_form?: boolean | undefined;
  archived?: boolean | undefined;
  /** A type change: answer what it would convert, changing nothing (meta.preview). */
  preview?: boolean | undefined;
  /** A type change: clear the values that cannot convert (meta.drop_unconvertible). */
  dropUnconvertible?: boolean | undefined;
}

/** What the rules need to know besides the input. */
export interface DefinitionFacts {
  /** The organization's definitions of the record type. */
  siblings: readonly Pick<CustomFieldRow, 'id' | 'key'>[];
  /** Of the options a change removes, those records hold. */
  usedOptions: (values: readonly string[]) => Promise<string[]>;
}

type Values = Partial<Omit<CustomFieldRow, 'id' | 'organization_id' | 'created_at' | 'updated_at'>>;

function checkOptions(
  problems: Problems,
  given: NonNullable<CustomFieldInput['options']>,
  fieldType: string,
): FieldOption[] {
  if (!SELECTS.has(fieldType)) {
    if (given.length > 0) problems.attribute('options', 'Only select and multi_select fields have options.');
    return [];
  }
  const options = given.map((o) => ({
    value: o.value.trim(),
    label: o.label.trim(),
    archived: o.archived ?? false,
  }));
  const values = new Set(options.map((o) => o.value));
  if (options.length === 0)
    problems.attribute('options', 'A select field needs at least one option.', 'blank');
  else if (options.length > MOST_OPTIONS) problems.attribute('options', `At most ${MOST_OPTIONS} options.`);
  else if (values.size !== options.length)
    problems.attribute('options', 'Each option has a value of its own.');
  else if (options.some((o) => !o.value || !o.label || o.value.length > 100 || o.label.length > 200)) {
    problems.attribute('options', 'Each option has a value (1–100 characters) and a label (1–200).');
  }
  for (const o of options) problems.text('options', `${o.value}${o.label}`, 'name');
  return options;
}

export async function checkCustomField(
  input: CustomFieldInput,
  current: CustomFieldRow | undefined,
  facts: DefinitionFacts,
): Promise<Checked<Values>> {
  const problems = new Problems();
  const value: Values = {};
  if (current) {
    for (const name of ['record_type', 'key'] as const) {
      if (input[name] !== undefined)
        problems.attribute(name, `A field's ${name} never changes.`, 'read_only');
    }
  } else {
    const recordType = CUSTOM_RECORD_TYPES.find((t) => t === input.record_type);
    if (!recordType) problems.attribute('record_type', `One of ${CUSTOM_RECORD_TYPES.join(', ')}.`);
    else value.record_type = recordType;
    const key = input.key ?? '';
    if (!isFieldKey(key)) {
      problems.attribute('key', 'A key: a lower-case letter, then up to 39 lower-case letters, digits or _.');
    } else if (facts.siblings.some((s) => s.key === key)) {
      problems.attribute('key', `This record type has a field "${key}" already.`, 'taken');
    } else value.key = key;
    if (recordType && facts.siblings.length >= MOST_FIELDS) {
      problems.attribute(
        'record_type',
        `A record type has at most ${MOST_FIELDS} fields (archived ones count).`,
        'limit_reached',
      );
    }
  }
  if (input.label !== undefined || !current) {
    const label = input.label?.trim() ?? '';
    if (label === '' || label.length > 100)
      problems.attribute('label', 'A label of 1–100 characters.', 'blank');
    problems.text('label', label, 'name');
    value.label = label;
  }
  const fieldType = input.field_type ?? current?.field_type;
  const type = CUSTOM_FIELD_TYPES.find((t) => t === fieldType);
  if (!type) problems.attribute('field_type', `One of ${CUSTOM_FIELD_TYPES.join(', ')}.`);
  else if (type !== current?.field_type) value.field_type = type;
  if (type && (input.options !== undefined || input.field_type !== undefined || !current)) {
    const given = input.options ?? (current && SELECTS.has(type) ? optionsOf(current) : []);
    const options = checkOptions(problems, given, type);
    const removed = (current ? optionsOf(current) : []).filter(
      (o) => !options.some((n) => n.value === o.value),
    );
    const used =
      removed.length && type === current?.field_type
        ? await facts.usedOptions(removed.map((o) => o.value))
        : [];
    if (used.length > 0) {
      problems.attribute(
        'options',
        `Records hold ${used.join(', ')}: archive an option they hold instead of removing it.`,
        'option_in_use',
      );
    }
    value.options = JSON.stringify(options);
  }
  if (input.help_text !== undefined) {
    const help = input.help_text?.trim() || null;
    if (help && help.length > 500) problems.attribute('help_text', 'At most 500 characters.');
    problems.text('help_text', help, 'lines');
    value.help_text = help;
  }
  const recordType = current?.record_type ?? input.record_type;
  if (input.on_inquiry_form && recordType && !ON_FORMS.has(recordType)) {
    problems.attribute('on_inquiry_form', 'Only fields of bookings and contacts go on the inquiry form.');
  }
  const flags = {
    required: input.required,
    on_inquiry_form: input.on_inquiry_form,
    archived: input.archived,
  };
  for (const [name, given] of Object.entries(flags)) {
    if (given !== undefined) value[name as keyof typeof flags] = given ? 1 : 0;
  }
  if (input.position !== undefined) value.position = input.position;
  return {
    value: current ? unchangedLeftOut(value, current) : value,
    problems: problems.list as FieldProblem[],
  };
}

/** Only what differs from the definition as it is (an update that changes nothing writes nothing). */
function unchangedLeftOut(value: Values, current: CustomFieldRow): Values {
  const changed: Record<string, unknown> = {};
  for (const [name, given] of Object.entries(value)) {
    const was = (current as unknown as Record<string, unknown>)[name];
    const same = typeof given === 'number' ? Number(was) === given : was === given;
    if (!same) changed[name] = given;
  }
  return changed as Values;
}
