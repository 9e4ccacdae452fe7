/** The node flags Marquee runs with: those of `npm start` (the `marquee` command's #! line has the same). */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The flags of the checkout at `checkout` (this one by default). */
export function marqueeNodeFlags(checkout = '.'): string[] {
  const start = (
    JSON.parse(readFileSync(path.join(checkout, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start;
  const flags = /^node((?: --[\w-]+(?:=\S+)?)*) bin\/marquee\.js /.exec(start)?.[1];
  if (flags === undefined) throw new Error(`cannot read the node flags of the start script: ${start}`);
  return flags.split(' ').filter(Boolean);
}
