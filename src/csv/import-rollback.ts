/**
 * An import is all rows or none (SPEC §10): its unit of work is rolled back when a row has a
 * problem, or on a dry run, once every row is judged. The import says so by returning this
 * refusal (src/writes/refusal.ts), which carries what was read, so the result still tells how
 * many rows passed though nothing is kept.
 */
import { type Refusal, refuse } from '../writes/refusal.js';

const ROLLED_BACK = 'import_rolled_back';

/** Rolls the import's unit of work back, keeping what it read. */
export function rolledBack<Read>(read: Read): Refusal<Read> {
  return refuse({
    status: 422,
    code: ROLLED_BACK,
    detail: 'The import is rolled back: a row has a problem, or it is a dry run.',
    payload: read,
  });
}

/**
 * What a rolled-back import read. Any other refusal (a rule that refused the import as a whole)
 * is answered as the error it has always been, to the command line and the page alike.
 */
export function readBeforeRollback<Read>(refusal: Refusal): Read {
  if (refusal.code !== ROLLED_BACK) throw refusal.asError();
  return refusal.payload as Read;
}
