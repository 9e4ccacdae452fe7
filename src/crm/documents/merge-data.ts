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
import { type CustomField, valuesInWords } from '../custom-fields/index.js';
import { customWords, NO_CUSTOM_FIELDS } from './custom-merge.js';
import { accountFieldWords, bookingFieldWords, contactFieldWords } from './merge-fields.js';
import { addressLines } from './address-lines.js';

export { addressLines } from './address-lines.js';

/** A record's fields merged by their own names, in words (merge-fields.ts). */
type FieldWords = { readonly [field: string]: string | Record<string, string> };

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
  } & FieldWords;
  account: {
    name: string;
    email: string;
    phone: string;
    address: string;
    custom: Record<string, string>;
    custom_fields: Record<string, string>;
  } & FieldWords;
  contact: {
    name: string;
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    title: string;
    custom: Record<string, string>;
    custom_fields: Record<string, string>;
  } & FieldWords;
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
      ? last.allDay
        ? dayWords(last.endDate, locale)
        : dayOf(last.endAt, zone, locale)
      : dayOf(booking.end_at, zone, locale),
    currency,
    manager: facts.manager ?? '',
  };
  const reading = { currency, zone, locale };
  const accountMade = {
    name: account?.name ?? '',
    email: account?.email ?? '',
    phone: account?.phone ?? '',
    address: addressLines(account, locale).join(', '),
  };
  const contactMade = {
    name: contact ? contactName(contact) : '',
    first_name: contact?.firstName ?? '',
    last_name: contact?.lastName ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    title: contact?.title ?? '',
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
      ...bookingFieldWords(booking, made, reading),
      ...words(custom.bookings, booking.custom_fields),
    },
    account: {
      ...accountMade,
      ...accountFieldWords(account, accountMade, reading),
      ...words(custom.accounts, account?.customFields),
    },
    contact: {
      ...contactMade,
      ...contactFieldWords(contact, contactMade, reading),
      ...words(custom.contacts, contact?.customFields),
    },
    events: facts.events.map((e) => ({
      name: e.name,
      ...eventWhen(e, zone, locale),
      spaces: e.spaceIds.map((id) => facts.spaceNames.get(id) ?? '').join(', '),
      setup_style: e.setupStyle ? setupStyleWords(e.setupStyle) : '',
      guests: e.guestCount === null ? '' : guestsWords(e.guestCount, locale),
      guaranteed: e.guaranteedCount === null ? '' : guestsWords(e.guaranteedCount, locale),
      ...words(custom.events, e.customFields),
    })),
    lines: facts.lines.map((l) => ({
      name: l.name,
      description: l.description ?? '',
      category: CATEGORY_LABELS[l.category],
      event: l.eventId ? (eventNames.get(l.eventId) ?? '') : '',
      quantity: quantityWords(l.quantity, locale),
      unit: UNIT_LABELS[l.unit],
      unit_price: money(l.unitPrice),
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
