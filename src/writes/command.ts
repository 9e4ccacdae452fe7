/**
 * The shapes of a write (docs/decisions/0006-the-write-seam.md): a command, the unit of work it is
 * given, and where writes go. unit-of-work.ts runs them.
 */
import type { Clock } from '../clock.js';
import type { Db, Trx } from '../db/database.js';
import type { GroupCommit } from '../db/group-commit.js';
import type { LockMode } from '../db/organization-lock.js';
import type { Actor } from '../policy/actor.js';
import type { Action } from '../policy/action.js';
import type { Refusal } from './refusal.js';

export interface Work {
  readonly trx: Trx;
  readonly actor: Actor;
  /** The instant of this write (milliseconds since the epoch). */
  readonly now: number;
  /**
   * Work to do after the commit, in transactions of its own, before the write's caller is
   * answered (src/crm/follow-ups.ts): a command adds to it.
   */
  readonly afterCommit: Array<(writer: Writer) => Promise<void>>;
  /**
   * Runs another command inside this unit of work (a lead makes its account): judged by the
   * policy as any command is, where this command's action may entail it (permit.ts). The inner
   * command's refusal (or the policy's) is returned: the command returns it in turn, and it
   * refuses the whole unit of work.
   */
  run<Input, Result>(command: Command<Input, Result>, input: Input): Promise<Made<Result> | Refusal>;
  /**
   * Marks a record whose derived state `keeper` keeps (a booking's: src/crm/bookings/aggregate.ts)
   * as touched, with what changed: marks of one record merge across the whole unit of work, which
   * keeps each touched record once, after its command has run, in its transaction (keeping.ts).
   */
  touch<Marks>(keeper: Keeper<Marks>, id: string, marks: Marks): void;
  /**
   * Keeps now what was touched so far, for a command that goes on to read what keeping makes (what
   * it answers, a state it stores). A refusal of keeping is returned: the command returns it.
   */
  keep(): Promise<Refusal | undefined>;
}

/**
 * What keeps one kind of record's derived state: how two marks of it combine, and the keeping
 * itself, in the unit of work's transaction (it may refuse, by returning the Refusal).
 */
export interface Keeper<Marks> {
  merge(earlier: Marks, later: Marks): Marks;
  keep(work: Work, id: string, marks: Marks): Promise<Refusal | void>;
}

/** A change to an organization's data: what it is to the policy, what it needs locked, the change itself. */
export interface Command<Input, Result> {
  /** What the command does, as grants name it (src/policy): nobody may run a command without one. */
  readonly action: Action;
  /** The record it acts on, where a grant may be limited to one record (a client's own document). */
  subject?(input: Input): string | undefined;
  /** `shared` for writes that only add beside what they name (a note); default exclusive. */
  readonly lock?: LockMode;
  /** Whether this write may be long (over every record): it runs on the long writes' connection (src/db/long-writes.ts). */
  longWrite?(input: Input): boolean;
  /**
   * The change. A command that refuses says so in its type (`Command<Input, Made | Refusal>`)
   * and returns the Refusal instead of what it made: the unit of work rolls back on it.
   */
  run(work: Work, input: Input): Promise<Result>;
}

/** What a command makes when it is not refused. */
export type Made<Result> = Exclude<Result, Refusal>;

/** An update: which record, the version it was read at (If-Match), and what to change. */
export interface Change<Input> {
  id: string;
  ifMatch: string | undefined;
  input: Input;
}

/** A deletion: which record, and the version it was read at. */
export interface Removal {
  id: string;
  ifMatch: string | undefined;
}

/** Where writes go: the database, the clock they take their instant from, shared commits. */
export interface Writer {
  readonly db: Db;
  readonly clock: Clock;
  /** Absent where nothing shares commits (the command line). */
  readonly commits?: GroupCommit;
}
