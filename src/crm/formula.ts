/**
 * CSV formula injection (OWASP "CSV Injection"): a spreadsheet runs a cell that begins with
 * `=`, `+`, `-` or `@` (or a tab or carriage return) as a formula, so a booking named
 * `=HYPERLINK(…)` could act when a colleague opens the export. Exported text cells that begin so
 * get a leading `'`, which spreadsheets show as text; an import takes that `'` off again. A value
 * that already begins with quotes before such a character gets one more, so the round trip is exact.
 */
const NEEDS_QUOTE = /^'*[=+\-@\t\r]/;

export function neutraliseFormula(value: string): string {
  return NEEDS_QUOTE.test(value) ? `'${value}` : value;
}

export function restoreFormula(value: string): string {
  return value.startsWith("'") && NEEDS_QUOTE.test(value) ? value.slice(1) : value;
}
