/**
 * Which code held the event loop, read from a CPU profile (`node --cpu-prof`): each stretch of
 * consecutive samples none of which was idle, over `least` ms (20 by default), with where it began
 * (ms from the profile's start) and the call paths its samples fell in, most samples first. Used
 * on bench/custom-field-change-holds.ts's run (docs/decisions/0020), or the bench row's server
 * (BENCH_SERVER_FLAGS='--cpu-prof --cpu-prof-dir=…', bench/custom-field-loads.ts).
 * `node dist/bench/custom-field-profile-holds.js <file.cpuprofile> [least]`
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, least = '20'] = process.argv.slice(2);
if (!file) throw new Error('Give the .cpuprofile to read.');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);

const frame = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^.*\/(dist|node_modules)\//, '$1/')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
};

/** A sample's path: its frame and up to five callers, innermost first. */
function pathOf(id: number): string {
  const frames: string[] = [];
  for (let at: number | undefined = id; at !== undefined && frames.length < 6; at = parents.get(at)) {
    const node = nodes.get(at)!;
    if (node.callFrame.functionName === '(root)') break;
    frames.push(frame(node));
  }
  return frames.join(' ← ');
}

const idle = (id: number) => nodes.get(id)?.callFrame.functionName === '(idle)';

let time = 0;
let stretch: { began: number; ms: number; paths: Map<string, number> } | undefined;
const stretches: Array<NonNullable<typeof stretch>> = [];
for (const [i, id] of profile.samples.entries()) {
  const ms = (profile.timeDeltas[i] ?? 0) / 1000;
  time += ms;
  if (idle(id)) {
    if (stretch && stretch.ms >= Number(least)) stretches.push(stretch);
    stretch = undefined;
    continue;
  }
  stretch ??= { began: time - ms, ms: 0, paths: new Map() };
  stretch.ms += ms;
  const path = pathOf(id);
  stretch.paths.set(path, (stretch.paths.get(path) ?? 0) + 1);
}
if (stretch && stretch.ms >= Number(least)) stretches.push(stretch);

for (const { began, ms, paths } of stretches.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
  const samples = [...paths.values()].reduce((sum, n) => sum + n, 0);
  console.log(`${ms.toFixed(1)} ms from ${began.toFixed(0)} ms, ${samples} samples:`);
  for (const [path, n] of [...paths].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    console.log(`  ${String(n).padStart(5)}  ${path}`);
  }
}
