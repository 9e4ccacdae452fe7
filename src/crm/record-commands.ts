/**
 * Changing and deleting a record, the same way for every kind (as units of work:
 * src/writes/unit-of-work.ts): the record is found within the organization (404 otherwise, as for
 * an id that does not exist), If-Match must name its version (412), the kind's rule judges the
 * input against it, the row is written only if still the version read, and the change is told.
 * A kind adds what else goes with its changes (a refusal, related records, events of its own).
 */
import type { OrganizationTable, RecordKind, RowOf } from './data/rows.js';
import type { Trx } from '../db/database.js';
import type { Actor } from '../policy/actor.js';
import type { Action } from '../policy/action.js';
import type { Change, Command, Removal, Work } from '../writes/unit-of-work.js';
import { isRefusal, type Refusal } from '../writes/refusal.js';
import { recordCreated, recordDeleted, recordUpdated, type Told } from './change-events.js';
import { deleteRecord, insertRecord, type NewRecord, recordToChange, updateRecord } from './records.js';
import { type Checked, refusalOfProblems } from './validation.js';

export type { Change, Removal } from '../writes/unit-of-work.js';

type Changes<Table extends OrganizationTable> = Partial<RowOf<Table>>;

/** The kind, and what the change is to the policy (who may make it is the grants' to say). */
interface WhoSpec<Table extends OrganizationTable> {
  definition: RecordKind<Table>;
  action: Action;
}

export interface CreateSpec<Table extends OrganizationTable, Input> extends WhoSpec<Table> {
  /** The kind's rule over the facts it loads: the values given and every problem. */
  check(trx: Trx, actor: Actor, input: Input): Promise<Checked<Changes<Table>>>;
  /** The new record's values: those given, and defaults for the rest. */
  values(given: Changes<Table>): NewRecord<Table>;
  /** What else the new record makes: related rows. */
  afterWrite?(work: Work, created: RowOf<Table>): Promise<void>;
}

export function createCommand<Table extends OrganizationTable, Input>(
  spec: CreateSpec<Table, Input>,
): Command<Input, RowOf<Table> | Refusal> {
  return {
    action: spec.action,
    async run(work, input) {
      const { trx, actor, now } = work;
      const checked = await spec.check(trx, actor, input);
      const refused = refusalOfProblems(checked);
      if (refused) return refused;
      const row = await insertRecord(
        trx,
        spec.definition.type,
        actor.organizationId,
        spec.values(checked.value),
        now,
      );
      await spec.afterWrite?.(work, row);
      await recordCreated(trx, spec.definition, row, now);
      return row;
    },
  };
}

export interface UpdateSpec<Table extends OrganizationTable, Input> extends WhoSpec<Table> {
  /** Refuses an actor who may not change this record (a note: only its author or an admin). */
  allow?(actor: Actor, current: RowOf<Table>): Refusal | undefined;
  /**
   * The kind's rule over the facts it loads: the values to write and every problem, or a refusal
   * that is not about a field (a client's link that may not make this change).
   */
  check(
    trx: Trx,
    actor: Actor,
    input: Input,
    current: RowOf<Table>,
  ): Promise<Checked<Changes<Table>> | Refusal>;
  /** A refusal that needs other records (no double booking), before anything is written. */
  beforeWrite?(work: Work, current: RowOf<Table>, changes: Changes<Table>): Promise<Refusal | void>;
  /** What else the change makes: related rows, events of its own. */
  afterWrite?(
    work: Work,
    current: RowOf<Table>,
    updated: RowOf<Table>,
    told: Told | undefined,
  ): Promise<void>;
  /** What the change made, as it is answered (read again once what it touched is kept). */
  made?(work: Work, updated: RowOf<Table>): Promise<RowOf<Table> | Refusal>;
}

export function updateCommand<Table extends OrganizationTable, Input>(
  spec: UpdateSpec<Table, Input>,
): Command<Change<Input>, RowOf<Table> | Refusal> {
  return {
    action: spec.action,
    async run(work, { id, ifMatch, input }) {
      const { trx, actor, now } = work;
      const current = await recordToChange(trx, spec.definition, actor.organizationId, id, ifMatch);
      if (isRefusal(current)) return current;
      const notAllowed = spec.allow?.(actor, current);
      if (notAllowed) return notAllowed;
      const checked = await spec.check(trx, actor, input, current);
      if (isRefusal(checked)) return checked;
      const refused = refusalOfProblems(checked);
      if (refused) return refused;
      const changes = checked.value;
      // Nothing to change: the record stays as it is, in its version.
      if (Object.keys(changes).length === 0) return current;
      const refusedBefore = await spec.beforeWrite?.(work, current, changes);
      if (refusedBefore) return refusedBefore;
      const updated = await updateRecord(trx, spec.definition.type, current, changes, now);
      const told = await recordUpdated(trx, spec.definition, current, updated, now);
      await spec.afterWrite?.(work, current, updated, told);
      return spec.made ? spec.made(work, updated) : updated;
    },
  };
}

export interface DeleteSpec<Table extends OrganizationTable> extends WhoSpec<Table> {
  allow?(actor: Actor, current: RowOf<Table>): Refusal | undefined;
  /**
   * What refuses the deletion (dependents: 409, returned as the deletion's refusal) or goes with
   * it (notes, links), before the row goes.
   */
  before?(work: Work, current: RowOf<Table>): Promise<Refusal | void>;
  /** What follows once the row is gone (what was derived from it). */
  after?(work: Work, current: RowOf<Table>): Promise<void>;
}

export function deleteCommand<Table extends OrganizationTable>(
  spec: DeleteSpec<Table>,
): Command<Removal, void | Refusal> {
  return {
    action: spec.action,
    async run(work, { id, ifMatch }) {
      const { trx, actor, now } = work;
      const current = await recordToChange(trx, spec.definition, actor.organizationId, id, ifMatch);
      if (isRefusal(current)) return current;
      const refused = spec.allow?.(actor, current) ?? (await spec.before?.(work, current));
      if (refused) return refused;
      await deleteRecord(trx, spec.definition.type, current);
      await recordDeleted(trx, spec.definition, current, now);
      await spec.after?.(work, current);
    },
  };
}
