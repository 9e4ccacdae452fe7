/**
 * The import's progress bar is drawn only on a terminal and at most ten times a second, and
 * leaves the line clear; formula cells (OWASP CSV injection) are neutralised on export and the
 * round trip is exact, even for text that already begins with a quote.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { neutraliseFormula, restoreFormula } from '../../src/crm/formula.js';
import { terminalProgress } from '../../src/csv/progress.js';

function fakeTerminal(isTTY: boolean) {
  const writes: string[] = [];
  return { isTTY, writes, write: (text: string) => writes.push(text) };
}

it('draws a bar on a terminal, throttled, and clears it at the end', () => {
  const terminal = fakeTerminal(true);
  let now = 0;
  const progress = terminalProgress(terminal, () => now);
  progress.phase('Writing', 200, ' rows');
  progress.update(50);
  now = 50;
  progress.update(100);
  assert.equal(terminal.writes.length, 1, 'no redraw within 100 ms');
  now = 150;
  progress.update(100);
  assert.match(terminal.writes.at(-1)!, /^\rWriting {4}\[#{12}·{12}\] {2}50% {2}100\/200 rows/);
  progress.finish();
  assert.equal(terminal.writes.at(-1), '\r\x1b[K');
});

it('draws nothing when standard error is not a terminal', () => {
  const pipe = fakeTerminal(false);
  const progress = terminalProgress(pipe);
  progress.phase('Writing', 10);
  progress.update(5);
  progress.finish();
  assert.deepEqual(pipe.writes, []);
});

it('neutralises cells that a spreadsheet would run, and restores them exactly', () => {
  for (const [value, exported] of [
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['\tindented', "'\tindented"],
    ["'=already quoted", "''=already quoted"],
    ["it's fine", "it's fine"],
    ['Plain', 'Plain'],
    ['', ''],
  ]) {
    assert.equal(neutraliseFormula(value!), exported);
    assert.equal(restoreFormula(exported!), value);
  }
});
