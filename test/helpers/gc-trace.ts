/**
 * Reads the output of a Node process started with `--trace-gc-nvp`: the lines the process
 * printed itself, and its young-generation collections (`gc=s`) after it printed
 * `@@MEASURED FROM HERE@@`, with the bytes they moved to the old generation. A test prints that
 * line once its warm-up is over.
 *
 * The process prints each line of its own as `@@text@@`. V8 writes a trace line in several
 * writes, from every thread with an isolate, so a line the process prints meanwhile can land in
 * the middle of one; it is found wherever it is, and taken out before the trace is read.
 */
const MEASURED_FROM_HERE = 'MEASURED FROM HERE';
const OWN_LINE = /@@([^@\n]*)@@\n/;

export function readGcTrace(stdout: string): { printed: string[]; collections: number; promoted: number } {
  // With a capturing group, split gives the trace's pieces and the lines printed in turn.
  const pieces = stdout.split(OWN_LINE);
  const printed = pieces.filter((_, i) => i % 2 === 1);
  const trace = pieces.filter((_, i) => i % 2 === 0);
  const marker = printed.indexOf(MEASURED_FROM_HERE);
  if (marker < 0) throw new Error(`no "${MEASURED_FROM_HERE}" line in:\n${stdout.slice(-2000)}`);
  // What V8 wrote after the marker, its pieces joined again (a trace line the marker itself split
  // counts only if its `gc=s` came after it).
  const measured = trace.slice(marker + 1).join('');
  let collections = 0;
  let promoted = 0;
  for (const line of measured.split('\n')) {
    if (!/ gc=s /.test(line)) continue;
    collections++;
    promoted += Number(/ promoted=(\d+)/.exec(line)![1]);
  }
  return { printed, collections, promoted };
}
