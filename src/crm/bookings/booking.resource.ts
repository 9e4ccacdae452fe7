/** Bookings as the API shows them (SPEC §5). */
import { Type } from 'typebox';
import { Nullable, NullableString, resourceSchema, StringEnum, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { relation } from '../../api/relation.js';
import { roomNames } from '../spaces/index.js';
import { CustomValuesShown, listedCustomFields, shownValues } from '../custom-fields/index.js';
import { type BookingReadContext, bookingReadContext, fnbShortfall } from './booking-read-context.js';
import { BOOKING_SOURCES, BOOKING_STATUSES } from './booking.table.js';
import { spaceIds } from '../data/row-mappers.js';

const Minor = (description: string) => Type.Integer({ description: `${description}, in minor units` });

export const BookingAttributes = Type.Object({
  name: Type.String(),
  reference: Type.String({ description: 'Human-readable, unique in the organization, e.g. BK-00205' }),
  status: StringEnum(BOOKING_STATUSES),
  start_at: Timestamp,
  end_at: Timestamp,
  timezone: Type.String({ description: 'IANA time zone of the event' }),
  guest_count: Nullable(Type.Integer()),
  event_type: NullableString(),
  room_names: Type.Array(Type.String(), {
    description: 'The names of the spaces it holds, as they are now (read-only)',
  }),
  currency: Type.String({ description: 'ISO 4217' }),
  total_amount: Type.Integer({
    description:
      'Minor units of currency: the typed estimate while it has no line items, then its grand_total',
  }),
  subtotal: Minor('Its line items’ amounts (read-only)'),
  service_charge_total: Minor('Its line items’ service charges (read-only)'),
  tax_total: Minor('Its line items’ taxes, inclusive ones too (read-only)'),
  grand_total: Minor('subtotal + service charges + exclusive taxes (read-only)'),
  paid_total: Minor('Payments less refunds (read-only)'),
  balance_due: Minor('grand_total − paid_total (read-only)'),
  category_totals: Type.Record(Type.String(), Type.Integer(), {
    description: 'Its line items’ amounts by category, in minor units (read-only)',
  }),
  fnb_minimum: Minor('The least it must spend on food and beverage (0: none)'),
  fnb_shortfall: Minor('What its food and beverage amounts fall short of fnb_minimum (read-only)'),
  lost_reason: NullableString(),
  stage_id: NullableString('Its stage in a sales pipeline (SPEC §15); null: in none'),
  referral_source_id: NullableString('Where it came from; null when not known'),
  source: Nullable(
    StringEnum(
      BOOKING_SOURCES,
      'How it came in (read-only): inquiry_form, api, workspace, import, assistant, email; null: not recorded',
    ),
  ),
  source_details: Nullable(
    Type.Record(Type.String(), Type.String(), {
      description: 'Where an inquiry came from: utm_source, utm_medium, utm_campaign, referrer (read-only)',
    }),
  ),
  custom_fields: CustomValuesShown('bookings'),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const BookingResource = resourceSchema('bookings', BookingAttributes, {
  account: 'accounts',
  contact: 'contacts',
  owner: 'users',
  spaces: ['spaces'],
  stage: 'stages',
  referral_source: 'referral_sources',
});

const spacesOf = (row: { space_ids: string }) => spaceIds(row).map((id) => ({ type: 'spaces', id }));

function contextOf(context: unknown): BookingReadContext {
  if (!context) throw new Error('A booking is shown with its organization’s space names (readContext).');
  return context as BookingReadContext;
}

export const bookingDefinition: ResourceDefinition<'bookings'> = {
  type: 'bookings',
  path: '/v2/bookings',
  schema: BookingResource,
  tag: 'Bookings',
  noun: 'bookings',
  singular: 'booking',
  sortable: ['created_at', 'updated_at', 'start_at', 'end_at', 'name', 'reference'],
  defaultSort: '-created_at',
  filters: {
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
    start_at: { column: 'start_at', kind: 'timestamp' },
    end_at: { column: 'end_at', kind: 'timestamp' },
    status: { column: 'status', kind: 'enum', values: BOOKING_STATUSES },
    account_id: { column: 'account_id', kind: 'id' },
    contact_id: { column: 'contact_id', kind: 'id' },
    owner_id: { column: 'owner_id', kind: 'id', allowsMe: true },
    stage_id: { column: 'stage_id', kind: 'id' },
    referral_source_id: { column: 'referral_source_id', kind: 'id' },
    space_id: {
      column: 'id',
      kind: 'id',
      operators: ['eq', 'in'],
      link: { table: 'booking_spaces', key: 'booking_id', column: 'space_id' },
    },
  },
  search: 'bookings',
  includes: {
    account: (row) => relation('accounts', row.account_id),
    contact: (row) => relation('contacts', row.contact_id),
    owner: (row) => relation('users', row.owner_id),
    spaces: spacesOf,
    stage: (row) => relation('stages', row.stage_id),
    referral_source: (row) => relation('referral_sources', row.referral_source_id),
  },
  readContext: bookingReadContext,
  customFields: (context) => listedCustomFields(contextOf(context).customFields),
  derived: {
    attributes: ['room_names', 'fnb_shortfall', 'custom_fields'],
    values: (row, context) => [
      roomNames(row.space_ids, contextOf(context).names),
      fnbShortfall(row, contextOf(context).fnbCategories),
      shownValues(row.custom_fields, contextOf(context).customFields),
    ],
  },
  toResource: (row, baseUrl, context) => ({
    type: 'bookings',
    id: row.id,
    attributes: {
      name: row.name,
      reference: row.reference,
      status: row.status,
      start_at: row.start_at,
      end_at: row.end_at,
      timezone: row.timezone,
      guest_count: row.guest_count,
      event_type: row.event_type,
      room_names: roomNames(row.space_ids, contextOf(context).names),
      currency: row.currency,
      total_amount: Number(row.line_count) > 0 ? Number(row.grand_total) : Number(row.total_amount),
      subtotal: Number(row.subtotal),
      service_charge_total: Number(row.service_charge_total),
      tax_total: Number(row.tax_total),
      grand_total: Number(row.grand_total),
      paid_total: Number(row.paid_total),
      balance_due: Number(row.grand_total) - Number(row.paid_total),
      category_totals: JSON.parse(row.category_totals) as Record<string, number>,
      fnb_minimum: Number(row.fnb_minimum),
      fnb_shortfall: fnbShortfall(row, contextOf(context).fnbCategories),
      lost_reason: row.lost_reason,
      stage_id: row.stage_id,
      referral_source_id: row.referral_source_id,
      source: row.source,
      source_details: row.source_details ? (JSON.parse(row.source_details) as Record<string, string>) : null,
      custom_fields: shownValues(row.custom_fields, contextOf(context).customFields),
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    relationships: {
      account: { data: relation('accounts', row.account_id) },
      contact: { data: relation('contacts', row.contact_id) },
      owner: { data: relation('users', row.owner_id) },
      spaces: { data: spacesOf(row) },
      stage: { data: relation('stages', row.stage_id) },
      referral_source: { data: relation('referral_sources', row.referral_source_id) },
    },
    links: { self: `${baseUrl}/v2/bookings/${row.id}` },
  }),
};
