/** Identifiers and timestamps as the database stores them. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { newId, nowIso } from '../../src/db/ids.js';

it('writes any instant as the ISO-8601 UTC string, the same one for the same millisecond', () => {
  const instants = [
    0, 1_795_314_742_123, 1_795_314_742_123, 1_795_314_742_124, 1_795_314_742_123, 86_400_000,
  ];
  for (const instant of instants) assert.equal(nowIso(instant), new Date(instant).toISOString());
  const before = Date.now();
  const now = Date.parse(nowIso());
  assert.ok(now >= before && now <= Date.now());
});

it('makes 26-character ids that sort by creation time and do not repeat', () => {
  const ids = Array.from({ length: 1000 }, (_, i) => newId(1_795_314_742_000 + i));
  for (const id of ids) assert.match(id, /^[0-9a-z]{26}$/);
  assert.deepEqual([...ids].sort(), ids);
  assert.equal(new Set(Array.from({ length: 1000 }, () => newId(1_795_314_742_000))).size, 1000);
});
