/**
 * Cursors: what one codec issued, it and any codec with the same key (another worker) take back;
 * nothing altered or signed with another key is taken, however many cursors were kept before.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { it } from 'node:test';
import { type Cursor, CursorCodec } from '../../src/crm/data/cursor.js';
import { BadRequestError } from '../../src/errors.js';

const key = randomBytes(32);
const cursorAt = (n: number): Cursor => ({
  sort: '-created_at',
  value: `2026-01-01T00:00:${String(n % 60).padStart(2, '0')}.000Z`,
  id: `row-${n}`,
  filters: 'f1',
});
const expected = { sort: '-created_at', filters: 'f1' };

it('takes back the cursors it issued, and those another codec with the same key issued', () => {
  const codec = new CursorCodec(key);
  const text = codec.encode(cursorAt(1));
  assert.equal(codec.encode(cursorAt(1)), text, 'one cursor, one text');
  assert.deepEqual(codec.decode(text, 'page[after]', expected), cursorAt(1));
  const sibling = new CursorCodec(Buffer.from(key));
  assert.deepEqual(sibling.decode(text, 'page[after]', expected), cursorAt(1));
  assert.deepEqual(sibling.decode(text, 'page[after]', expected), cursorAt(1), 'and again, once kept');
});

it('refuses altered cursors and cursors of another key, before and after it has seen the real one', () => {
  const codec = new CursorCodec(key);
  const stranger = new CursorCodec(randomBytes(32)).encode(cursorAt(2));
  assert.throws(() => codec.decode(stranger, 'page[after]', expected), BadRequestError);
  const text = codec.encode(cursorAt(2));
  const [payload, signature] = text.split('.') as [string, string];
  const variants = [
    `${payload}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`,
    `${payload}.${signature}A`,
    `${payload}.${signature}.${signature}`,
    `${Buffer.from(JSON.stringify(['-created_at', 'x', 'row-2', 'f1'])).toString('base64url')}.${signature}`,
    `${payload}`,
  ];
  for (const variant of variants) {
    assert.throws(() => codec.decode(variant, 'page[before]', expected), BadRequestError, variant);
  }
  assert.deepEqual(codec.decode(text, 'page[after]', expected), cursorAt(2));
  for (const variant of variants) {
    assert.throws(() => codec.decode(variant, 'page[before]', expected), BadRequestError, variant);
  }
});

it('keeps the sort and filters checks for cursors it knows', () => {
  const codec = new CursorCodec(key);
  const text = codec.encode(cursorAt(3));
  assert.throws(() => codec.decode(text, 'page[after]', { sort: 'created_at', filters: 'f1' }), /sort/);
  assert.throws(() => codec.decode(text, 'page[after]', { sort: '-created_at', filters: 'f2' }), /filters/);
  const decoded = codec.decode(text, 'page[after]', expected);
  decoded.value = 'changed by a caller';
  assert.deepEqual(
    codec.decode(text, 'page[after]', expected),
    cursorAt(3),
    'a caller cannot change what is kept',
  );
});

it('still takes back its first cursors after issuing more than it keeps', () => {
  const codec = new CursorCodec(key);
  const first = codec.encode(cursorAt(0));
  for (let n = 1; n <= 10_050; n++) codec.encode(cursorAt(n));
  assert.deepEqual(codec.decode(first, 'page[after]', expected), cursorAt(0));
  assert.equal(codec.encode(cursorAt(0)), first);
});

it('gives one row at the edge of many lists a cursor of each list, the same text each time', () => {
  const codec = new CursorCodec(key);
  const lists = Array.from({ length: 20 }, (_, n) => ({
    ...cursorAt(1),
    sort: n % 2 === 0 ? '-created_at' : 'updated_at',
    value: n % 4 < 2 ? cursorAt(1).value : cursorAt(2).value,
    filters: `f${n}`,
  }));
  const texts = lists.map((cursor) => codec.encode(cursor));
  assert.equal(new Set(texts).size, lists.length, 'each list its own cursor');
  // Asked again after more lists than a row keeps (the first ones were let go): the same texts.
  assert.deepEqual(
    lists.map((cursor) => codec.encode(cursor)),
    texts,
  );
  lists.forEach((cursor, n) =>
    assert.deepEqual(
      codec.decode(texts[n]!, 'page[after]', { sort: cursor.sort, filters: cursor.filters }),
      cursor,
    ),
  );
});
