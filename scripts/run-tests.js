#!/usr/bin/env node
// Runs the compiled test files with Node's test runner and says which databases the suite covers.
import { spawnSync } from 'node:child_process';
import { copyFileSync, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// Each file's time, slowest first: the ten slowest are printed after the run, the rest kept in the file.
const TIMINGS = 'dist/test-timings.txt';
// `npm run build` empties dist/: the last whole run's timings are kept here too (git-ignored)...
const LAST_TIMINGS = 'test-results/test-timings.txt';
// ...and, where there are none (a fresh checkout), the committed ones of the slowest files.
const COMMITTED_TIMINGS = 'test/slowest-files.txt';
// The tests that failed, with their file and error, printed again at the very end of the run so
// the last lines of a long log say what failed.
const FAILURES = 'dist/test-failures.txt';
// What each test file's child process is started with (the runner passes its own flags on).
const RUNNER_FLAGS = ['--enable-source-maps'];
const RUN_FILES = '--run-files';

if (process.argv[2] === RUN_FILES) {
  await runFiles(process.argv.slice(3));
} else {
  await runSuite(process.argv.slice(2));
}

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.js') ? [full] : [];
  });
}

/** A test file's name in a timings file or on disk, without dist/ and its extension. */
function fileKey(file) {
  return file
    .replace(/^dist\//, '')
    .replace(/\.(js|ts)$/, '')
    .split(path.sep)
    .join('/');
}

/** Seconds by file from a timings file (scripts/file-timings.js's lines), or none. */
function readTimings(file) {
  if (!existsSync(file)) return new Map();
  const rows = readFileSync(file, 'utf8').matchAll(/^\s*([\d.]+) s {2}(\S+)$/gm);
  return new Map([...rows].map(([, seconds, name]) => [fileKey(name), Number(seconds)]));
}

/**
 * The files, slowest first by the last whole run (else the committed list; files in neither
 * after them, by name). Node's runner starts files in the order given, two at a time: a long file
 * started last would run on alone at the end, while slowest-first leaves the short ones to fill in.
 */
function slowestFirst(files) {
  let seconds = readTimings(LAST_TIMINGS);
  if (seconds.size === 0) seconds = readTimings(COMMITTED_TIMINGS);
  const of = (file) => seconds.get(fileKey(file)) ?? 0;
  return [...files].sort((a, b) => of(b) - of(a) || (a < b ? -1 : a > b ? 1 : 0));
}

async function runSuite(filter) {
  const files = slowestFirst(
    testFiles('dist/test').filter((f) => filter.length === 0 || filter.some((part) => f.includes(part))),
  );
  const postgres = process.env.TEST_DATABASE_URL
    ? 'PostgreSQL (TEST_DATABASE_URL)'
    : 'not PostgreSQL: TEST_DATABASE_URL is not set, so its half of the suite is skipped';
  const banner = `Databases: SQLite, ${postgres}`;
  console.log(`${banner}\n${files.length} test files\n`);

  // Migrated once here; each file's databases start as copies (test/helpers/database-templates.ts).
  const { prepareTemplates } = await import('../dist/test/helpers/database-templates.js');
  const templates = await prepareTemplates(process.env.TEST_DATABASE_URL?.trim() || undefined);
  // `node --test` sorts the files it is given by name, so the files run from this same script, in
  // a process of their own that has the flags each test file's process inherits.
  const result = spawnSync(process.execPath, [...RUNNER_FLAGS, 'scripts/run-tests.js', RUN_FILES, ...files], {
    stdio: 'inherit',
    env: { ...process.env, ...templates.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
  });
  await templates.dispose();
  try {
    const lines = readFileSync(TIMINGS, 'utf8').split('\n');
    console.log(`\n${lines.slice(0, 11).join('\n')}\n(all of them in ${TIMINGS})`);
    if (filter.length === 0 && lines.length > 1) {
      mkdirSync(path.dirname(LAST_TIMINGS), { recursive: true });
      copyFileSync(TIMINGS, LAST_TIMINGS);
    }
  } catch {
    // No timings when the run stopped before any file finished.
  }
  if (existsSync(FAILURES)) {
    const failed = readFileSync(FAILURES, 'utf8').trim();
    if (failed) console.log(`\nFailed tests:\n${failed}`);
  }
  console.log(`\n${banner}`);
  process.exit(result.status ?? 1);
}

/** Runs `files` in this order, TAP on stdout and each file's time in TIMINGS. */
async function runFiles(files) {
  const { run } = await import('node:test');
  const { tap } = await import('node:test/reporters');
  const { default: fileTimings } = await import('./file-timings.js');
  // Test files are independent (each has its own databases and ports): one per core at a time.
  // More than that measured slower on a 2-core machine (the suite is CPU-bound there).
  const concurrency = Number(process.env.TEST_CONCURRENCY) || Math.max(2, os.availableParallelism());
  // A test that outlasts this is stopped and fails, as `--test-timeout` did.
  const events = run({ files, concurrency, timeout: 240_000 });
  const failures = createWriteStream(FAILURES);
  events.on('test:fail', (data) => {
    if (data.todo !== undefined && data.todo !== false) return;
    process.exitCode = 1;
    // A suite fails with its failing tests: only the tests themselves are listed.
    if (data.details?.error?.failureType === 'subtestsFailed') return;
    const error = data.details?.error;
    const cause = error?.cause ?? error;
    const message = String(cause?.message ?? cause ?? '')
      .split('\n')
      .slice(0, 6)
      .join('\n      ');
    const where = data.file ? path.relative(process.cwd(), data.file) : '';
    failures.write(`  ${where}${data.line ? `:${data.line}` : ''}  ${data.name}\n      ${message}\n`);
  });
  const toTap = events.pipe(new PassThrough({ objectMode: true }));
  const toTimings = events.pipe(new PassThrough({ objectMode: true }));
  await Promise.all([
    (async () => {
      for await (const text of tap(toTap)) process.stdout.write(text);
    })(),
    pipeline(toTimings, fileTimings, createWriteStream(TIMINGS)),
  ]);
  await new Promise((resolve) => failures.end(resolve));
}
