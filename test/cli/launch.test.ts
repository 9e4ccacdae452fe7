/** How `marquee` is launched: as an executable (its #! line) and by `npm start`, with one set of node flags. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { promisify } from 'node:util';
import { marqueeNodeFlags } from '../../bench/node-flags.js';
import { MARQUEE_BIN } from '../helpers/processes.js';

const run = promisify(execFile);

it('runs as an executable through its #! line', async () => {
  const { stdout } = await run(MARQUEE_BIN, ['--help']);
  assert.match(stdout, /marquee serve/);
});

it('gets the same node flags from npm start as from its #! line', () => {
  const shebang = readFileSync(MARQUEE_BIN, 'utf8').split('\n')[0]!;
  assert.equal(shebang, ['#!/usr/bin/env -S node', ...marqueeNodeFlags()].join(' '));
});
