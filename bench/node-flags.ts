/** The node flags Marquee runs with: those of `npm start` (the `marquee` command's #! line has the same). */
import { readFileSync } from 'node:fs';

export function marqueeNodeFlags(): string[] {
  const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts
    .start;
  const flags = /^node((?: --[\w-]+(?:=\S+)?)*) bin\/marquee\.js /.exec(start)?.[1];
  if (flags === undefined) throw new Error(`cannot read the node flags of the start script: ${start}`);
  return flags.split(' ').filter(Boolean);
}
