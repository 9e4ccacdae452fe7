/**
 * Group commit: short write transactions that arrive together share one transaction and one
 * commit. A commit is the dearest part of a small write (on SQLite, writing the WAL frames and
 * now and then a checkpoint), so under load this multiplies how many writes a second the
 * database takes. Each caller still gets its own result only once its writes are committed.
 * If any job of a batch fails, the batch is rolled back and every job runs again in a
 * transaction of its own, so one failure never fails, or loses, another caller's writes.
 * Jobs must not depend on running alone: they see the writes of the jobs before them.
 */
import type { Db, Trx } from './database.js';

interface Pending<Result> {
  job: (trx: Trx) => Promise<Result>;
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

  run<Result>(job: (trx: Trx) => Promise<Result>): Promise<Result> {
    if (!this.#batching) return this.#db.transaction().execute(job);
    return new Promise<Result>((resolve, reject) => {
      this.#queue.push({ job, resolve, reject });
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
        const results = await this.#db.transaction().execute(async (trx) => {
          const out: unknown[] = [];
          for (const pending of batch) out.push(await pending.job(trx));
          return out;
        });
        batch.forEach((pending, i) => pending.resolve(results[i]));
        return;
      } catch {
        // Fall through: each job alone, so only the failing one fails.
      }
    }
    await Promise.all(
      batch.map((pending) =>
        this.#db.transaction().execute(pending.job).then(pending.resolve, pending.reject),
      ),
    );
  }
}
