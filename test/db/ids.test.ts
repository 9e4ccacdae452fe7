/** Identifiers: time-ordered, and for events strictly increasing within one millisecond too. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { monotonicId, newId } from '../../src/db/ids.js';

it('makes monotonic ids that sort in the order made, within one millisecond', () => {
  const now = Date.parse('2027-01-01T00:00:00.000Z');
  const ids = Array.from({ length: 500 }, () => monotonicId(now));
  assert.deepEqual([...ids].sort(), ids);
  assert.equal(new Set(ids).size, ids.length);
  assert.ok(ids.every((id) => /^[0-9a-z]{26}$/.test(id)));
  assert.ok(monotonicId(now + 1) > ids.at(-1)!, 'a later millisecond sorts after');
  assert.ok(newId(now + 2) > newId(now + 1), 'plain ids sort by their time');
});
