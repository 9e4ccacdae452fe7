/**
 * Reports (SPEC §14): the one face the doors use (docs/decisions/0017-faces-codecs-and-fields.md)
 * — their names, titles and columns, a range's reading, a report's rows and CSV, and the payments
 * due that the assistant reads too. Reports only read: a report's lines are plain objects of its
 * columns (`ReportLine`).
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
  type ReportRow as ReportLine,
  type ReportValue,
  runReport,
} from './reports.js';
export type { ReportRange } from './report-range.js';
export { paymentsDue } from './payments-due.js';
