/**
 * PostgreSQL timestamps become the ISO strings SQLite rows carry: the direct rewrite of the UTC
 * text form names the same instant for every such value (truncated to milliseconds), and real
 * values read through the driver look the same as on SQLite.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import { sql } from 'kysely';
import { isoFromPostgres } from '../../src/db/postgres-timestamps.js';
import { onDatabase } from '../helpers/databases.js';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

it('rewrites the UTC text form to the same instant, truncated to milliseconds', () => {
  fc.assert(
    fc.property(
      fc.date({
        min: new Date('0001-01-01T00:00:00Z'),
        max: new Date('9999-12-31T23:59:59Z'),
        noInvalidDate: true,
      }),
      fc.integer({ min: 0, max: 6 }),
      fc.integer({ min: 0, max: 999_999 }),
      (date, digits, micros) => {
        const fraction = digits === 0 ? '' : `.${pad(micros, 6).slice(0, digits)}`;
        const text =
          `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)} ` +
          `${pad(date.getUTCHours(), 2)}:${pad(date.getUTCMinutes(), 2)}:${pad(date.getUTCSeconds(), 2)}${fraction}+00`;
        // The instant the text names (built field by field: Date's text parser takes years
        // below 100 for 19xx, and Date.UTC does too).
        const instant = new Date(0);
        instant.setUTCFullYear(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
        instant.setUTCHours(
          date.getUTCHours(),
          date.getUTCMinutes(),
          date.getUTCSeconds(),
          digits === 0 ? 0 : Math.floor(Number(`0${fraction}`) * 1000 + 1e-9),
        );
        assert.equal(isoFromPostgres(text), instant.toISOString(), text);
      },
    ),
    { numRuns: 2000 },
  );
  // Other forms (an offset, no offset) still go through Date.
  assert.equal(isoFromPostgres('2024-01-01 01:00:00+01'), '2024-01-01T00:00:00.000Z');
});

it('reads every other text as Date does, the near misses of the UTC form included', () => {
  // What the UTC form is, as a pattern: only texts it matches may skip Date.
  const UTC_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;
  const viaDate = (text: string) => {
    try {
      return new Date(text).toISOString();
    } catch {
      return 'invalid';
    }
  };
  const read = (text: string) => {
    try {
      return isoFromPostgres(text);
    } catch {
      return 'invalid';
    }
  };
  const valid = fc
    .tuple(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 0, max: 6 }), fc.nat(999_999))
    .map(([year, digits, micros]) => {
      const fraction = digits === 0 ? '' : `.${pad(micros, 6).slice(0, digits)}`;
      return `${year}-06-15 12:34:56${fraction}+00`;
    });
  // A valid text with one character replaced, inserted or removed.
  const nearMiss = fc
    .tuple(
      valid,
      fc.nat(40),
      fc.constantFrom(...'0123456789-: .+Za'),
      fc.constantFrom('replace', 'insert', 'remove'),
    )
    .map(([text, at, character, edit]) => {
      const i = at % text.length;
      if (edit === 'remove') return text.slice(0, i) + text.slice(i + 1);
      return text.slice(0, i) + character + text.slice(edit === 'replace' ? i + 1 : i);
    });
  fc.assert(
    fc.property(fc.oneof(nearMiss, fc.string({ unit: fc.constantFrom(...'0123456789-: .+') })), (text) => {
      if (!UTC_TEXT.test(text)) assert.equal(read(text), viaDate(text), text);
      else assert.match(read(text), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, text);
    }),
    { numRuns: 5000 },
  );
});

onDatabase('postgres', (suite) => {
  it('reads timestamps through the driver as ISO strings with milliseconds', async () => {
    const { rows } = await sql<{ a: string; b: string; c: string }>`select
        '2024-01-01 00:00:01.123456+00'::timestamptz as a,
        '2024-06-30 23:59:59+02'::timestamptz as b,
        '1999-12-31 23:59:59.9+00'::timestamptz as c`.execute(suite.db);
    assert.deepEqual(rows[0], {
      a: '2024-01-01T00:00:01.123Z',
      b: '2024-06-30T21:59:59.000Z',
      c: '1999-12-31T23:59:59.900Z',
    });
  });
});
