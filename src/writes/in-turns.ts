/**
 * Long writes that let the event loop turn. On SQLite a statement is a synchronous call and a
 * unit of work's statements follow each other as microtasks, so a unit of work of a thousand
 * statements (a guest change pricing 500 lines again, each told) held every other request for a
 * quarter of a second. Here the loop comes round every few rows: other requests' reads and
 * cached answers go on meanwhile, and their writes wait for the connection, as they would anyway.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Rows between turns of the event loop: each row is a statement or two, some 0.5 ms on SQLite. */
const ROWS_A_TURN = 25;

/** Runs `each` over `rows` in order, one at a time, letting the event loop turn every few rows. */
export async function inTurns<T>(rows: Iterable<T>, each: (row: T) => Promise<unknown>): Promise<void> {
  let done = 0;
  for (const row of rows) {
    if (done > 0 && done % ROWS_A_TURN === 0) await nextTurn();
    await each(row);
    done += 1;
  }
}
