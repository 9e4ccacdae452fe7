/**
 * `marquee export --org ORG_ID --type accounts|contacts|bookings|events|line_items|payments [--out FILE] [--bom]` (SPEC §10, §12):
 * CSV on standard output, or into FILE (written whole, then put in place, so a failed export
 * leaves no half file).
 */
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { exportCsv } from '../../csv/export-csv.js';
import type { Command } from '../command.js';
import { UsageError } from '../output.js';
import { optionalString, requireString } from '../values.js';
import { withDatabase } from '../with-database.js';
import { EXPORT_TYPES, isExportType } from '../../csv/columns.js';

export const exportCommand: Command = {
  path: ['export'],
  usage:
    'marquee export --org ORG_ID --type accounts|contacts|bookings|events|line_items|payments [--out FILE.csv] [--bom] [--json]',
  summary: 'Export records as CSV (standard output unless --out), in the shape import reads.',
  options: {
    org: { type: 'string' },
    type: { type: 'string' },
    out: { type: 'string' },
    bom: { type: 'boolean' },
  },
  async run({ config, values, output, json }) {
    const organizationId = requireString(values, 'org');
    const type = requireString(values, 'type');
    if (!isExportType(type))
      throw new UsageError(`--type must be one of ${EXPORT_TYPES.join(', ')}, not "${type}"`);
    const out = optionalString(values, 'out');
    const bom = values.bom === true;
    if (out === undefined) {
      if (json)
        throw new UsageError('--json needs --out FILE (otherwise the CSV itself goes to standard output)');
      await withDatabase(config, (db) =>
        exportCsv(db, {
          organizationId,
          type,
          output: process.stdout,
          bom,
          keepOpen: true,
          terminal: process.stdout.isTTY === true,
        }),
      );
      return;
    }
    const partial = `${out}.partial`;
    try {
      const count = await withDatabase(config, (db) =>
        exportCsv(db, { organizationId, type, output: createWriteStream(partial), bom }),
      );
      renameSync(partial, out);
      output.result({ exported: count, type, file: out });
    } finally {
      rmSync(partial, { force: true });
    }
  },
};
