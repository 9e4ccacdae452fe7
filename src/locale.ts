/**
 * An organization's locale (SPEC §13): a BCP 47 tag (`en-US`, `en-GB`, `de-DE`) every date,
 * time, number and amount shown to people is formatted in, with `Intl`. Unset, it follows the
 * country of the venue's time zone, else British English. The API and CSV keep ISO 8601 and minor
 * units whatever it is.
 */

import { AsyncLocalStorage } from 'node:async_hooks';
import { localTime } from './wall-clock.js';

export const DEFAULT_LOCALE = 'en-GB';

/**
 * The usual locale of the countries whose time zones a venue picks most, by zone; the rest of a
 * region by its first part. A zone not listed here falls back to en-GB.
 */
const BY_ZONE: Readonly<Record<string, string>> = {
  'America/Toronto': 'en-CA',
  'America/Vancouver': 'en-CA',
  'America/Edmonton': 'en-CA',
  'America/Winnipeg': 'en-CA',
  'America/Halifax': 'en-CA',
  'America/St_Johns': 'en-CA',
  'America/Regina': 'en-CA',
  'America/Montreal': 'fr-CA',
  'America/Mexico_City': 'es-MX',
  'America/Sao_Paulo': 'pt-BR',
  'America/Argentina/Buenos_Aires': 'es-AR',
  'America/Bogota': 'es-CO',
  'America/Santiago': 'es-CL',
  'America/Lima': 'es-PE',
  'Pacific/Honolulu': 'en-US',
  'Pacific/Auckland': 'en-NZ',
  'Europe/London': 'en-GB',
  'Europe/Dublin': 'en-IE',
  'Europe/Berlin': 'de-DE',
  'Europe/Vienna': 'de-AT',
  'Europe/Zurich': 'de-CH',
  'Europe/Paris': 'fr-FR',
  'Europe/Brussels': 'fr-BE',
  'Europe/Amsterdam': 'nl-NL',
  'Europe/Madrid': 'es-ES',
  'Europe/Lisbon': 'pt-PT',
  'Europe/Rome': 'it-IT',
  'Europe/Stockholm': 'sv-SE',
  'Europe/Oslo': 'nb-NO',
  'Europe/Copenhagen': 'da-DK',
  'Europe/Helsinki': 'fi-FI',
  'Europe/Warsaw': 'pl-PL',
  'Europe/Prague': 'cs-CZ',
  'Europe/Athens': 'el-GR',
  'Asia/Tokyo': 'ja-JP',
  'Asia/Singapore': 'en-SG',
  'Asia/Hong_Kong': 'en-HK',
  'Asia/Kolkata': 'en-IN',
  'Asia/Dubai': 'en-AE',
  'Africa/Johannesburg': 'en-ZA',
};

/** United States zones: America/<city> that are the country's, and its Indiana and Kentucky ones. */
const US_ZONES =
  /^(America\/(New_York|Chicago|Denver|Los_Angeles|Phoenix|Anchorage|Boise|Detroit|Juneau|Sitka|Nome|Adak|Metlakatla|Yakutat|Menominee|Indiana\/.+|Kentucky\/.+|North_Dakota\/.+)|US\/.+)$/;

/** The locale a venue in `zone` most likely reads: its country's, else en-GB. */
export function localeOfZone(zone: string): string {
  if (US_ZONES.test(zone)) return 'en-US';
  if (zone.startsWith('Australia/')) return 'en-AU';
  return BY_ZONE[zone] ?? DEFAULT_LOCALE;
}

/** The canonical form of a BCP 47 tag `Intl` can format in, or undefined. */
export function readLocale(tag: string): string | undefined {
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(tag)) return undefined;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    if (!canonical) return undefined;
    return Intl.DateTimeFormat.supportedLocalesOf([canonical]).length === 1 ? canonical : undefined;
  } catch {
    return undefined;
  }
}

/** The locale an organization's people read: its own, else its time zone's. */
export function organizationLocale(organization: { locale?: string | null; timezone: string }): string {
  return organization.locale ?? localeOfZone(organization.timezone);
}

/**
 * The locale of the request being answered: the workspace and the client portal set it once, from
 * the organization, so every helper that writes days, times and amounts for a page (moneyText,
 * dayLabel, clockLabel, timeRange) reads it without each page passing it on. Outside such a
 * request, and where a caller names a locale itself, this is not consulted.
 */
const reading = new AsyncLocalStorage<{ locale: string }>();

/** Runs `next` (the rest of a request) with a locale that `setReadingLocale` can set later. */
export function withReadingLocale(next: () => void): void {
  reading.run({ locale: DEFAULT_LOCALE }, next);
}

/** Sets the locale of the request being answered (inside `withReadingLocale`). */
export function setReadingLocale(locale: string): void {
  const store = reading.getStore();
  if (store) store.locale = locale;
}

/**
 * Runs `run` (and everything it awaits) in `locale`: for answers that no page request frames,
 * such as an assistant's tool call, whose text is written in the organization's locale too.
 */
export function inReadingLocale<T>(locale: string, run: () => T): T {
  return reading.run({ locale }, run);
}

/** The locale of the request being answered, else en-GB. */
export function readingLocale(): string {
  return reading.getStore()?.locale ?? DEFAULT_LOCALE;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One Intl.DateTimeFormat per key (locale, zone and what it shows), made once: they are costly. */
export function dateFormat(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/**
 * "14:05" (en-GB), "2:05 PM" (en-US) of an instant in a zone: the locale's own clock. en-GB is
 * `localTime`'s (midnight is 00:00, never 24:00).
 */
export function clockIn(instant: number, zone: string, locale: string): string {
  if (locale === DEFAULT_LOCALE) return localTime(instant, zone);
  return dateFormat(
    `clock ${locale} ${zone}`,
    () => new Intl.DateTimeFormat(locale, { timeZone: zone, hour: 'numeric', minute: '2-digit' }),
  ).format(instant);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** One Intl.NumberFormat per key (locale and style), made once. */
function numberFormat(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let format = numberFormats.get(key);
  if (!format) {
    format = make();
    numberFormats.set(key, format);
  }
  return format;
}

/** A count grouped as the locale groups it: "1,234" (en-GB, en-US), "1.234" (de-DE). */
export function countText(count: number, locale = readingLocale()): string {
  return numberFormat(`count ${locale}`, () => new Intl.NumberFormat(locale)).format(count);
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A decimal given as text ("1200", "2.5"), with the decimals it has, grouped as the locale
 * groups: "1,200.5" (en-GB, en-US), "1.200,5" (de-DE). Text that is not a decimal is shown as it is.
 */
export function decimalText(text: string, locale = readingLocale()): string {
  const match = DECIMAL.exec(text);
  if (!match) return text;
  const places = (match[3] ?? '').length;
  const format = numberFormat(
    `decimal ${locale} ${places}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: places, maximumFractionDigits: places }),
  );
  return format.format(text as `${number}`);
}

/**
 * A percentage given as decimal text ("12.5", "8.875", "20"), with the decimals it has (at most
 * four): "12.5%" (en-GB, en-US), "12,5 %" (de-DE). The text itself is formatted, so no float
 * stands between a stored rate and what is shown; text that is not a decimal is shown as it is.
 */
export function percentText(percentage: string, locale = readingLocale(), decimals?: number): string {
  const match = DECIMAL.exec(percentage);
  if (!match) return `${percentage}%`;
  const places = Math.min(decimals ?? (match[3] ?? '').replace(/0+$/, '').length, 4);
  const format = numberFormat(
    `percent ${locale} ${places}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: 'percent',
        minimumFractionDigits: places,
        maximumFractionDigits: places,
      }),
  );
  // "12.5E-2" is 0.125 exactly: the decimal text, not a float, is formatted.
  return format.format(`${percentage}E-2` as `${number}`);
}
