/**
 * Serialized resources kept by version (src/api/resource-fragments.ts): found by the version key a
 * page's query reads (`<id> <updated_at>`), one version per resource (a newer one replaces the
 * older), bounded with the oldest going first.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  type Fragment,
  idOfVersionKey,
  ResourceFragments,
  versionKey,
} from '../../src/api/resource-fragments.js';

const fragment = (id: string, text: string): Fragment => ({
  id,
  json: Buffer.from(JSON.stringify({ id, text })),
  sortValues: { name: text },
});
const V1 = '2026-01-01T00:00:00.000Z';
const V2 = '2026-01-01T00:00:00.001Z';

it('finds a resource by the key of the version it was kept in, and by no other', () => {
  const fragments = new ResourceFragments(10);
  const kept = fragment('a', 'first');
  fragments.set('notes', V1, kept);
  assert.equal(versionKey('a', V1), `a ${V1}`);
  assert.equal(fragments.get('notes', `a ${V1}`), kept);
  assert.equal(fragments.get('notes', `a ${V2}`), undefined, 'another version');
  assert.equal(fragments.get('bookings', `a ${V1}`), undefined, 'another type');
  assert.deepEqual([fragments.hits, fragments.misses], [1, 2]);
});

it('keeps one version of each resource: a newer one replaces the older', () => {
  const fragments = new ResourceFragments(10);
  fragments.set('notes', V1, fragment('a', 'first'));
  fragments.set('notes', V2, fragment('a', 'second'));
  assert.equal(fragments.size, 1);
  assert.equal(fragments.get('notes', versionKey('a', V1)), undefined);
  assert.equal(fragments.get('notes', versionKey('a', V2))?.sortValues.name, 'second');
  // The same version kept again (two pages serialized it at once) is still one entry.
  fragments.set('notes', V2, fragment('a', 'second'));
  assert.equal(fragments.size, 1);
});

it('lets the oldest entry go when full, and keeps a resource evicted and kept again once', () => {
  const fragments = new ResourceFragments(3);
  for (const id of ['a', 'b', 'c', 'd']) fragments.set('notes', V1, fragment(id, id));
  assert.equal(fragments.size, 3);
  assert.equal(fragments.get('notes', versionKey('a', V1)), undefined, 'the oldest went');
  for (const id of ['b', 'c', 'd']) assert.ok(fragments.get('notes', versionKey(id, V1)), id);
  // "a" again, in a newer version: it takes the place of the oldest left ("b"), once.
  fragments.set('notes', V2, fragment('a', 'again'));
  fragments.set('notes', V2, fragment('a', 'again'));
  assert.equal(fragments.size, 3);
  assert.equal(fragments.get('notes', versionKey('b', V1)), undefined);
  assert.equal(fragments.get('notes', versionKey('a', V2))?.sortValues.name, 'again');
});

it('gives back the id a version key was made of, whatever the id holds', () => {
  for (const id of ['not_01J9Z', 'a b', ' ', '']) assert.equal(idOfVersionKey(versionKey(id, V1)), id);
});
