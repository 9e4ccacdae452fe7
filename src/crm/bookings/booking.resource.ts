/** Bookings as the API shows them (SPEC §5). */
import { Type } from 'typebox';
import { Nullable, NullableString, resourceSchema, StringEnum, Timestamp } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { relation } from '../relation.js';
import { roomNames, type SpaceNames, spaceNamesOf } from '../spaces/space-names.js';
import { BOOKING_STATUSES } from './booking.table.js';

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
  total_amount: Type.Integer({ description: 'Minor units of currency' }),
  lost_reason: NullableString(),
  stage_id: NullableString('Its stage in a sales pipeline (SPEC §15); null: in none'),
  referral_source_id: NullableString('Where it came from; null when not known'),
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

const spacesOf = (row: { space_ids: string }) =>
  (JSON.parse(row.space_ids) as string[]).map((id) => ({ type: 'spaces', id }));

function namesOf(context: unknown): SpaceNames {
  if (!context) throw new Error('A booking is shown with its organization’s space names (readContext).');
  return context as SpaceNames;
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
  readContext: spaceNamesOf,
  derived: {
    attributes: ['room_names'],
    values: (row, context) => [roomNames(row.space_ids, (context as SpaceNames).names)],
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
      room_names: roomNames(row.space_ids, namesOf(context).names),
      currency: row.currency,
      total_amount: Number(row.total_amount),
      lost_reason: row.lost_reason,
      stage_id: row.stage_id,
      referral_source_id: row.referral_source_id,
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
