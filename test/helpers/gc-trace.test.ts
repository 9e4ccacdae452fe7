/**
 * The reader of `--trace-gc-nvp` output (test/helpers/gc-trace.ts) that the collection tests
 * rely on: it finds the lines a process printed itself even where they landed inside one of
 * V8's trace lines, which happens when another thread's isolate traces a collection meanwhile.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { it } from 'node:test';
import { readGcTrace } from './gc-trace.js';

const collection = (promoted: number) =>
  `pause=0.4 mutator=1.2 gc=s reduce_memory=0 scavenge=0.38 promoted=${promoted} new_space_survived=1024`;

it('finds the lines printed inside a trace line, and reads that trace line whole', () => {
  const stdout = [
    `[1:0x1]       10 ms: ${collection(5000)}`,
    `@@MEASURED FROM HERE@@`,
    `[1:0x1]       20 ms: ${collection(100)}`,
    // Another thread's collection, with the process's own line between its prefix and the rest.
    `[1:0x2]       21 ms: @@COUNT 7 8@@`,
    `${collection(20)}`,
    `[1:0x1]       30 ms: pause=1.0 mutator=3.0 gc=mc promoted=999`,
    '',
  ].join('\n');
  assert.deepEqual(readGcTrace(stdout), {
    printed: ['MEASURED FROM HERE', 'COUNT 7 8'],
    collections: 2,
    promoted: 120,
  });
});

it('says so when the process never printed that the measurement began', () => {
  assert.throws(
    () => readGcTrace(`[1:0x1]       10 ms: ${collection(5000)}\n@@COUNT 1@@\n`),
    /MEASURED FROM HERE/,
  );
});

it('finds every line a process printed while a worker thread traced its collections', () => {
  // Each turn the worker and the main thread both make garbage; V8 traces both isolates'
  // collections to the same stdout as the main thread's lines.
  const child = spawnSync(
    process.execPath,
    [
      '--trace-gc-nvp',
      '-e',
      `const { Worker } = require('node:worker_threads');
       const work = "const { parentPort } = require('node:worker_threads');" +
         "parentPort.on('message', () => parentPort.postMessage(Array.from({ length: 3000 }, (_, i) => ({ i, s: 'x' + i })).length));";
       const worker = new Worker(work, { eval: true });
       let turn = 0;
       console.log('@@MEASURED FROM HERE@@');
       worker.on('message', () => {
         if (Array.from({ length: 3000 }, (_, i) => ({ i })).length !== 3000) throw new Error('short');
         console.log('@@TURN ' + turn + '@@');
         if (++turn < 2000) worker.postMessage(0);
         else worker.terminate();
       });
       worker.postMessage(0);`,
    ],
    { encoding: 'utf8', timeout: 60_000, maxBuffer: 256 * 1024 * 1024 },
  );
  assert.equal(child.status, 0, child.stderr);
  const { printed, collections } = readGcTrace(child.stdout);
  assert.deepEqual(
    printed.slice(1),
    Array.from({ length: 2000 }, (_, turn) => `TURN ${turn}`),
  );
  assert.ok(collections >= 10, `young-generation collections: ${collections}`);
});
