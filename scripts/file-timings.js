// A test reporter: how long each test file's tests took (the sum of its top-level tests), slowest
// first, so a suite that grows slow says where. run-tests.js writes it beside the TAP output.
import path from 'node:path';
export default async function* fileTimings(source) {
  const byFile = new Map();
  // A suite made by a helper (eachDatabase) is located in the helper: it is the file of the tests
  // inside it, which are reported before it.
  let inner;
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { nesting, file, details } = event.data;
    if (!file) continue;
    const own = !file.includes('/test/helpers/');
    if (nesting > 0) {
      if (own) inner = file;
      continue;
    }
    // A helper's suite with no tests run (a database that is absent) took no time of its own.
    if (!own && inner === undefined) continue;
    const of = own ? file : inner;
    byFile.set(of, (byFile.get(of) ?? 0) + (details?.duration_ms ?? 0));
    inner = undefined;
  }
  const rows = [...byFile].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
  yield `Test files by time (the sum of their top-level tests): ${rows.length} files, ${(total / 1000).toFixed(0)} s\n`;
  for (const [file, ms] of rows)
    yield `${(ms / 1000).toFixed(1).padStart(8)} s  ${path.relative(process.cwd(), file)}\n`;
}
