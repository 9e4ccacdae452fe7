/**
 * Telling of changes to venue data (SPEC §8): each create, update and delete of a record adds
 * one event to the outbox, in the same transaction (src/changes/record-change.ts). An update
 * carries the old values of what changed. A feature adds events of its own beside these (the
 * booking's `booking.status_changed`) with `recordChange`.
 */
import {
  type OrganizationTable,
  type ReadContext,
  readContextOf,
  type RecordKind,
  type RowOf,
  type ToldRecord,
} from './data/rows.js';
import type { Trx } from '../db/database.js';
import { recordChange } from '../changes/record-change.js';

export { recordChange };

/** The resource as events carry it: links relative to the API's address (made absolute when read). */
function eventObject<Table extends OrganizationTable>(
  definition: RecordKind<Table>,
  row: RowOf<Table>,
  context: ReadContext | undefined,
) {
  return definition.toResource(row, '', context);
}

/** Of a record's custom fields (SPEC §19), the old values of the keys that changed; undefined if none did. */
function changedKeys(before: unknown, after: unknown): Record<string, unknown> | undefined {
  const old = (before ?? {}) as Record<string, unknown>;
  const now = (after ?? {}) as Record<string, unknown>;
  const keys = Object.keys(now).filter(
    (key) => JSON.stringify(old[key] ?? null) !== JSON.stringify(now[key]),
  );
  return keys.length ? Object.fromEntries(keys.map((key) => [key, old[key] ?? null])) : undefined;
}

/** The old values of the attributes (and relationships) that differ. */
export function previousAttributes(before: ToldRecord, after: ToldRecord): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(after.attributes)) {
    if (name === 'updated_at') continue;
    if (name === 'custom_fields') {
      const changed = changedKeys(before.attributes[name], value);
      if (changed) previous[name] = changed;
    } else if (JSON.stringify(before.attributes[name]) !== JSON.stringify(value))
      previous[name] = before.attributes[name];
  }
  for (const [name, value] of Object.entries(after.relationships ?? {})) {
    const old = before.relationships?.[name];
    if (JSON.stringify(old) !== JSON.stringify(value)) previous[name] = old;
  }
  return previous;
}

export function recordCreated<Table extends OrganizationTable>(
  trx: Trx,
  definition: RecordKind<Table>,
  row: RowOf<Table>,
  now: number,
): Promise<void> {
  return recordRow(trx, definition, row, 'created', now);
}

/** `<singular>.created` with the resource, or `<singular>.deleted` with its type and id. */
async function recordRow<Table extends OrganizationTable>(
  trx: Trx,
  definition: RecordKind<Table>,
  row: RowOf<Table>,
  what: 'created' | 'deleted',
  now: number,
): Promise<void> {
  const object =
    what === 'created'
      ? eventObject(definition, row, await readContextOf(trx, definition, row.organization_id))
      : { type: definition.type, id: row.id };
  return recordChange(trx, {
    organizationId: row.organization_id,
    type: `${definition.singular}.${what}`,
    object,
    now,
  });
}

/** What an update told: the resource after it and the old values of what changed. */
export interface Told {
  object: ToldRecord;
  previous: Record<string, unknown>;
}

/** Records `.updated` when anything shown changed; says what it told, or undefined when nothing did. */
export async function recordUpdated<Table extends OrganizationTable>(
  trx: Trx,
  definition: RecordKind<Table>,
  before: RowOf<Table>,
  after: RowOf<Table>,
  now: number,
  /** How `before` was read, when what shows it changed in between (a custom field's type). */
  beforeContext?: ReadContext,
): Promise<Told | undefined> {
  const context = await readContextOf(trx, definition, after.organization_id);
  const told = toldUpdate(definition, before, after, context, beforeContext);
  if (!told) return undefined;
  await recordChange(trx, {
    organizationId: after.organization_id,
    type: `${definition.singular}.updated`,
    object: told.object,
    previousAttributes: told.previous,
    now,
  });
  return told;
}

/**
 * What an update tells, read with no statement (the read contexts are given): for writes that
 * tell many records' updates together (recordChangesInBulk). Undefined when nothing shown changed.
 */
export function toldUpdate<Table extends OrganizationTable>(
  definition: RecordKind<Table>,
  before: RowOf<Table>,
  after: RowOf<Table>,
  context: ReadContext | undefined,
  beforeContext?: ReadContext,
): Told | undefined {
  const object = eventObject(definition, after, context);
  const previous = previousAttributes(eventObject(definition, before, beforeContext ?? context), object);
  return Object.keys(previous).length === 0 ? undefined : { object, previous };
}

/** The `*.created` events of records created together (an import), and changes told together. */
export {
  type ChangeInBulk,
  changeRows,
  recordChangesInBulk,
  recordCreatedInBulk,
} from '../changes/record-changes-in-bulk.js';

export function recordDeleted<Table extends OrganizationTable>(
  trx: Trx,
  definition: RecordKind<Table>,
  row: RowOf<Table>,
  now: number,
): Promise<void> {
  return recordRow(trx, definition, row, 'deleted', now);
}
