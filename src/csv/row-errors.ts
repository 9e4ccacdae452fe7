/**
 * The problems of an import, by row and column, e.g. `row 17, column email: "x" is not an e-mail
 * address.` Rows are numbered as a spreadsheet shows them: the header is row 1. Every problem is
 * counted; the first few by row are listed.
 */
export interface RowError {
  /** Which file, when an import reads two (`events`: the events file beside a bookings file). */
  file?: string;
  row: number;
  /** The column at fault; null for a problem of the whole row. */
  column: string | null;
  message: string;
}

export const LISTED_ERRORS = 25;

/** One problem per cell is enough (as the API reports one per field); the first found is kept. */
export class RowErrors {
  readonly #all: RowError[] = [];
  readonly #cells = new Set<string>();
  readonly rows = new Set<number>();

  constructor(readonly file?: string) {}

  add(row: number, column: string | null, message: string): void {
    const cell = `${row}\u0000${column ?? ''}`;
    if (this.#cells.has(cell)) return;
    this.#cells.add(cell);
    this.rows.add(row);
    this.#all.push({ ...(this.file ? { file: this.file } : {}), row, column, message });
  }

  get count(): number {
    return this.#all.length;
  }

  get any(): boolean {
    return this.#all.length > 0;
  }

  /** The first problems by row (within a row, in the order found). */
  get listed(): RowError[] {
    return [...this.#all].sort((a, b) => a.row - b.row).slice(0, LISTED_ERRORS);
  }
}

export function describeRowError(error: RowError): string {
  const row = `${error.file ? `${error.file} file, ` : ''}row ${error.row}`;
  return error.column === null
    ? `${row}: ${error.message}`
    : `${row}, column ${error.column}: ${error.message}`;
}
