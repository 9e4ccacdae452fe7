/**
 * `marquee import --org ORG_ID --type accounts|contacts|bookings|events FILE.csv [--dry-run]` (SPEC
 * §10): all rows or none; problems listed by row and column (exit 2); a progress bar on a terminal.
 */
import { createReadStream, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { CSV_TYPES, isCsvType } from '../../csv/columns.js';
import { systemClock } from '../../clock.js';
import { importCsv, type ImportResult } from '../../csv/import-csv.js';
import { silentProgress, terminalProgress } from '../../csv/progress.js';
import { describeRowError } from '../../csv/row-errors.js';
import { InputError } from '../../errors.js';
import type { Command, ParsedValues } from '../command.js';
import { UsageError } from '../output.js';
import { requireString } from '../values.js';
import { withDatabase } from '../with-database.js';

export function csvType(values: ParsedValues): (typeof CSV_TYPES)[number] {
  const type = requireString(values, 'type');
  if (!isCsvType(type)) throw new UsageError(`--type must be one of ${CSV_TYPES.join(', ')}, not "${type}"`);
  return type;
}

function openInput(file: string): { input: Readable; size: number | undefined } {
  if (file === '-') return { input: process.stdin, size: undefined };
  let size: number;
  try {
    const stats = statSync(file);
    if (!stats.isFile()) throw new InputError(`"${file}" is not a file`);
    size = stats.size;
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot read "${file}": ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  return { input: createReadStream(file), size };
}

function listProblems(result: ImportResult): void {
  const lines = result.errors.map((e) => `  ${describeRowError(e)}\n`);
  const more = result.errorCount - result.errors.length;
  if (more > 0) lines.push(`  … and ${more} more\n`);
  process.stderr.write(lines.join(''));
}

export const importCommand: Command = {
  path: ['import'],
  usage:
    'marquee import --org ORG_ID --type accounts|contacts|bookings|events FILE.csv|- [--dry-run] [--json] (or --file FILE.csv)',
  summary: 'Import records from CSV: all rows or none; problems are listed by row and column.',
  options: {
    org: { type: 'string' },
    type: { type: 'string' },
    file: { type: 'string' },
    'dry-run': { type: 'boolean' },
  },
  positionals: 1,
  async run({ config, values, positionals, output, json }) {
    const organizationId = requireString(values, 'org');
    const type = csvType(values);
    const file = positionals[0] ?? values.file;
    if (positionals[0] !== undefined && values.file !== undefined)
      throw new UsageError('name the file once: as an argument or with --file');
    if (typeof file !== 'string' || file === '') throw new UsageError('the CSV file is required');
    const { input, size } = openInput(file);
    const dryRun = values['dry-run'] === true;
    const progress = json ? silentProgress : terminalProgress(process.stderr);
    const result = await withDatabase(config, (db) =>
      importCsv({ db, clock: systemClock }, { organizationId, type, input, size, dryRun, progress }),
    );
    const summary = {
      imported: result.imported,
      type,
      dry_run: dryRun,
      valid_rows: result.valid,
      error_count: result.errorCount,
      errors: result.errors,
    };
    if (result.errorCount > 0) {
      if (json) output.result(summary);
      else listProblems(result);
      const rows = result.errorCount === 1 ? 'problem' : 'problems';
      throw new InputError(`nothing was imported: the file has ${result.errorCount} ${rows} (listed above)`);
    }
    if (json) output.result(summary);
    else if (dryRun) output.line(`${result.valid} ${type} rows are valid; nothing was written (dry run).`);
    else output.line(`Imported ${result.imported} ${type}.`);
  },
};
