/**
 * Files and records for the CSV import and export tests. `marquee import` and `marquee export` run
 * in the test file's CLI host (test/helpers/cli-host.ts): the same command, output and exit code
 * as a process of its own, without starting Node for each.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../src/db/database.js';
import { newId } from '../../src/db/ids.js';
import { runCliHosted } from '../helpers/cli-host.js';
import { type CliResult, parseJsonOutput } from '../helpers/processes.js';

const folder = mkdtempSync(path.join(os.tmpdir(), 'marquee-csv-test-'));
// The test file's process takes its files with it.
process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
let files = 0;

/** Writes `content` to a new file and returns its path. */
export function csvFile(content: string | Buffer): string {
  files += 1;
  const file = path.join(folder, `file-${files}.csv`);
  writeFileSync(file, content);
  return file;
}

export function outFile(): string {
  files += 1;
  return path.join(folder, `out-${files}.csv`);
}

export function importCsv(
  env: Record<string, string>,
  org: string,
  type: string,
  file: string,
  ...extra: string[]
): Promise<CliResult> {
  return runCliHosted(['import', '--org', org, '--type', type, file, ...extra], env);
}

export function exportOf(env: Record<string, string>, org: string, type: string, ...extra: string[]) {
  return runCliHosted(['export', '--org', org, '--type', type, ...extra], env);
}

export async function importJson(env: Record<string, string>, org: string, type: string, file: string) {
  return parseJsonOutput(await importCsv(env, org, type, file, '--json'));
}

export async function count(db: Db, table: 'accounts' | 'contacts' | 'bookings' | 'changes', org: string) {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('organization_id', '=', org)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function addSpace(db: Db, org: string, name: string, capacity: number | null = null) {
  const now = new Date().toISOString();
  const id = newId();
  await db
    .insertInto('spaces')
    .values({
      id,
      organization_id: org,
      name,
      capacity,
      shareable: 0,
      capacities: '{}',
      part_ids: '[]',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Parses a small CSV the simple way (no quoted line breaks): the header and rows as objects. */
export function rowsOf(csv: string): Array<Record<string, string>> {
  const [header, ...lines] = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n');
  const names = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [names[i]!, cell])));
}
