/**
 * Amounts in a CSV (SPEC §13): each column of minor units, which programs read, is followed by
 * `<column>_formatted`, the same amount as the organization's people read it, with its currency
 * ("$2,500.00" in en-US, "2.500,00 €" in de-DE: src/crm/money.ts `moneyText`). The minor units stay
 * the truth: an import never reads a formatted column (columns.ts lists it, never as writable), so
 * an export imports unchanged and a formatted cell edited in a spreadsheet changes nothing.
 * A formatted cell is text: a negative one ("-$12.00") gets the leading `'` of formula.ts as any
 * text cell beginning with `-` does.
 */
import { moneyText } from './money.js';
import { organizationOf } from './organization/index.js';
import type { Db } from '../db/database.js';
import { DEFAULT_LOCALE, organizationLocale } from '../locale.js';

/** The column beside `column` that holds its amount formatted: `total_amount_formatted`. */
export const formattedColumn = (column: string): string => `${column}_formatted`;

/** `columns` with each of `amounts` followed by its formatted column. */
export function besideAmounts(columns: readonly string[], amounts: readonly string[]): string[] {
  return columns.flatMap((column) =>
    amounts.includes(column) ? [column, formattedColumn(column)] : [column],
  );
}

/**
 * `record` with the formatted column of each of `amounts` filled in, in the record's own
 * `currency` and `locale`; empty where the amount or the currency is.
 */
export function withFormattedAmounts<Value>(
  record: Readonly<Record<string, Value>>,
  amounts: readonly string[],
  locale: string,
): Record<string, Value | string | null> {
  const currency = record.currency;
  return {
    ...record,
    ...formattedAmounts(record, amounts, typeof currency === 'string' ? currency : undefined, locale),
  };
}

/** The formatted column of each of `amounts` of `record`, in `currency`; empty where it or the amount is. */
export function formattedAmounts(
  record: Readonly<Record<string, unknown>>,
  amounts: readonly string[],
  currency: string | undefined,
  locale: string,
): Record<string, string | null> {
  const formatted: Record<string, string | null> = {};
  for (const column of amounts) {
    const minor = wholeNumber(record[column]);
    formatted[formattedColumn(column)] =
      currency !== undefined && currency !== '' && minor !== undefined
        ? moneyText(minor, currency, locale)
        : null;
  }
  return formatted;
}

/** A whole number of minor units, as a number or its digits (a driver's bigint column); else undefined. */
function wholeNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return undefined;
}

/** The locale an organization's files are formatted in (en-GB for one that is gone). */
export async function localeOfOrganization(db: Db, organizationId: string): Promise<string> {
  const organization = await organizationOf(db, organizationId);
  return organization ? organizationLocale(organization) : DEFAULT_LOCALE;
}
