/**
 * Money (SPEC §12): integers in the currency's minor units, by its ISO 4217 exponent (2 for EUR,
 * 0 for JPY, 3 for KWD), never a float; and the one way an amount typed by a person is read.
 *
 * An amount is read by this rule, the same in every form:
 * - digits with an optional minus sign in front; spaces (also no-break spaces) and apostrophes
 *   only ever group thousands: `1 234,50`, `1'234.50`;
 * - when both `.` and `,` appear, the last one is the decimal mark and the other groups
 *   thousands: `1,234.50` and `1.234,50` are both 1234.50;
 * - when only one of them appears, once, it groups thousands if exactly three digits follow, the
 *   digits before it are one to three or grouped by three and the currency has fewer than three
 *   decimals (`1,234` and `12.345` in EUR are 1234 and 12345), and is otherwise the decimal mark
 *   (`1234,50`, `1234.5`; in a currency of three decimals `1.500` is one and a half) — except a
 *   comma that could be either in a currency of three decimals (`1,234` in KWD);
 * - appearing more than once, it groups thousands (`1.234.567`);
 * - groups of thousands are three digits each, after a first group of one to three that does not
 *   start with 0: so `0.001` is a decimal mark and three decimals, never one thousand's grouping;
 * - more decimals than the currency's ISO 4217 exponent are refused, never rounded nor read as
 *   a grouping (`0.001` in USD: "USD amounts have at most 2 decimals"; in JPY none);
 * - anything else, including an amount that reads two ways (`1,234` in KWD, with three
 *   decimals), is refused with a sentence that says why.
 */

import { readingLocale } from '../locale.js';

/** ISO 4217 currencies whose minor unit is not a hundredth (2024 list); the rest have two decimals. */
const EXPONENTS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

/** How many decimals the currency's minor unit has (ISO 4217). */
export function currencyExponent(currency: string): number {
  return EXPONENTS[currency.toUpperCase()] ?? 2;
}

/** Minor units of an amount as a person reads it: 123450 EUR → "1234.50" (no grouping). */
export function majorText(minor: number | bigint, currency: string): string {
  const exponent = currencyExponent(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(minor < 0 ? -minor : minor).padStart(exponent + 1, '0');
  if (exponent === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/**
 * Minor units as people read them in the organization's locale (SPEC §13): "£1,234.50" in
 * en-GB, "$1,234.50" in en-US, "1.234,50 €" in de-DE (the pages and the documents alike). The
 * decimal text itself is formatted, so no float stands between the stored integer and what is shown.
 */
export function moneyText(minor: number | bigint, currency: string, locale = readingLocale()): string {
  const exponent = currencyExponent(currency);
  try {
    const format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    });
    return format.format(majorText(minor, currency) as `${number}`);
  } catch {
    return `${majorText(minor, currency)} ${currency}`;
  }
}

export type ReadAmount = { minor: number; problem?: undefined } | { problem: string; minor?: undefined };

/** Thousands grouped: a first group of one to three digits not starting with 0, then threes. */
const GROUPED = /^[1-9]\d{0,2}(?:[ \u00a0\u202f',.]\d{3})*$/;

/** `whole` with its grouping marks taken out, or undefined when they do not group by three. */
function ungrouped(whole: string, marks: RegExp): string | undefined {
  if (!marks.test(whole)) return whole;
  if (!GROUPED.test(whole)) return undefined;
  return whole.replace(/[ \u00a0\u202f',.]/g, '');
}

/** Reads an amount typed by a person (the rule above) into minor units of `currency`. */
export function readAmount(text: string, currency: string): ReadAmount {
  const exponent = currencyExponent(currency);
  const example = exponent > 0 ? `4500 or 4500.${'5'.padEnd(exponent, '0')}` : '4500';
  const unreadable = (why: string): ReadAmount => ({
    problem: `${why} Write it as, for example, ${example}.`,
  });
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const body = negative ? trimmed.slice(1).trim() : trimmed;
  if (!/^[\d \u00a0\u202f',.]+$/.test(body) || !/\d/.test(body))
    return unreadable(`"${text.trim()}" is not an amount.`);
  const lastDot = body.lastIndexOf('.');
  const lastComma = body.lastIndexOf(',');
  let decimalAt = -1;
  if (lastDot >= 0 && lastComma >= 0) decimalAt = Math.max(lastDot, lastComma);
  else {
    const at = Math.max(lastDot, lastComma);
    const mark = body[at];
    if (at >= 0 && body.indexOf(mark!) === at) {
      // One mark, once: three digits after it may group thousands, or be decimals.
      const groups = body.length - at - 1 === 3 && GROUPED.test(body);
      const decimals = body.length - at - 1 <= exponent;
      if (groups && decimals && mark === ',') {
        return unreadable(
          `"${text.trim()}" reads two ways: "${mark}" could group thousands or mark decimals.`,
        );
      }
      if (!groups || decimals) decimalAt = at;
    }
  }
  const whole = decimalAt >= 0 ? body.slice(0, decimalAt) : body;
  const fraction = decimalAt >= 0 ? body.slice(decimalAt + 1) : '';
  if (!/^\d*$/.test(fraction)) return unreadable(`"${text.trim()}" has more than one decimal mark.`);
  if (fraction.length > exponent) {
    return unreadable(
      exponent === 0
        ? `${currency} amounts have no decimals; "${text.trim()}" has ${fraction.length}.`
        : `${currency} amounts have at most ${exponent} decimals; "${text.trim()}" has ${fraction.length}.`,
    );
  }
  const digits = ungrouped(whole === '' ? '0' : whole, /[ \u00a0\u202f',.]/);
  if (digits === undefined) return unreadable(`"${text.trim()}" groups its digits other than by thousands.`);
  const minor = Number(digits) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || 0);
  if (!Number.isSafeInteger(minor)) {
    return unreadable(`"${text.trim()}" is too large.`);
  }
  return { minor: negative && minor !== 0 ? -minor : minor };
}

/** The largest unit price either side of zero, in minor units (a billion in a currency of two decimals). */
export const UNIT_PRICE_LIMIT = 100_000_000_000;
/** An installment's or a payment's amount, in minor units: at most a thousand of the largest unit prices. */
export const AMOUNT_LIMIT = 1_000 * UNIT_PRICE_LIMIT;

/** Whether `value` is a whole number of minor units from `least` to `most`. */
export function wholeAmount(value: number, least: number, most: number): boolean {
  return Number.isSafeInteger(value) && value >= least && value <= most;
}

/** The largest total of one line, in minor units: 500 lines of it still add up exactly. */
export const LINE_TOTAL_LIMIT = 10_000_000_000_000;
/** The most lines a booking holds. */
export const LINES_PER_BOOKING = 500;
