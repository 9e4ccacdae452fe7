#!/usr/bin/env node
// Runs the compiled test files with Node's test runner and says which databases the suite covers.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.js') ? [full] : [];
  });
}

const filter = process.argv.slice(2);
const files = testFiles('dist/test')
  .filter((f) => filter.length === 0 || filter.some((part) => f.includes(part)))
  .sort();
const postgres = process.env.TEST_DATABASE_URL
  ? 'PostgreSQL (TEST_DATABASE_URL)'
  : 'not PostgreSQL: TEST_DATABASE_URL is not set, so its half of the suite is skipped';
const banner = `Databases: SQLite, ${postgres}`;
console.log(`${banner}\n${files.length} test files\n`);

// Test files are independent (each has its own databases and ports): one per core at a time.
// More than that measured slower on a 2-core machine (the suite is CPU-bound there).
// Each file's time, slowest first: the ten slowest are printed after the run, the rest kept in the file.
const TIMINGS = 'dist/test-timings.txt';
// Migrated once here; each file's databases start as copies (test/helpers/database-templates.ts).
const { prepareTemplates } = await import('../dist/test/helpers/database-templates.js');
const templates = await prepareTemplates(process.env.TEST_DATABASE_URL?.trim() || undefined);
const concurrency = Number(process.env.TEST_CONCURRENCY) || Math.max(2, os.availableParallelism());
const result = spawnSync(
  process.execPath,
  [
    '--enable-source-maps',
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-timeout=240000',
    '--test-reporter=tap',
    '--test-reporter-destination=stdout',
    '--test-reporter=./scripts/file-timings.js',
    `--test-reporter-destination=${TIMINGS}`,
    ...files,
  ],
  {
    stdio: 'inherit',
    env: { ...process.env, ...templates.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
  },
);
await templates.dispose();
try {
  const lines = readFileSync(TIMINGS, 'utf8').split('\n');
  console.log(`\n${lines.slice(0, 11).join('\n')}\n(all of them in ${TIMINGS})`);
} catch {
  // No timings when the run stopped before any file finished.
}
console.log(`\n${banner}`);
process.exit(result.status ?? 1);
