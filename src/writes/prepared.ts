/**
 * Work a command needs done before its unit of work, off the organization's lock (a document's
 * templates rendered on a rendering thread): done first, from what the database says then, and
 * handed to the command as its input. The command checks, under the lock, that it was made from
 * what it reads there; when it was not (another write changed it meanwhile, or took the version
 * it was made for), it refuses with `STALE_PREPARATION` and the work is done again, a few times.
 * Preparations of the same thing (a booking's next proposal) wait for each other in a process, so
 * that they do not make each other stale; between processes, a retry makes up for it.
 */
import { ApiError } from '../errors.js';

export const STALE_PREPARATION = 'changed_while_prepared';

const ATTEMPTS = 3;

/** The last preparation of each thing under way: the next waits for it. */
const underWay = new Map<string, Promise<unknown>>();

export async function withPreparation<Input, Result>(
  of: string,
  prepare: () => Promise<Input>,
  run: (input: Input) => Promise<Result>,
): Promise<Result> {
  const before = underWay.get(of) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(() => prepareAndRun(prepare, run));
  underWay.set(of, mine);
  try {
    return await mine;
  } finally {
    if (underWay.get(of) === mine) underWay.delete(of);
  }
}

async function prepareAndRun<Input, Result>(
  prepare: () => Promise<Input>,
  run: (input: Input) => Promise<Result>,
): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const input = await prepare();
    try {
      return await run(input);
    } catch (error) {
      if (attempt < ATTEMPTS && error instanceof ApiError && error.code === STALE_PREPARATION) continue;
      throw error;
    }
  }
}
