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
import { operatorActor } from '../../policy/actor.js';

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
    'marquee import --org ORG_ID --type accounts|contacts|bookings|events FILE.csv|- [--events EVENTS.csv] [--dry-run] [--json] (or --file FILE.csv)',
  summary: 'Import records from CSV: all rows or none; problems are listed by row and column.',
  options: {
    org: { type: 'string' },
    type: { type: 'string' },
    file: { type: 'string' },
    events: { type: 'string' },
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
    const eventsFile = values.events;
    if (eventsFile !== undefined && type !== 'bookings')
      throw new UsageError('--events goes with --type bookings: the events of the bookings imported');
    if (eventsFile === '-' || eventsFile === '') throw new UsageError('--events names a file');
    const { input, size } = openInput(file);
    const events = typeof eventsFile === 'string' ? openInput(eventsFile) : undefined;
    const dryRun = values['dry-run'] === true;
    const progress = json ? silentProgress : terminalProgress(process.stderr);
    const maxBytes = config.importMaxBytes;
    const grants = operatorActor(organizationId).grants;
    const options = { organizationId, grants, type, input, size, dryRun, progress, events, maxBytes };
    const result = await withDatabase(config, (db) => importCsv({ db, clock: systemClock }, options));
    const summary = {
      imported: result.imported,
      ...(events ? { imported_events: result.importedEvents ?? 0 } : {}),
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
      const where = json ? 'listed in the JSON on standard output' : 'listed above';
      const files = events ? 'the files have' : 'the file has';
      throw new InputError(`nothing was imported: ${files} ${result.errorCount} ${rows} (${where})`);
    }
    // "1 event", "2 events": the type's name is its plural.
    const counted = (n: number) => `${n} ${n === 1 ? type.slice(0, -1) : type}`;
    if (json) output.result(summary);
    else if (dryRun && events) {
      output.line(
        `${counted(result.valid)} and their ${result.validEvents} events are valid; nothing was written (dry run).`,
      );
    } else if (dryRun) {
      const verb = result.valid === 1 ? 'is' : 'are';
      output.line(`${counted(result.valid)} ${verb} valid; nothing was written (dry run).`);
    } else if (events) {
      output.line(`Imported ${counted(result.imported)} and their ${result.importedEvents} events.`);
    } else output.line(`Imported ${counted(result.imported)}.`);
  },
};
