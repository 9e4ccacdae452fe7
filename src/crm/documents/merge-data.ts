/**
 * What a document template may read (SPEC §13): one plain object of words and numbers, made from
 * the document's facts and nothing else, so a template sees the booking, its account, contact,
 * events, lines, totals and schedule (and the venue's name and the document's title) exactly as
 * the document prints them. Every member is always there (empty text when a booking has no
 * contact, say), so a template that renders for the sample renders for every booking. The same
 * shape is listed beside the form under Settings → Documents (MERGE_FIELDS).
 */
import { contactName } from '../contacts/index.js';
import { CATEGORY_LABELS, UNIT_LABELS } from '../pricing/index.js';
import type { DocumentFacts } from './document-facts.js';
import {
  dayOf,
  dayWords,
  eventWhen,
  guestsWords,
  moneyText,
  quantityWords,
  setupStyleWords,
} from './document-words.js';
import { installmentDue, STATE_WORDS, stillToPay } from './schedule-words.js';
import { spaceIds } from '../data/row-mappers.js';
import { DEFAULT_LOCALE } from '../../locale.js';
import { type CustomField, valuesInWords } from '../custom-fields/index.js';
import { customWords, NO_CUSTOM_FIELDS } from './custom-merge.js';
import { bookingFieldWords } from './merge-fields.js';

export interface MergeData {
  venue: { name: string; address: string };
  document: { title: string; version: number; date: string };
  booking: {
    name: string;
    reference: string;
    status: string;
    event_type: string;
    guests: string;
    first_day: string;
    last_day: string;
    currency: string;
    manager: string;
    /** The organization's custom fields of bookings in words, by key, by both names (custom-merge.ts). */
    custom: Record<string, string>;
    custom_fields: Record<string, string>;
  } & { readonly [field: string]: string | Record<string, string> }; // its fields' (merge-fields.ts)
  account: {
    name: string;
    email: string;
    phone: string;
    address: string;
    custom: Record<string, string>;
    custom_fields: Record<string, string>;
  };
  contact: {
    name: string;
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    title: string;
    custom: Record<string, string>;
    custom_fields: Record<string, string>;
  };
  events: Array<{
    name: string;
    day: string;
    times: string;
    spaces: string;
    setup_style: string;
    guests: string;
    guaranteed: string;
    custom: Record<string, string>;
    custom_fields: Record<string, string>;
  }>;
  lines: Array<{
    name: string;
    description: string;
    category: string;
    event: string;
    quantity: string;
    unit: string;
    unit_price: string;
    amount: string;
  }>;
  totals: {
    subtotal: string;
    service_charge: string;
    tax: string;
    grand_total: string;
    paid: string;
    balance_due: string;
  };
  schedule: Array<{
    label: string;
    amount: string;
    paid: string;
    to_pay: string;
    due: string;
    state: string;
  }>;
}

export const DOCUMENT_TITLES = {
  proposal: 'Proposal',
  beo: 'Banquet event order',
  invoice: 'Invoice',
} as const;

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
export function addressLines(account: DocumentFacts['account'], locale = DEFAULT_LOCALE): string[] {
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

export function mergeData(facts: DocumentFacts): MergeData {
  const { booking, account, contact, zone, locale } = facts;
  const currency = booking.currency;
  const money = (minor: number | string) => moneyText(Number(minor), currency, locale);
  const eventNames = new Map(facts.events.map((e) => [e.id, e.name]));
  const first = facts.events[0];
  const last = facts.events[facts.events.length - 1];
  const grand = Number(booking.grand_total);
  const paid = Number(booking.paid_total);
  const custom = facts.customFields ?? NO_CUSTOM_FIELDS;
  const words = (fields: readonly CustomField[], column: string | undefined) =>
    customWords(valuesInWords(fields, column ?? '{}', currency, locale));
  const made = {
    name: booking.name,
    reference: booking.reference,
    status: booking.status,
    event_type: booking.event_type ?? '',
    guests: booking.guest_count === null ? '' : String(booking.guest_count),
    first_day: first ? eventWhen(first, zone, locale).day : dayOf(booking.start_at, zone, locale),
    // An all-day event ends at the midnight after its last day, which is not a day of it.
    last_day: last
      ? Number(last.all_day) === 1
        ? dayWords(last.end_date, locale)
        : dayOf(last.end_at, zone, locale)
      : dayOf(booking.end_at, zone, locale),
    currency,
    manager: facts.manager ?? '',
  };
  return {
    venue: { name: facts.venue.name, address: facts.venue.address.join(', ') },
    document: {
      title: DOCUMENT_TITLES[facts.kind],
      version: facts.version,
      date: dayOf(facts.madeAt, zone, locale),
    },
    booking: {
      ...made,
      ...bookingFieldWords(booking, made, { currency, zone, locale }),
      ...words(custom.bookings, booking.custom_fields),
    },
    account: {
      name: account?.name ?? '',
      email: account?.email ?? '',
      phone: account?.phone ?? '',
      address: addressLines(account, locale).join(', '),
      ...words(custom.accounts, account?.customFields),
    },
    contact: {
      name: contact ? contactName(contact) : '',
      first_name: contact?.firstName ?? '',
      last_name: contact?.lastName ?? '',
      email: contact?.email ?? '',
      phone: contact?.phone ?? '',
      title: contact?.title ?? '',
      ...words(custom.contacts, contact?.customFields),
    },
    events: facts.events.map((e) => ({
      name: e.name,
      ...eventWhen(e, zone, locale),
      spaces: spaceIds(e)
        .map((id) => facts.spaceNames.get(id) ?? '')
        .join(', '),
      setup_style: e.setup_style ? setupStyleWords(e.setup_style) : '',
      guests: e.guest_count === null ? '' : guestsWords(Number(e.guest_count), locale),
      guaranteed: e.guaranteed_count === null ? '' : guestsWords(Number(e.guaranteed_count), locale),
      ...words(custom.events, e.custom_fields),
    })),
    lines: facts.lines.map((l) => ({
      name: l.name,
      description: l.description ?? '',
      category: CATEGORY_LABELS[l.category],
      event: l.event_id ? (eventNames.get(l.event_id) ?? '') : '',
      quantity: quantityWords(l.quantity, locale),
      unit: UNIT_LABELS[l.unit],
      unit_price: money(l.unit_price),
      amount: money(l.amount),
    })),
    totals: {
      subtotal: money(booking.subtotal),
      service_charge: money(booking.service_charge_total),
      tax: money(booking.tax_total),
      grand_total: money(grand),
      paid: money(paid),
      balance_due: money(grand - paid),
    },
    schedule: facts.installments.map((i) => ({
      label: i.label,
      amount: money(i.amountDue),
      paid: money(i.paidAmount),
      to_pay: money(stillToPay(i)),
      due: installmentDue(i, locale),
      state: STATE_WORDS[i.state],
    })),
  };
}
