/**
 * The one way data of an organization is written (docs/decisions/0006-the-write-seam.md). A unit
 * of work owns, for one write:
 * - the transaction, opened here and nowhere else (or shared with the writes of the same turn of
 *   the event loop, for the routes that opt into group commit: src/db/group-commit.ts);
 * - the organization's write lock, taken first (src/db/organization-lock.ts), so every check the
 *   command makes sees the state it will commit on;
 * - the instant of the write, read once: every timestamp and change event it writes carries it;
 * - with an Idempotency-Key, the first response, stored in the same transaction (idempotency.ts).
 * Commands receive the unit of work (transaction, actor, instant) and their input, never the
 * database handle, so nothing they read can come from outside the locked transaction. What they
 * touched is kept once they have run, before the commit (keeping.ts): a booking's derived state.
 * A command refuses by returning a Refusal (refusal.ts); one thrown by the rules inside it (an
 * error of the API with a 4xx status) is made one here, once. Refused, the transaction is rolled
 * back and nothing is done after it: `write` throws the refusal as the API's error, `attempt`
 * hands it to the page that renders it.
 */
import type { Trx } from '../db/database.js';
import { inTransaction } from '../db/group-commit.js';
import { longWritesOf } from '../db/long-writes.js';
import { lockOrganization } from '../db/organization-lock.js';
import { isoTime } from '../clock.js';
import { ApiError } from '../errors.js';
import type { Actor } from '../policy/actor.js';
import type { Command, Made, Work, Writer } from './command.js';
import { policyRefusal } from './permit.js';
import { Touched } from './keeping.js';
import { workOf } from './work.js';
import {
  type CreateResponse,
  IDEMPOTENCY_RETENTION_SECONDS,
  type IdempotencyKey,
  type IdempotentOutcome,
  replay,
  requestHash,
} from './idempotency.js';
import { findStoredResponse, storeResponse } from './idempotency.repository.js';
import { type Attempt, isRefusal, type Refusal, refusalOf } from './refusal.js';

export type { Change, Command, Keeper, Made, Removal, Work, Writer } from './command.js';
export { workIn } from './work.js';

export interface WriteOptions {
  /** Share one commit with the writes of the same turn (only where a bench row measured the gain). */
  groupCommit?: boolean;
  /**
   * Work that commits with the command's or not at all, run in its transaction once the command
   * has made what it makes: a job's completion (src/jobs/runner.ts). If it throws, nothing is
   * written. Such a write commits alone.
   */
  alsoCommit?: (trx: Trx) => Promise<void>;
}

function job<Input, Result>(
  actor: Actor,
  command: Command<Input, Result>,
  input: Input,
  now: number,
  afterCommit: Work['afterCommit'],
  alsoCommit?: (trx: Trx) => Promise<void>,
) {
  return async (trx: Trx): Promise<Made<Result> | Refusal> => {
    // A job of a shared commit runs again alone when another is refused: its work after the
    // commit is what its last run asked for, once.
    afterCommit.length = 0;
    try {
      const refused = policyRefusal(actor, command.action, command.subject?.(input), undefined);
      if (refused) return refused;
      await lockOrganization(trx, actor.organizationId, command.lock ?? 'exclusive');
      const work = workOf({ trx, actor, now, afterCommit, touched: new Touched() }, command.action);
      const outcome = (await command.run(work, input)) as Made<Result> | Refusal;
      if (isRefusal(outcome)) return outcome;
      // What its commands touched, each kept once; a refusal of keeping is the command's.
      const refusedKeeping = await work.keep();
      if (refusedKeeping) return refusedKeeping;
      await alsoCommit?.(trx);
      return outcome;
    } catch (error) {
      // A rule deep inside refused by throwing: the same refusal, as a value from here on.
      const refusal = refusalOf(error);
      if (refusal) return refusal;
      throw error;
    }
  };
}

/**
 * Runs `command` as one unit of work: what it made once that is committed and the work after the
 * commit is done, or its refusal, with nothing written.
 */
async function commit<Input, Result>(
  writer: Writer,
  actor: Actor,
  command: Command<Input, Result>,
  input: Input,
  options: WriteOptions,
): Promise<Made<Result> | Refusal> {
  const afterCommit: Work['afterCommit'] = [];
  const run = job(actor, command, input, writer.clock.now(), afterCommit, options.alsoCommit);
  const outcome = await (options.groupCommit && writer.commits && !options.alsoCommit
    ? writer.commits.run(run, isRefusal)
    : inTransaction(command.longWrite?.(input) ? longWritesOf(writer.db) : writer.db, run, isRefusal));
  if (isRefusal(outcome)) return outcome;
  for (const task of afterCommit) await task(writer);
  return outcome;
}

/**
 * Runs `command` as a unit of work inside `trx`, a transaction its caller holds and commits (a
 * shared transaction of jobs: src/jobs/shared-transaction.ts): what it made, or its refusal,
 * whose writes the caller rolls back. Its work after the commit goes to `afterCommit`, for the
 * caller to do once `trx` is committed.
 */
export function writeInside<Input, Result>(
  trx: Trx,
  now: number,
  actor: Actor,
  command: Command<Input, Result>,
  input: Input,
  afterCommit: Work['afterCommit'],
): Promise<Made<Result> | Refusal> {
  return job(actor, command, input, now, afterCommit)(trx);
}

/**
 * Runs `command` as one unit of work and returns what it made once that is committed; a refusal
 * is thrown as the error the API answers (the API, the command line, the assistant's tools).
 */
export async function write<Input, Result>(
  writer: Writer,
  actor: Actor,
  command: Command<Input, Result>,
  input: Input,
  options: WriteOptions = {},
): Promise<Made<Result>> {
  const outcome = await commit(writer, actor, command, input, options);
  if (isRefusal(outcome)) throw outcome.asError();
  return outcome;
}

/**
 * Runs `command` as one unit of work for a page: what it made, or the refusal to render. Only
 * failures (a server error, anything not a refusal) are thrown.
 */
export async function attempt<Input, Result>(
  writer: Writer,
  actor: Actor,
  command: Command<Input, Result>,
  input: Input,
  options: WriteOptions = {},
): Promise<Attempt<Made<Result>>> {
  const outcome = await commit(writer, actor, command, input, options);
  return isRefusal(outcome) ? { ok: false, refusal: outcome } : { ok: true, value: outcome };
}

/**
 * Runs a create and makes its response: with an Idempotency-Key, once per key (below); without
 * one, as any write.
 */
export async function writeCreate<Input, Result, Body>(
  writer: Writer,
  actor: Actor,
  command: Command<Input, Result>,
  input: Input,
  respond: (result: Made<Result>) => CreateResponse<Body>,
  options: WriteOptions & { key?: IdempotencyKey | undefined } = {},
): Promise<IdempotentOutcome<Body>> {
  if (options.key) return writeIdempotently(writer, actor, command, input, options.key, respond);
  return { ...respond(await write(writer, actor, command, input, options)), replayed: false };
}

/**
 * Runs a create with an Idempotency-Key: the first request with the key runs `command` and stores
 * `respond(result)` in its transaction; later ones with the same key and body get that response.
 */
export async function writeIdempotently<Input, Result, Body>(
  writer: Writer,
  actor: Actor,
  command: Command<Input, Result>,
  input: Input,
  key: IdempotencyKey,
  respond: (result: Made<Result>) => CreateResponse<Body>,
): Promise<IdempotentOutcome<Body>> {
  const now = writer.clock.now();
  const times = { now: isoTime(now), expiredBefore: isoTime(now - IDEMPOTENCY_RETENTION_SECONDS * 1000) };
  const hash = requestHash(key.body);
  const stored = () => findStoredResponse(writer.db, key.scope, key.key, times.expiredBefore);

  const earlier = await stored();
  if (earlier) return replay(earlier, hash);

  const trx = await writer.db.startTransaction().execute();
  try {
    // Creates leave no work for after their commit.
    const outcome = await job(actor, command, input, now, [])(trx);
    if (isRefusal(outcome)) {
      await trx.rollback().execute();
      throw outcome.asError();
    }
    const response = respond(outcome);
    if (await storeResponse(trx, key.scope, key.key, { requestHash: hash, ...response }, times)) {
      await trx.commit().execute();
      return { ...response, replayed: false };
    }
    await trx.rollback().execute();
  } catch (error) {
    if (!trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute();
    throw error;
  }
  // Another request with the key committed first: its response is the answer.
  const raced = await stored();
  if (raced) return replay(raced, hash);
  throw new ApiError(
    409,
    'idempotency_in_progress',
    'Another request with this Idempotency-Key is in progress; retry.',
  );
}
