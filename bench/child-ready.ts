/**
 * The JSON line a bench child prints once it is ready (bench/contenders.ts `ready`): its URL,
 * pid and whatever else it was set up with. Rejects, naming `label`, if the child exits first.
 * With `otherLine`, the first line that is a JSON object is the ready line, and every other line
 * the child prints, before it or after, is given to `otherLine`.
 */
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export async function readyInfo(
  child: ChildProcess,
  label: string,
  otherLine?: (line: string) => void,
): Promise<Record<string, string>> {
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    if (otherLine === undefined) lines.once('line', resolve);
    else {
      // What else the child prints (e.g. V8's --trace-gc-nvp lines) goes to otherLine.
      let ready = false;
      lines.on('line', (text) => {
        if (!ready && text.startsWith('{')) {
          ready = true;
          resolve(text);
        } else otherLine(text);
      });
    }
    child.once('exit', (code) => reject(new Error(`${label} exited with ${code}`)));
  });
  return JSON.parse(line) as Record<string, string>;
}
