/**
 * A progress bar for long imports, drawn on standard error and only when that is a terminal (a
 * pipe, a log file or `--json` gets nothing): `Writing   [##########··········]  50%  50,000/100,000`.
 * It redraws at most ten times a second, so drawing costs nothing next to the work it shows.
 */
export interface Progress {
  /** Starts a phase; `total` is undefined when the amount is not known beforehand. */
  phase(label: string, total: number | undefined, unit?: string): void;
  update(done: number): void;
  /** Ends the bar, leaving the line clear. */
  finish(): void;
}

export const silentProgress: Progress = { phase() {}, update() {}, finish() {} };

interface Terminal {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

const WIDTH = 24;
const REDRAW_MS = 100;

export function terminalProgress(stream: Terminal, clock: () => number = Date.now): Progress {
  if (!stream.isTTY) return silentProgress;
  let label = '';
  let total: number | undefined;
  let unit = '';
  let done = 0;
  let drawnAt = -Infinity;
  let drawn = false;
  const draw = () => {
    drawnAt = clock();
    drawn = true;
    const count = `${done.toLocaleString('en-US')}${total !== undefined ? `/${total.toLocaleString('en-US')}` : ''}${unit}`;
    if (total === undefined || total === 0) {
      stream.write(`\r${label.padEnd(10)} ${count}\x1b[K`);
      return;
    }
    const share = Math.min(1, done / total);
    const filled = Math.round(share * WIDTH);
    const bar = `${'#'.repeat(filled)}${'·'.repeat(WIDTH - filled)}`;
    stream.write(
      `\r${label.padEnd(10)} [${bar}] ${String(Math.floor(share * 100)).padStart(3)}%  ${count}\x1b[K`,
    );
  };
  return {
    phase(nextLabel, nextTotal, nextUnit = '') {
      label = nextLabel;
      total = nextTotal;
      unit = nextUnit;
      done = 0;
      draw();
    },
    update(value) {
      done = value;
      if (clock() - drawnAt >= REDRAW_MS) draw();
    },
    finish() {
      if (drawn) stream.write('\r\x1b[K');
      drawn = false;
    },
  };
}
