/**
 * Group commit: short write transactions that arrive together share one transaction and one
 * commit. A commit is the dearest part of a small write (on SQLite, writing the WAL frames and
 * now and then a checkpoint), so under load this multiplies how many writes a second the
 * database takes. Each caller still gets its own result only once its writes are committed.
 * If any job of a batch fails, or answers what its caller says is to be rolled back (a refusal:
 * src/writes/refusal.ts), the batch is rolled back and every job runs again in a transaction of
 * its own, so one failure or refusal never fails, or loses, another caller's writes.
 * Jobs must not depend on running alone: they see the writes of the jobs before them.
 */
import type { Db, Trx } from './database.js';

/** A job's work in a transaction, and whether what it answered is to be rolled back. */
export type TransactionJob<Result> = (trx: Trx) => Promise<Result>;
export type RollsBack<Result> = (result: Result) => boolean;

const keepsAll = () => false;

/**
 * Runs `job` in a transaction of its own, committed unless the job throws or `rollsBack` says
 * so of its result, which is returned either way.
 */
export async function inTransaction<Result>(
  db: Db,
  job: TransactionJob<Result>,
  rollsBack: RollsBack<Result> = keepsAll,
): Promise<Result> {
  const trx = await db.startTransaction().execute();
  try {
    const result = await job(trx);
    await (rollsBack(result) ? trx.rollback() : trx.commit()).execute();
    return result;
  } catch (error) {
    if (!trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute();
    throw error;
  }
}

interface Pending<Result> {
  job: TransactionJob<Result>;
  rollsBack: RollsBack<Result>;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

const MAX_BATCH = 128;

export class GroupCommit {
  readonly #db: Db;
  readonly #batching: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  #queue: Array<Pending<any>> = [];
  #flushing = false;

  /**
   * `batching: false` runs each job in a transaction of its own at once: for PostgreSQL, whose
   * connections write in parallel and whose commits arriving together already share a WAL
   * flush, so a shared transaction would only queue every job's round trips behind each other.
   */
  constructor(db: Db, { batching = true }: { batching?: boolean } = {}) {
    this.#db = db;
    this.#batching = batching;
  }

  /** Runs `job`, rolling its writes back when it throws or `rollsBack` says so of its result. */
  run<Result>(job: TransactionJob<Result>, rollsBack: RollsBack<Result> = keepsAll): Promise<Result> {
    if (!this.#batching) return inTransaction(this.#db, job, rollsBack);
    return new Promise<Result>((resolve, reject) => {
      this.#queue.push({ job, rollsBack, resolve, reject });
      if (!this.#flushing) {
        this.#flushing = true;
        // Let the jobs that arrive in this turn of the event loop join the batch.
        setImmediate(() => void this.#flush());
      }
    });
  }

  async #flush(): Promise<void> {
    // One batch at a time: jobs that arrive while it commits form the next one.
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, MAX_BATCH);
      await this.#commit(batch);
    }
    this.#flushing = false;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async #commit(batch: Array<Pending<any>>): Promise<void> {
    if (batch.length > 1) {
      try {
        const together = await inTransaction(
          this.#db,
          async (trx) => {
            const results: unknown[] = [];
            for (const pending of batch) {
              const result: unknown = await pending.job(trx);
              // A refused job's writes are in the shared transaction: none of it may commit.
              if (pending.rollsBack(result)) return undefined;
              results.push(result);
            }
            return results;
          },
          (results) => results === undefined,
        );
        if (together) {
          batch.forEach((pending, i) => pending.resolve(together[i]));
          return;
        }
      } catch {
        // Fall through.
      }
    }
    // Each job alone, so only the failing or refused one is rolled back.
    await Promise.all(
      batch.map((pending) =>
        inTransaction(this.#db, pending.job, pending.rollsBack).then(pending.resolve, pending.reject),
      ),
    );
  }
}
