/**
 * Reading one row's cells by the API's rules. An empty cell means "not given" (the default, or
 * nothing); text is trimmed, has a `'` put before a formula taken off (formula.ts), and may be no
 * longer than the API's request schema allows, which is read from that schema itself.
 */
import type { TObject } from 'typebox';
import type { Field } from '../crm/bookings/index.js';
import { optionalText } from '../crm/validation.js';
import { LIST_SEPARATOR } from './columns.js';
import { restoreFormula } from '../crm/formula.js';
import type { CsvRow } from './read-rows.js';
import type { RowErrors } from './row-errors.js';

export class RowReader {
  constructor(
    readonly row: CsvRow,
    private readonly errors: RowErrors,
    private readonly schema: TObject,
  ) {}

  /** Reports a problem with a cell of this row. */
  problem(column: string, message: string): void {
    this.errors.add(this.row.row, column, message);
  }

  /**
   * The trimmed text of a cell, or null when it is empty or absent. `checkLength` false leaves
   * the length to a rule that says more (a currency code, a time zone name).
   */
  text(column: string, checkLength = true): string | null {
    const raw = this.row.cells[column];
    if (raw === undefined) return null;
    const value = optionalText(restoreFormula(raw.trim()));
    const limit = (this.schema.properties[column] as { maxLength?: number } | undefined)?.maxLength;
    if (
      checkLength &&
      value !== null &&
      limit !== undefined &&
      value.length > limit &&
      [...value].length > limit
    ) {
      this.problem(column, `${column} must be at most ${limit} characters long.`);
    }
    return value;
  }

  /** The items of a list cell (ids separated by `;`), trimmed; none when it is empty. */
  list(column: string): string[] {
    return (this.text(column) ?? '')
      .split(LIST_SEPARATOR)
      .map((item) => item.trim())
      .filter(Boolean);
  }

  /** An integer within [min, max], or null when empty. */
  integer(column: string, min: number, max: number): number | null {
    const value = this.text(column);
    if (value === null) return null;
    if (!/^[+-]?\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      this.problem(column, `"${value}" is not a whole number from ${min} to ${max}.`);
      return null;
    }
    return Number(value);
  }

  /**
   * A field's cell as its declaration says (a whole number within its limits, a date-time, a
   * list, yes or no, else text); undefined when empty (not given) or when it could not be read.
   */
  field(f: Field): unknown {
    if ((this.row.cells[f.name] ?? '').trim() === '') return undefined;
    const limits = f.limits ?? {};
    const safe = Number.MAX_SAFE_INTEGER;
    switch (f.type) {
      case 'integer':
      case 'money':
        return this.integer(f.name, limits.minimum ?? -safe, limits.maximum ?? safe) ?? undefined;
      case 'instant':
        return this.dateTime(f.name);
      case 'id_list':
      case 'multi_select':
        return this.list(f.name);
      case 'boolean': {
        const value = (this.text(f.name) ?? '').toLowerCase();
        if (['true', 'yes', '1'].includes(value)) return true;
        if (['false', 'no', '0'].includes(value)) return false;
        this.problem(f.name, `"${value}" is not yes or no.`);
        return undefined;
      }
      default:
        return this.text(f.name);
    }
  }

  /** An RFC 3339 date-time with its offset, as given; undefined when empty or not of that form. */
  dateTime(column: string): string | undefined {
    const value = this.text(column);
    if (value === null) return undefined;
    if (!RFC3339.test(value)) {
      this.problem(column, `"${value}" is not a date-time with an offset, such as 2026-05-01T18:00:00Z.`);
      return undefined;
    }
    return value;
  }
}

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:[Zz]|[+-]\d{2}:\d{2})$/;
