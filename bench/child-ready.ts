/**
 * The JSON line a bench child prints once it is ready (bench/contenders.ts `ready`): its URL,
 * pid and whatever else it was set up with. Rejects, naming `label`, if the child exits first.
 */
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export async function readyInfo(child: ChildProcess, label: string): Promise<Record<string, string>> {
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`${label} exited with ${code}`)));
  });
  return JSON.parse(line) as Record<string, string>;
}
