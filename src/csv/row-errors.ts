/**
 * The problems of an import, by row and column, e.g. `row 17, column email: "x" is not an e-mail
 * address.` Rows are numbered as a spreadsheet shows them: the header is row 1. Every problem is
 * counted; only the first few are kept to be listed.
 */
export interface RowError {
  row: number;
  /** The column at fault; null for a problem of the whole row. */
  column: string | null;
  message: string;
}

export const LISTED_ERRORS = 25;

export class RowErrors {
  readonly listed: RowError[] = [];
  count = 0;
  readonly rows = new Set<number>();

  add(row: number, column: string | null, message: string): void {
    this.count += 1;
    this.rows.add(row);
    if (this.listed.length < LISTED_ERRORS) this.listed.push({ row, column, message });
  }

  get any(): boolean {
    return this.count > 0;
  }
}

export function describeRowError(error: RowError): string {
  return error.column === null
    ? `row ${error.row}: ${error.message}`
    : `row ${error.row}, column ${error.column}: ${error.message}`;
}
