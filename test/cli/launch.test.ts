/** How `marquee` is launched: as an executable (its #! line) and by `npm start`, with one set of node flags. */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { it } from 'node:test';
import { promisify } from 'node:util';
import { MARQUEE_BIN } from '../helpers/processes.js';

const run = promisify(execFile);

it('runs as an executable through its #! line', async () => {
  const { stdout } = await run(MARQUEE_BIN, ['--help']);
  assert.match(stdout, /marquee serve/);
});

it('gets the same node flags from npm start as from its #! line', () => {
  const shebang = readFileSync(MARQUEE_BIN, 'utf8').split('\n')[0]!;
  const shebangFlags = /^#!\/usr\/bin\/env -S node((?: --[\w-]+=\S+)*)$/.exec(shebang)?.[1]?.trim();
  const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts
    .start;
  const startFlags = /^node((?: --[\w-]+=\S+)*) bin\/marquee\.js /.exec(start)?.[1]?.trim();
  assert.ok(shebangFlags, shebang);
  assert.equal(startFlags, shebangFlags);
});
