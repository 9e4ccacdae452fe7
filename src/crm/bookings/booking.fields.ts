/**
 * A booking's fields (SPEC §7, §12, §14, §15), each declared once for every door
 * (src/crm/data/fields.ts): the API's attributes and relationships, the CSV, the documents' merge
 * fields, the assistant. What its line items and payments add up to is kept with it, read-only
 * (src/crm/pricing/booking-totals.ts); its room names and F&B shortfall are read from other rows
 * when it is shown, its balance due from its totals. Its custom fields' values (SPEC §19) are kept
 * beside them, in `custom_fields`.
 */
import { defineFields, derived, field } from '../data/fields.js';
import { UNIT_PRICE_LIMIT } from '../money.js';
import { BOOKING_SOURCES, BOOKING_STATUSES } from './booking-statuses.js';

const SAFE = Number.MAX_SAFE_INTEGER;
const inMinorUnits = (description: string) => `${description}, in minor units`;
/** Neither merged as `{{ booking.<name> }}` (the documents say it their way) nor shown to the assistant. */
const UNSHOWN = { merge: false, assistant: false } as const;
/** What its lines and payments add up to: not a column of the CSV, the documents' `totals`. */
const sum = (label: string, description: string) =>
  field('money', label, { csv: false, ...UNSHOWN, description: inMinorUnits(description) });

export const BOOKING_FIELDS = defineFields({
  name: field('text', 'Name', { writable: true, form: true, limits: { minLength: 1, maxLength: 200 } }),
  reference: field('text', 'Reference', {
    description: 'Human-readable, unique in the organization, e.g. BK-00205',
  }),
  status: field('enum', 'Status', {
    writable: true,
    values: BOOKING_STATUSES,
    writeDescription: 'Default lead; moves follow the status machine',
  }),
  start_at: field('instant', 'Starts', {
    writable: true,
    merge: false,
    writeDescription: 'When the event starts (RFC 3339); or give start_date',
  }),
  end_at: field('instant', 'Ends', {
    writable: true,
    merge: false,
    writeDescription: 'When it ends; after start_at',
  }),
  timezone: field('text', 'Time zone', {
    writable: true,
    merge: false,
    description: 'IANA time zone of the event',
    writeDescription: 'IANA time zone; default UTC',
    limits: { maxLength: 64 },
  }),
  guest_count: field('integer', 'Guests', {
    nullable: true,
    writable: true,
    form: true,
    merge: false, // merged in words, as `guests`
    writeDescription: 'At most the smallest capacity of its spaces',
    limits: { minimum: 0, maximum: 1_000_000 },
  }),
  event_type: field('text', 'Event type', {
    nullable: true,
    writable: true,
    form: true,
    assistant: false,
    limits: { maxLength: 100 },
  }),
  // The spaces' names, as a list of text (an id_list's shape).
  room_names: derived('id_list', 'Spaces', {
    ...UNSHOWN,
    description: 'The names of the spaces it holds, as they are now (read-only)',
  }),
  currency: field('text', 'Currency', {
    writable: true,
    description: 'ISO 4217',
    writeDescription: 'ISO 4217; default USD',
    limits: { maxLength: 3 },
  }),
  total_amount: field('money', 'Total', {
    writable: true,
    ...UNSHOWN,
    description:
      'Minor units of currency: the typed estimate while it has no line items, then its grand_total',
    writeDescription: 'Minor units of currency; default 0',
    limits: { minimum: -SAFE, maximum: SAFE },
  }),
  subtotal: sum('Subtotal', 'Its line items’ amounts (read-only)'),
  service_charge_total: sum('Service charges', 'Its line items’ service charges (read-only)'),
  tax_total: sum('Taxes', 'Its line items’ taxes, inclusive ones too (read-only)'),
  grand_total: field('money', 'Grand total', {
    csv: false,
    merge: false,
    description: inMinorUnits('subtotal + service charges + exclusive taxes (read-only)'),
  }),
  paid_total: sum('Paid', 'Payments less refunds (read-only)'),
  balance_due: derived('money', 'Balance due', {
    csv: false,
    merge: false,
    description: inMinorUnits('grand_total − paid_total (read-only)'),
  }),
  category_totals: field('counts', 'Totals by category', {
    csv: false,
    ...UNSHOWN,
    description: 'Its line items’ amounts by category, in minor units (read-only)',
  }),
  fnb_minimum: field('money', 'F&B minimum', {
    writable: true,
    csv: false,
    ...UNSHOWN,
    description: inMinorUnits('The least it must spend on food and beverage (0: none)'),
    writeDescription: 'The least it must spend on food and beverage, in minor units; default 0',
    limits: { minimum: 0, maximum: UNIT_PRICE_LIMIT },
  }),
  fnb_shortfall: derived('money', 'F&B shortfall', {
    csv: false,
    ...UNSHOWN,
    description: inMinorUnits('What its food and beverage amounts fall short of fnb_minimum (read-only)'),
  }),
  lost_reason: field('text', 'Lost because', {
    nullable: true,
    writable: true,
    form: true,
    ...UNSHOWN,
    writeDescription: 'Required when the status is lost',
    limits: { maxLength: 1000 },
  }),
  account_id: field('id', 'Account', {
    nullable: true,
    writable: true,
    relationship: { name: 'account', type: 'accounts' },
    ...UNSHOWN,
  }),
  contact_id: field('id', 'Contact', {
    nullable: true,
    writable: true,
    relationship: { name: 'contact', type: 'contacts' },
    ...UNSHOWN,
  }),
  owner_id: field('id', 'Owner', {
    nullable: true,
    writable: true,
    relationship: { name: 'owner', type: 'users' },
    ...UNSHOWN,
  }),
  space_ids: field('id_list', 'Spaces held', {
    writable: true,
    relationship: { name: 'spaces', type: 'spaces' },
    ...UNSHOWN,
  }),
  stage_id: field('id', 'Stage', {
    nullable: true,
    writable: true,
    relationship: { name: 'stage', type: 'stages', attribute: true },
    ...UNSHOWN,
    description: 'Its stage in a sales pipeline (SPEC §15); null: in none',
    writeDescription:
      'A stage of the organization (or the stage relationship); default the first stage of its first pipeline; null: in none',
    limits: { minLength: 1, maxLength: 64 },
  }),
  referral_source_id: field('id', 'Referral source', {
    nullable: true,
    writable: true,
    relationship: { name: 'referral_source', type: 'referral_sources', attribute: true },
    ...UNSHOWN,
    description: 'Where it came from; null when not known',
    writeDescription: 'A referral source of the organization (or the referral_source relationship)',
    limits: { minLength: 1, maxLength: 64 },
  }),
  source: field('enum', 'Source', {
    nullable: true,
    values: BOOKING_SOURCES,
    csv: false,
    ...UNSHOWN,
    description:
      'How it came in (read-only): inquiry_form, api, workspace, import, assistant, email; null: not recorded',
  }),
  source_details: field('record', 'Source details', {
    nullable: true,
    csv: false,
    ...UNSHOWN,
    description: 'Where an inquiry came from: utm_source, utm_medium, utm_campaign, referrer (read-only)',
  }),
  created_at: field('instant', 'Created', UNSHOWN),
  updated_at: field('instant', 'Updated', UNSHOWN),
});
