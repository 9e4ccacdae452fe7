/**
 * Creating many records at once (an import), by the same rules and change events as one at a
 * time: every entry is judged first, with facts loaded for the whole organization (facts.ts),
 * and the records are written (in multi-row statements) only when no entry has a problem and the
 * caller asked for a write; a check alone (a dry run) writes nothing, so nothing is rolled back.
 */
import type { OrganizationTable, RecordKind, RowOf } from './data/rows.js';
import { isoTime } from '../clock.js';
import type { Trx } from '../db/database.js';
import { monotonicId } from '../db/ids.js';
import { insertInChunks } from '../db/insert-in-chunks.js';
import type { FieldProblem } from '../errors.js';
import type { Work } from '../writes/unit-of-work.js';
import { recordCreatedInBulk } from './change-events.js';
import type { Checked } from './validation.js';

/** Rows per insert statement: well under SQLite's 32,766 bound parameters and PostgreSQL's 65,535. */
export const ROWS_PER_INSERT = 400;

export interface BulkEntry<Input> {
  input: Input;
  /** How a clash with it is told on another entry: e.g. "row 7 of this file". */
  label: string;
}

export interface BulkProgress {
  phase(label: string, total: number | undefined, unit?: string): void;
  update(done: number): void;
}

export interface BulkRequest<Input> {
  entries: ReadonlyArray<BulkEntry<Input>>;
  /** Write when every entry passes; false checks only (a dry run, or input already refused). */
  write: boolean;
  progress?: BulkProgress | undefined;
}

export interface BulkOutcome<Row> {
  /** The records written, in the order of the entries (none unless every entry passed). */
  created: Row[];
  /** Each entry's problems, by its index; entries without problems are left out. */
  problems: Array<{ index: number; problems: readonly FieldProblem[] }>;
}

export const silent: BulkProgress = { phase() {}, update() {} };

/** A new record's id, organization and timestamps; ids sort in the entries' order. */
export function stamped<Values>(values: Values, organizationId: string, now: number) {
  const at = isoTime(now);
  return { ...values, id: monotonicId(now), organization_id: organizationId, created_at: at, updated_at: at };
}

/** Judges every entry with `check`, reporting progress. */
export function judgeAll<Input, Value>(
  request: BulkRequest<Input>,
  check: (input: Input) => Checked<Value>,
): { values: Value[]; problems: BulkOutcome<never>['problems'] } {
  const progress = request.progress ?? silent;
  progress.phase('Checking', request.entries.length, ' rows');
  const problems: BulkOutcome<never>['problems'] = [];
  const values = request.entries.map((entry, index) => {
    if (index % 1000 === 0) progress.update(index);
    const checked = check(entry.input);
    if (checked.problems.length > 0) problems.push({ index, problems: checked.problems });
    return checked.value;
  });
  return { values, problems };
}

/** Inserts the rows and tells of each (`*.created`), reporting progress. */
export async function insertAll<Table extends OrganizationTable>(
  work: Work,
  definition: RecordKind<Table>,
  rows: ReadonlyArray<RowOf<Table>>,
  progress: BulkProgress = silent,
  more?: (trx: Trx) => Promise<void>,
): Promise<void> {
  progress.phase('Writing', rows.length, ' rows');
  await insertInChunks(work.trx, definition.type, rows as never, ROWS_PER_INSERT);
  await more?.(work.trx);
  progress.phase('Events', rows.length, ' events');
  await recordCreatedInBulk(work.trx, definition, work.actor.organizationId, rows, work.now, (n) =>
    progress.update(n),
  );
}
