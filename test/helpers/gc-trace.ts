/**
 * Reads the output of a Node process started with `--trace-gc-nvp`: its young-generation
 * collections (`gc=s`) after the line `MEASURED FROM HERE`, and the bytes they moved to the old
 * generation. A test prints that line once its warm-up is over.
 */
const MEASURED_FROM_HERE = 'MEASURED FROM HERE';

export function youngGenerationPromotions(stdout: string): { collections: number; promoted: number } {
  const lines = stdout.split('\n');
  const from = lines.indexOf(MEASURED_FROM_HERE);
  if (from < 0) throw new Error(`no "${MEASURED_FROM_HERE}" line in:\n${stdout.slice(-2000)}`);
  let collections = 0;
  let promoted = 0;
  for (const line of lines.slice(from)) {
    if (!/ gc=s /.test(line)) continue;
    collections++;
    promoted += Number(/ promoted=(\d+)/.exec(line)![1]);
  }
  return { collections, promoted };
}
