/**
 * Revenue by space (SPEC §14) splits each line among its spaces in whole minor units, the
 * remainder one unit each to the first spaces. The database sums the lines that leave the same
 * remainder; the parts of such a sum are exactly the parts of its lines added up, for any
 * amounts (discounts included) and any number of spaces.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import { splitEvenly, splitSum } from '../../src/crm/reports/revenue-by-space.js';

const floorMod = (amount: number, parts: number) => ((amount % parts) + parts) % parts;

it('gives a group of lines the parts its lines would have added up', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 12 }),
      fc.array(fc.integer({ min: -5_000_000, max: 50_000_000 }), { minLength: 1, maxLength: 40 }),
      (parts, amounts) => {
        const byRemainder = new Map<number, number[]>();
        for (const amount of amounts) {
          const r = floorMod(amount, parts);
          byRemainder.set(r, [...(byRemainder.get(r) ?? []), amount]);
        }
        for (const [remainder, lines] of byRemainder) {
          const each = lines.map((amount) => splitEvenly(amount, parts));
          const expected = Array.from({ length: parts }, (_, i) => each.reduce((sum, p) => sum + p[i]!, 0));
          const sum = lines.reduce((a, b) => a + b, 0);
          const got = splitSum(sum, lines.length, remainder, parts);
          assert.deepEqual(got, expected);
          assert.ok(got.every(Number.isInteger));
          assert.equal(
            got.reduce((a, b) => a + b, 0),
            sum,
          );
        }
      },
    ),
    { numRuns: 2000 },
  );
});

it('splits a line that a space count does not divide, one unit each to the first spaces', () => {
  assert.deepEqual(splitSum(1000 + 1003, 2, 1, 3), [334 + 335, 333 + 334, 333 + 334]);
  assert.deepEqual(splitSum(-7, 1, 2, 3), [-2, -2, -3]);
  assert.deepEqual(splitEvenly(-7, 3), [-2, -2, -3]);
});
