/** RecentMisses: the last keys missed once, remembered by hash so that none of their texts lives on. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { RecentMisses, keyHash } from '../../src/db/recent-misses.js';
import { readGcTrace } from '../helpers/gc-trace.js';

describe('RecentMisses', () => {
  it('says a key was missed before once, then forgets it; it remembers only the newest keys', () => {
    const misses = new RecentMisses(3);
    assert.equal(misses.seenBefore('/notes?page[size]=5'), false);
    assert.equal(misses.seenBefore('/notes?page[size]=5'), true, 'the second miss');
    assert.equal(misses.seenBefore('/notes?page[size]=5'), false, 'forgotten once it was seen again');
    for (const key of ['b', 'c', 'd']) assert.equal(misses.seenBefore(key), false);
    assert.equal(misses.size, 3);
    assert.equal(misses.seenBefore('/notes?page[size]=5'), false, 'pushed out by three newer keys');
    assert.equal(misses.seenBefore('d'), true);
    assert.equal(misses.seenBefore('b'), false, 'pushed out by the key just before');
  });

  it('gives the pages a client walks hashes that are small integers and almost never the same', () => {
    const hashes = new Set<number>();
    let keys = 0;
    for (const sort of ['created_at', '-created_at', 'updated_at'])
      for (let size = 1; size <= 100; size++)
        for (let after = 0; after < 700; after++) {
          const hash = keyHash(`/notes?sort=${sort}&page[size]=${size}&page[after]=${after.toString(36)}`);
          assert.ok(Number.isInteger(hash) && hash >= 0 && hash < 2 ** 30);
          hashes.add(hash);
          keys++;
        }
    assert.ok(keys - hashes.size < 100, `${keys - hashes.size} of ${keys} keys share a hash`);
    assert.notEqual(keyHash('ab'), keyHash('ba'));
  });

  it('keeps nothing of the keys it remembers alive, so they die young', () => {
    // 20,000 distinct keys, each missed once, with 40 KB of other objects made between two of
    // them as a request would: each key stays remembered across several young-generation
    // collections. The child prints what each collection moved to the old generation.
    const module = new URL('../../src/db/recent-misses.js', import.meta.url).href;
    const child = spawnSync(
      process.execPath,
      [
        '--trace-gc-nvp',
        '--input-type=module',
        '-e',
        `const { RecentMisses } = await import(${JSON.stringify(module)});
         const misses = new RecentMisses(1000);
         let kept = 0;
         const walk = (from, to) => {
           for (let i = from; i < to; i++) {
             const key = '/notes?sort=-created_at&page[size]=' + (i % 97) + '&page[after]=' + i.toString(36).repeat(4);
             if (misses.seenBefore(key)) kept++;
             const request = Array.from({ length: 1000 }, (_, j) => ({ j, i }));
             if (request.length !== 1000) throw new Error('short');
           }
         };
         walk(0, 5000);
         console.log('@@MEASURED FROM HERE@@');
         walk(5000, 25000);
         console.log('@@KEPT ' + kept + ' ' + misses.size + '@@');`,
      ],
      { encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
    );
    assert.equal(child.status, 0, child.stderr);
    const { printed, collections, promoted } = readGcTrace(child.stdout);
    assert.equal(
      printed.find((line) => line.startsWith('KEPT')),
      'KEPT 0 1000',
      'every key was new',
    );
    // A collection at least every 400 keys, so a key remembered for 1,000 outlives two of them.
    assert.ok(collections >= 50, `young-generation collections while measured: ${collections}`);
    // Each key is about 80 bytes of text; remembering the texts moved them all.
    const perKey = promoted / 20_000;
    assert.ok(perKey < 20, `moved to the old generation: ${perKey.toFixed(1)} bytes a key`);
  });
});
