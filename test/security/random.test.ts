/** secureRandomBytes: the sizes asked for, never the same bytes twice, across block boundaries. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { secureRandomBytes } from '../../src/security/random.js';

it('gives the size asked for, small and larger than a block', () => {
  for (const size of [0, 1, 16, 32, 4096, 5000]) assert.equal(secureRandomBytes(size).length, size);
});

it('never hands out the same bytes twice, across many blocks', () => {
  const seen = new Set<string>();
  // 2,000 × 32 bytes spans about 16 blocks of 4 KiB.
  for (let i = 0; i < 2000; i++) seen.add(secureRandomBytes(32).toString('hex'));
  assert.equal(seen.size, 2000);
});

it('hands out copies: changing one leaves later draws alone', () => {
  const first = secureRandomBytes(32);
  first.fill(0);
  const next = secureRandomBytes(32);
  assert.notDeepEqual(next, Buffer.alloc(32));
});

it('looks uniform: every byte value turns up in 64 KiB', () => {
  const counts = new Array<number>(256).fill(0);
  for (let i = 0; i < 2048; i++) for (const byte of secureRandomBytes(32)) counts[byte]! += 1;
  // 65,536 bytes: each value is expected 256 times; any value missing would be a gross fault.
  assert.ok(Math.min(...counts) > 150, `rarest byte value seen ${Math.min(...counts)} times`);
  assert.ok(Math.max(...counts) < 380, `commonest byte value seen ${Math.max(...counts)} times`);
});
