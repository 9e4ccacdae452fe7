/**
 * What a template is tried against when it is saved (SPEC §13): every member filled, every list
 * with one entry, so a field or filter that does not exist anywhere in it is found then; and
 * what Settings → Documents lists beside the form, each field with its sample value. Frozen, to
 * the last member: a render works on a copy of its own (liquid-sandbox.ts), and nothing a
 * template does can change what another venue's check or list reads.
 */
import type { MergeData } from './merge-data.js';
import { accountSampleWords, bookingSampleWords, contactSampleWords } from './merge-fields.js';

const BOOKING_MADE = {
  name: 'Mensah wedding',
  reference: 'BK-00042',
  status: 'tentative',
  event_type: 'Wedding',
  guests: '120',
  first_day: 'Saturday 12 June 2027',
  last_day: 'Saturday 12 June 2027',
  currency: 'GBP',
  manager: 'Priya Shah',
};

const ACCOUNT_MADE = {
  name: 'Mensah family',
  email: 'ama@mensah.example',
  phone: '+44 117 496 0000',
  address: '8 Park Row, Bristol BS1 5LH',
};

const CONTACT_MADE = {
  name: 'Ama Mensah',
  first_name: 'Ama',
  last_name: 'Mensah',
  email: 'ama@mensah.example',
  phone: '+44 117 496 0000',
  title: 'Bride',
};

const SAMPLE: MergeData = {
  venue: { name: 'Harbour Rooms', address: '1 Quay Street, Bristol BS1 4DJ' },
  document: { title: 'Proposal', version: 1, date: 'Monday 1 March 2027' },
  booking: {
    ...BOOKING_MADE,
    // Each other field merged by its name, with a value of its kind (merge-fields.ts).
    ...bookingSampleWords(BOOKING_MADE),
    custom: {},
    custom_fields: {},
  },
  account: {
    ...ACCOUNT_MADE,
    ...accountSampleWords(ACCOUNT_MADE),
    custom: {},
    custom_fields: {},
  },
  contact: {
    ...CONTACT_MADE,
    ...contactSampleWords(CONTACT_MADE),
    custom: {},
    custom_fields: {},
  },
  events: [
    {
      name: 'Dinner',
      day: 'Saturday 12 June 2027',
      times: '18:00–23:30',
      spaces: 'Grand Ballroom',
      setup_style: 'Banquet',
      guests: '120 guests',
      guaranteed: '118 guests',
      custom: {},
      custom_fields: {},
    },
  ],
  lines: [
    {
      name: 'Gold dinner menu',
      description: 'Three courses',
      category: 'Food',
      event: 'Dinner',
      quantity: '118',
      unit: 'per person',
      unit_price: '£85.00',
      amount: '£10,030.00',
    },
  ],
  totals: {
    subtotal: '£10,030.00',
    service_charge: '£1,253.75',
    tax: '£2,256.75',
    grand_total: '£13,540.50',
    paid: '£0.00',
    balance_due: '£13,540.50',
  },
  schedule: [
    {
      label: 'Deposit',
      amount: '£2,708.10',
      paid: '£0.00',
      to_pay: '£2,708.10',
      due: 'On signing',
      state: 'Scheduled',
    },
  ],
};

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

export const SAMPLE_MERGE_DATA: Readonly<MergeData> = deepFreeze(SAMPLE);
