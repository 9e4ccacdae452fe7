/**
 * An automation's conditions on custom fields of bookings (SPEC §18, §19), checked against the
 * organization's fields when they are written: the key names a field of bookings that is not
 * archived, and the op is one its type takes (customConditionOps, the table the workspace's
 * editor offers too). Every bad condition at its pointer. A field archived or retyped later does
 * not undo a saved automation: its condition, kept as it was through a later change of the
 * automation, holds where the value still compares.
 */
import type { Db, Trx } from '../../db/database.js';
import type { Problems } from '../validation.js';
import { flag } from '../data/row-mappers.js';
import { customConditionOps } from './automation-conditions.js';
import type { Condition } from './automation-shapes.js';

const CUSTOM = 'custom_fields.';

/** The conditions on custom fields as given, each with its place in the list (whether or not it was read). */
function customConditions(raw: unknown): Array<{ at: number; key: string; op: unknown; value: unknown }> {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((c: unknown, at) => {
    const { field, op, value } = (typeof c === 'object' && c !== null ? c : {}) as Partial<Condition>;
    return typeof field === 'string' && field.startsWith(CUSTOM)
      ? [{ at, key: field.slice(CUSTOM.length), op, value }]
      : [];
  });
}

export async function checkConditionFields(
  trx: Db | Trx,
  organizationId: string,
  raw: unknown,
  problems: Problems,
  saved: readonly Condition[] = [],
): Promise<void> {
  const kept = new Set(saved.map((c) => JSON.stringify([c.field, c.op, c.value])));
  const conditions = customConditions(raw).filter(
    (c) => !kept.has(JSON.stringify([`${CUSTOM}${c.key}`, c.op, c.value])),
  );
  if (conditions.length === 0) return;
  const rows = await trx
    .selectFrom('custom_fields')
    .select(['key', 'label', 'field_type', 'archived'])
    .where('organization_id', '=', organizationId)
    .where('record_type', '=', 'bookings')
    .where('key', 'in', [...new Set(conditions.map((c) => c.key))])
    .execute();
  const fields = new Map(rows.map((row) => [row.key, row]));
  for (const { at, key, op } of conditions) {
    const field = fields.get(key);
    if (!field) {
      problems.attribute(`conditions/${at}/field`, `No custom field of bookings has the key "${key}".`);
    } else if (flag(field.archived)) {
      problems.attribute(
        `conditions/${at}/field`,
        `The custom field "${field.label}" is archived: a new condition cannot read it.`,
      );
    } else {
      const ops = customConditionOps(field.field_type);
      if (!(ops as readonly unknown[]).includes(op))
        problems.attribute(
          `conditions/${at}/op`,
          `On "${field.label}" (${field.field_type.replace('_', ' ')}) a condition's op is one of ${ops.join(', ')}.`,
        );
    }
  }
}
