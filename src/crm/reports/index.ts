/**
 * Reports (SPEC §14): the one face the doors use (docs/decisions/0017-faces-codecs-and-fields.md)
 * — their names, titles and columns, a range's reading, a report's rows and CSV, and the payments
 * due that the assistant reads too. Reports only read: their rows are plain objects of their columns.
 */
export {
  figureOf,
  isReportName,
  rangeProblems,
  readRange,
  REPORT_AMOUNTS,
  REPORT_COLUMNS,
  REPORT_NAMES,
  REPORT_TITLES,
  reportCsv,
  type ReportName,
  type ReportRow,
  type ReportValue,
  runReport,
} from './reports.js';
export type { ReportRange } from './report-range.js';
export { type PaymentDueRow, paymentsDue } from './payments-due.js';
