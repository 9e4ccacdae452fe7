/**
 * The reports a sales manager reads (SPEC §14), by name, for a range of days: their rows as
 * plain objects whose attributes are the row's columns, the same for the API, its CSV and the
 * workspace's Reports. The range's parameters are read here, every bad one named at once.
 * Amounts are minor units; the CSV writes each beside its amount formatted in the
 * organization's locale (src/csv/formatted-amounts.ts), as the exports do.
 */
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/database.js';
import { BadParametersError } from '../../errors.js';
import { isDate } from '../../wall-clock.js';
import { besideAmounts, withFormattedAmounts } from '../formatted-amounts.js';
import { neutraliseFormula } from '../formula.js';
import { paymentsDue } from './payments-due.js';
import { conversionReport, pipelineReport } from './pipeline-report.js';
import type { ReportRange } from './report-range.js';
import { revenueBySpace } from './revenue-by-space.js';

export const REPORT_NAMES = ['pipeline', 'conversion', 'revenue_by_space', 'payments_due'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const REPORT_TITLES: Record<ReportName, string> = {
  pipeline: 'Pipeline',
  conversion: 'Conversion',
  revenue_by_space: 'Revenue by space',
  payments_due: 'Payments due',
};

/** Each report's columns, in order (its rows' attributes; its CSV's header). */
export const REPORT_COLUMNS: Record<ReportName, readonly string[]> = {
  pipeline: ['month', 'status', 'currency', 'count', 'grand_total'],
  conversion: [
    'month',
    'currency',
    'leads',
    'won',
    'lost',
    'open',
    'conversion_rate',
    'won_total',
    'lost_reasons',
  ],
  revenue_by_space: ['month', 'space_id', 'space_name', 'currency', 'amount'],
  payments_due: [
    'installment_id',
    'label',
    'booking_id',
    'booking_reference',
    'booking_name',
    'contact_name',
    'contact_email',
    'due_on',
    'amount',
    'paid',
    'outstanding',
    'currency',
    'state',
    'overdue',
  ],
};

/** The columns of every report that hold minor units of the row's currency. */
export const REPORT_AMOUNTS: readonly string[] = [
  'grand_total',
  'won_total',
  'amount',
  'paid',
  'outstanding',
];

export type ReportValue = string | number | boolean | null | Record<string, number>;
export type ReportRow = Record<string, ReportValue>;

/** A figure of a report's row (a count, or an amount in minor units), which its report made a number. */
export function figureOf(row: ReportRow, column: string): number {
  const value = row[column];
  return typeof value === 'number' ? value : 0;
}

export const isReportName = (name: string): name is ReportName =>
  (REPORT_NAMES as readonly string[]).includes(name);

export async function runReport(
  db: Db,
  organizationId: string,
  name: ReportName,
  range: ReportRange,
): Promise<ReportRow[]> {
  switch (name) {
    case 'pipeline':
      return (await pipelineReport(db, organizationId, range)) as unknown as ReportRow[];
    case 'conversion':
      return (await conversionReport(db, organizationId, range)) as unknown as ReportRow[];
    case 'revenue_by_space':
      return (await revenueBySpace(db, organizationId, range)) as unknown as ReportRow[];
    case 'payments_due':
      return (await paymentsDue(db, organizationId, range)) as unknown as ReportRow[];
  }
}

/** `from` and `to` as given (YYYY-MM-DD, from not after to), or every bad one at once. */
/** What is wrong with a range's `from` and `to`, each said once (none: a range to read). */
export function rangeProblems(raw: {
  from?: string | undefined;
  to?: string | undefined;
}): Array<{ parameter: string; detail: string }> {
  const problems: Array<{ parameter: string; detail: string }> = [];
  for (const name of ['from', 'to'] as const) {
    const value = raw[name];
    if (value !== undefined && !isDate(value))
      problems.push({
        parameter: name,
        detail: `${name} is a date (YYYY-MM-DD) that exists, not "${value}".`,
      });
  }
  if (problems.length === 0 && raw.from && raw.to && raw.from > raw.to)
    problems.push({ parameter: 'to', detail: 'to is on or after from.' });
  return problems;
}

/** The range of `from` and `to`; the API's 400 naming each bad parameter when there is a problem. */
export function readRange(raw: { from?: string | undefined; to?: string | undefined }): ReportRange {
  const problems = rangeProblems(raw);
  if (problems.length > 0) throw new BadParametersError(problems);
  return { ...(raw.from ? { from: raw.from } : {}), ...(raw.to ? { to: raw.to } : {}) };
}

/** A cell as a spreadsheet reads it: lost reasons as "Reason: 2; Other: 1", text safe from formulas. */
function cell(value: ReportValue): string {
  if (value === null) return '';
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([reason, count]) => `${reason}: ${count}`)
      .join('; ');
  return typeof value === 'string' ? neutraliseFormula(value) : String(value);
}

/**
 * The rows as CSV, a header of the report's columns first, each amount followed by its
 * `<column>_formatted` in `locale`.
 */
export function reportCsv(name: ReportName, rows: readonly ReportRow[], locale: string): string {
  const columns = besideAmounts(REPORT_COLUMNS[name], REPORT_AMOUNTS);
  const lines = rows.map((row) => withFormattedAmounts(row, REPORT_AMOUNTS, locale));
  return stringify([columns, ...lines.map((row) => columns.map((c) => cell(row[c] ?? null)))]);
}
