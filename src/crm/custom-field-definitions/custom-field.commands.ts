/**
 * Writing custom fields' definitions (SPEC §19), as units of work (src/writes/unit-of-work.ts),
 * admins only (custom-field.policy.ts). A change of type converts every value records hold in the
 * same unit of work, or refuses (422 unconvertible_values on field_type) when one cannot convert,
 * unless the values that cannot are to be dropped; each record rewritten is told as a change
 * (rewritten-records.ts). `previewConversion` tells what it would do.
 * A definition is deleted only while no record holds a value of it.
 */
import type { Db, Trx } from '../../db/database.js';
import { ValidationError } from '../../errors.js';
import type { Actor } from '../../policy/actor.js';
import { isRefusal, Refusal, refuse } from '../../writes/refusal.js';
import type { Change, Command, Work } from '../../writes/unit-of-work.js';
import { recordUpdated } from '../change-events.js';
import { createCommand, deleteCommand } from '../record-commands.js';
import { recordToChange, updateRecord } from '../records.js';
import { type Checked, refusalOfProblems } from '../validation.js';
import {
  checkCustomField,
  convertValue,
  CUSTOM_FIELD_ACTIONS,
  CUSTOM_RECORD_TYPES,
  customFieldDefinition,
  type CustomFieldInput,
  type CustomFieldRow,
  definitionsOf,
  dropIndex,
  heldValuesOf,
  HOLDERS_BATCH,
  holdersOf,
  keepIndex,
  nextTurn,
  optionsOf,
  type StoredValue,
} from '../custom-fields/definitions.js';
import { NewValue, toldBefore } from './rewritten-records.js';

export type { CustomFieldInput } from '../custom-fields/definitions.js';

async function judged(db: Db | Trx, actor: Actor, input: CustomFieldInput, current?: CustomFieldRow) {
  const recordType = CUSTOM_RECORD_TYPES.find((t) => t === (current?.record_type ?? input.record_type));
  const siblings = recordType ? await definitionsOf(db, actor.organizationId, recordType) : [];
  return checkCustomField(input, current, {
    siblings,
    async usedOptions(values) {
      if (!current) return [];
      const held = (await holdersOf(db, current)).flatMap((h) => [h.values[current.key]].flat());
      return values.filter((v) => held.includes(v));
    },
  }) as Promise<Checked<Partial<CustomFieldRow>>>;
}

/** Every problem of a definition's input, writing nothing (the API's one 422 per bad field). */
export async function customFieldProblems(
  db: Db,
  actor: Actor,
  input: CustomFieldInput,
  current?: CustomFieldRow,
) {
  return (await judged(db, actor, input, current)).problems;
}

/** What a change of type would make of the values records hold. */
export interface Conversion {
  /** Each holder's new value (undefined: it cannot convert). */
  converted: Array<{ id: string; value: StoredValue | undefined }>;
  unconvertible: Array<{ record_id: string; value: StoredValue }>;
}

async function conversion(db: Db | Trx, current: CustomFieldRow, after: CustomFieldRow): Promise<Conversion> {
  const rule = { field_type: after.field_type, options: optionsOf(after) };
  const converted: Conversion['converted'] = [];
  const unconvertible: Conversion['unconvertible'] = [];
  // A slice at a time, the loop turning between them: 100,000 values at once held it ~600 ms.
  for (const { id, value: held } of await heldValuesOf(db, current)) {
    const value = convertValue(held, rule);
    converted.push({ id, value });
    if (value === undefined) unconvertible.push({ record_id: id, value: held });
    if (converted.length % HOLDERS_BATCH === 0) await nextTurn();
  }
  return { converted, unconvertible };
}

/** `meta` of a preview: how many values convert, how many cannot and the first 25 of those. */
export async function previewConversion(db: Db, current: CustomFieldRow, input: CustomFieldInput) {
  const after = {
    ...current,
    ...(await judged(db, { organizationId: current.organization_id } as Actor, input, current)).value,
  };
  const { converted, unconvertible } =
    after.field_type === current.field_type
      ? { converted: [], unconvertible: [] }
      : await conversion(db, current, after);
  return {
    convertible: converted.length - unconvertible.length,
    unconvertible_count: unconvertible.length,
    unconvertible: unconvertible.slice(0, 25),
  };
}

export const createCustomField = createCommand<'custom_fields', CustomFieldInput>({
  action: CUSTOM_FIELD_ACTIONS.create,
  definition: customFieldDefinition,
  check: (trx, actor, input) => judged(trx, actor, input),
  values: (given) => ({
    record_type: given.record_type ?? 'bookings',
    key: given.key ?? '',
    label: given.label ?? '',
    field_type: given.field_type ?? 'text',
    options: given.options ?? '[]',
    required: given.required ?? 0,
    help_text: given.help_text ?? null,
    position: given.position ?? 0,
    on_inquiry_form: given.on_inquiry_form ?? 0,
    archived: given.archived ?? 0,
  }),
  afterWrite: (work, created) => keepIndex(work.trx, created),
});

/**
 * The values records hold, converted to the new type; refused when some cannot convert (unless
 * dropped). `rewrite` writes them once the definition has its new type.
 */
async function convertValues(
  work: Work,
  current: CustomFieldRow,
  after: CustomFieldRow,
  drop: boolean,
): Promise<Array<{ holder: { id: string }; values: NewValue }> | Refusal> {
  const { converted, unconvertible } = await conversion(work.trx, current, after);
  if (unconvertible.length > 0 && !drop) {
    return Refusal.from(
      new ValidationError([
        {
          field: 'field_type',
          code: 'unconvertible_values',
          detail: `${unconvertible.length} value${unconvertible.length === 1 ? '' : 's'} cannot become ${after.field_type}: preview the change (meta.preview) or drop them (meta.drop_unconvertible).`,
          source: { pointer: '/data/attributes/field_type' },
        },
      ]),
    );
  }
  // Each record's other values are read with its batch (rewritten-records.ts); a slice at a time.
  const rewrites: Array<{ holder: { id: string }; values: NewValue }> = [];
  for (const { id, value } of converted) {
    rewrites.push({ holder: { id }, values: new NewValue(current.key, value) });
    if (rewrites.length % HOLDERS_BATCH === 0) await nextTurn();
  }
  return rewrites;
}

export const updateCustomField: Command<Change<CustomFieldInput>, CustomFieldRow | Refusal> = {
  action: CUSTOM_FIELD_ACTIONS.update,
  // A change of type rewrites every record holding a value: on SQLite, off the event loop.
  longWrite: ({ input }) => input.field_type !== undefined,
  async run(work, { id, ifMatch, input }) {
    const { trx, actor, now } = work;
    const current = await recordToChange(trx, customFieldDefinition, actor.organizationId, id, ifMatch);
    if (isRefusal(current)) return current;
    const checked = await judged(trx, actor, input, current);
    const refused = refusalOfProblems(checked);
    if (refused) return refused;
    const changes = checked.value;
    if (Object.keys(changes).length === 0) return current;
    const after = { ...current, ...changes } as CustomFieldRow;
    const rewrites =
      after.field_type === current.field_type
        ? []
        : await convertValues(work, current, after, input.dropUnconvertible === true);
    if (isRefusal(rewrites)) return rewrites;
    const told = await toldBefore(trx, current, rewrites);
    const updated = await updateRecord(trx, 'custom_fields', current, changes, now);
    await recordUpdated(trx, customFieldDefinition, current, updated, now);
    // The old type's index goes before the rewrite, which would otherwise keep it up to date
    // record by record; the new one is made over the values once rewritten.
    if (updated.field_type !== current.field_type) await dropIndex(trx, current);
    await told.rewrite(now);
    await keepIndex(trx, updated, current);
    return updated;
  },
};

export const deleteCustomField = deleteCommand({
  action: CUSTOM_FIELD_ACTIONS.delete,
  definition: customFieldDefinition,
  async before({ trx }, current) {
    const held = (await holdersOf(trx, current)).length;
    if (held > 0) {
      return refuse({
        status: 409,
        code: 'has_values',
        detail: `${held} record${held === 1 ? ' holds' : 's hold'} a value of this field: archive it instead, or clear them first.`,
      });
    }
  },
  after: ({ trx }, current) => dropIndex(trx, current),
});
