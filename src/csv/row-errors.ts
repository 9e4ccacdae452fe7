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

/**
 * One problem per cell is enough (as the API reports one per field); the first found is kept.
 * Every problem is counted, but only the first LISTED_ERRORS by row are kept, so a file full of
 * problems holds no more than a clean one. An import read in chunks (import-kinds.ts) calls
 * `settle()` after each: the rows of a chunk come after those of the chunks before it, so which
 * cells and rows already have a problem need be remembered for the current chunk only.
 */
export class RowErrors {
  #kept: RowError[] = [];
  #count = 0;
  #failedRows = 0;
  readonly #cells = new Set<string>();
  readonly #rows = new Set<number>();

  constructor(readonly file?: string) {}

  add(row: number, column: string | null, message: string): void {
    const cell = `${row}\u0000${column ?? ''}`;
    if (this.#cells.has(cell)) return;
    this.#cells.add(cell);
    if (!this.#rows.has(row)) {
      this.#rows.add(row);
      this.#failedRows += 1;
    }
    this.#count += 1;
    this.#kept.push({ ...(this.file ? { file: this.file } : {}), row, column, message });
    if (this.#kept.length >= 4 * LISTED_ERRORS) this.#kept = this.listed;
  }

  /** Whether the row has a problem (of the current chunk, once `settle()` has been called). */
  has(row: number): boolean {
    return this.#rows.has(row);
  }

  /** Forgets which cells and rows have problems: the rows read next come after them. */
  settle(): void {
    this.#cells.clear();
    this.#rows.clear();
  }

  get count(): number {
    return this.#count;
  }

  /** How many rows have at least one problem. */
  get failedRows(): number {
    return this.#failedRows;
  }

  get any(): boolean {
    return this.#count > 0;
  }

  /** The first problems by row (within a row, in the order found). */
  get listed(): RowError[] {
    return [...this.#kept].sort((a, b) => a.row - b.row).slice(0, LISTED_ERRORS);
  }
}

export function describeRowError(error: RowError): string {
  const row = `${error.file ? `${error.file} file, ` : ''}row ${error.row}`;
  return error.column === null
    ? `${row}: ${error.message}`
    : `${row}, column ${error.column}: ${error.message}`;
}
