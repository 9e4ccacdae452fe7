/**
 * Creating, changing and deleting a record of a kind that has a face (docs/decisions/0017): as
 * record-commands.ts does, the same way for every kind, but in the domain's values. The kind's
 * codec turns the row it finds into its value and the value's changes into columns; its rules
 * judge values; what the command makes is the value; and every refusal — a record that is not the
 * organization's (404), a version that is not the one read (412), the rules' problems (422), what
 * the kind refuses after — is returned, never thrown.
 */
import type { Action } from '../policy/action.js';
import type { Command, Removal, Work } from '../writes/unit-of-work.js';
import { isRefusal, type Refusal } from '../writes/refusal.js';
import type { OrganizationTable, RecordKind, RowOf } from './data/rows.js';
import { recordCreated, recordDeleted, recordUpdated } from './change-events.js';
import { deleteRecord, insertRecord, type NewRecord, recordToChange, updateRecord } from './records.js';
import { type Checked, refusalOfProblems } from './validation.js';

/** A kind's row read into its value, and its value's changes written back as columns. */
export interface Codec<Table extends OrganizationTable, Value, Changes> {
  decode(row: RowOf<Table>): Value;
  encode(changes: Changes): Partial<RowOf<Table>>;
}

interface KindSpec<Table extends OrganizationTable, Value, Changes> {
  definition: RecordKind<Table>;
  action: Action;
  codec: Codec<Table, Value, Changes>;
}

/** What a kind's hook answers: nothing to say, or a refusal of the whole change. */
type Hook = Promise<Refusal | undefined | void>;

/** The refusal of every problem the rules found (422), or undefined when there are none. */
export function problemsRefusal(checked: Checked<unknown>): Refusal | undefined {
  return refusalOfProblems(checked);
}

/** The record to change, or the refusal of the lookup (404, 412) as a value. */
export async function toChange<Table extends OrganizationTable>(
  work: Work,
  definition: RecordKind<Table>,
  { id, ifMatch }: Removal,
): Promise<RowOf<Table> | Refusal> {
  return recordToChange(work.trx, definition, work.actor.organizationId, id, ifMatch);
}

export interface ValueCreateSpec<Table extends OrganizationTable, Input, Value, Changes> extends KindSpec<
  Table,
  Value,
  Changes
> {
  /**
   * The kind's rules over the facts they load: the new record's values (defaults given) and every
   * problem, or a refusal that is not about a field (what was judged is not what would be written).
   */
  check(work: Work, input: Input): Promise<Checked<Changes> | Refusal>;
  /** What else the new record makes (related rows, an e-mail), or why it is refused after all. */
  afterWrite?(work: Work, created: Value, input: Input): Hook;
}

export function createValueCommand<Table extends OrganizationTable, Input, Value, Changes>(
  spec: ValueCreateSpec<Table, Input, Value, Changes>,
): Command<Input, Value | Refusal> {
  return {
    action: spec.action,
    async run(work, input) {
      const checked = await spec.check(work, input);
      if (isRefusal(checked)) return checked;
      const refused = problemsRefusal(checked);
      if (refused) return refused;
      const columns = spec.codec.encode(checked.value) as NewRecord<Table>;
      const type = spec.definition.type;
      const row = await insertRecord(work.trx, type, work.actor.organizationId, columns, work.now);
      const created = spec.codec.decode(row);
      const after = await spec.afterWrite?.(work, created, input);
      if (isRefusal(after)) return after;
      await recordCreated(work.trx, spec.definition, row, work.now);
      return created;
    },
  };
}

export interface ValueUpdateSpec<Table extends OrganizationTable, Input, Value, Changes> extends KindSpec<
  Table,
  Value,
  Changes
> {
  /** The kind's rules over the facts they load: what changes (only what differs) and every problem, or a refusal. */
  check(work: Work, input: Input, current: Value): Promise<Checked<Changes> | Refusal>;
  /** What else the change makes, or why it is refused after all (a clash it would let stand). */
  afterWrite?(work: Work, current: Value, updated: Value, input: Input): Hook;
}

export function updateValueCommand<Table extends OrganizationTable, Input, Value, Changes extends object>(
  spec: ValueUpdateSpec<Table, Input, Value, Changes>,
): Command<{ id: string; ifMatch: string | undefined; input: Input }, Value | Refusal> {
  return {
    action: spec.action,
    async run(work, change) {
      const row = await toChange(work, spec.definition, change);
      if (isRefusal(row)) return row;
      const current = spec.codec.decode(row);
      const checked = await spec.check(work, change.input, current);
      if (isRefusal(checked)) return checked;
      const refused = problemsRefusal(checked);
      if (refused) return refused;
      // Nothing to change: the record stays as it is, in its version.
      if (Object.keys(checked.value).length === 0) return current;
      const columns = spec.codec.encode(checked.value);
      const after = await updateRecord(work.trx, spec.definition.type, row, columns, work.now);
      const updated = spec.codec.decode(after);
      const refusedAfter = await spec.afterWrite?.(work, current, updated, change.input);
      if (isRefusal(refusedAfter)) return refusedAfter;
      await recordUpdated(work.trx, spec.definition, row, after, work.now);
      return updated;
    },
  };
}

export interface ValueDeleteSpec<Table extends OrganizationTable, Value, Changes> extends KindSpec<
  Table,
  Value,
  Changes
> {
  /** Why the record may not go (its dependents: 409), or undefined. */
  refusal?(work: Work, current: Value): Promise<Refusal | undefined>;
  /** What goes with the record, or no longer names it (its notes, its people), before it goes. */
  beforeDelete?(work: Work, current: Value): Promise<void>;
}

export function deleteValueCommand<Table extends OrganizationTable, Value, Changes>(
  spec: ValueDeleteSpec<Table, Value, Changes>,
): Command<Removal, undefined | Refusal> {
  return {
    action: spec.action,
    async run(work, removal) {
      const row = await toChange(work, spec.definition, removal);
      if (isRefusal(row)) return row;
      const current = spec.codec.decode(row);
      const refused = await spec.refusal?.(work, current);
      if (refused) return refused;
      await spec.beforeDelete?.(work, current);
      await deleteRecord(work.trx, spec.definition.type, row);
      await recordDeleted(work.trx, spec.definition, row, work.now);
      return undefined;
    },
  };
}
