/** An account's address as a document prints it, in its country's order (SPEC §13). */
import type { Account } from '../accounts/index.js';
import { DEFAULT_LOCALE } from '../../locale.js';

/** Countries whose addresses end "City, REGION POSTCODE" on one line. */
const CITY_REGION_POSTCODE = new Set(['US', 'CA', 'AU']);
/** Countries whose addresses put the postcode on a line of its own after the town. */
const POSTCODE_BELOW = new Set(['GB', 'IE']);

/** A country given as an ISO 3166 code by its name in the locale ("US" → "United States"); else as written. */
function countryName(country: string, locale: string): string {
  if (!/^[A-Za-z]{2}$/.test(country)) return country;
  try {
    return (
      new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' }).of(country.toUpperCase()) ??
      country
    );
  } catch {
    return country;
  }
}

/**
 * An account's address as lines, in its country's order: "Salem, MA 01970" in the United States,
 * Canada and Australia; the town, then the postcode in the United Kingdom and Ireland; "10115
 * Berlin" elsewhere; the country by its name in the locale.
 */
export function addressLines(account: Account | undefined, locale = DEFAULT_LOCALE): string[] {
  if (!account) return [];
  const country = account.country?.trim() ?? '';
  const code = country.toUpperCase();
  const places = CITY_REGION_POSTCODE.has(code)
    ? [
        [
          account.city && account.region ? `${account.city},` : account.city,
          account.region,
          account.postalCode,
        ]
          .filter(Boolean)
          .join(' '),
      ]
    : POSTCODE_BELOW.has(code)
      ? [account.city, account.region, account.postalCode]
      : [[account.postalCode, account.city].filter(Boolean).join(' '), account.region];
  return [
    account.addressLine1,
    account.addressLine2,
    ...places,
    country && countryName(country, locale),
  ].filter((line): line is string => Boolean(line));
}
