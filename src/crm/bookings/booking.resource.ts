/** Bookings as the API shows them (SPEC §5), rendered from their fields. */
import {
  attributesOf,
  attributesSchema,
  relationshipsOf,
  relationshipTargets,
} from '../../api/field-schemas.js';
import { type Resource, resourceSchema } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { relation } from '../../api/relation.js';
import { CustomValuesShown, listedCustomFields, shownValues } from '../custom-fields/index.js';
import {
  type BookingReadContext,
  bookingReadContext,
  fnbShortfall,
  roomNamesOf,
} from './booking-read-context.js';
import { BOOKING_FIELDS } from './booking.fields.js';
import { BOOKING_STATUSES } from './booking.table.js';
import { type Booking, bookingCodec, totalShown } from './booking.value.js';
import { spaceIds } from '../data/row-mappers.js';

export const BookingResource = resourceSchema(
  'bookings',
  attributesSchema(BOOKING_FIELDS, CustomValuesShown('bookings')),
  relationshipTargets(BOOKING_FIELDS),
);

const spacesOf = (row: { space_ids: string }) => spaceIds(row).map((id) => ({ type: 'spaces', id }));

function contextOf(context: unknown): BookingReadContext {
  if (!context) throw new Error('A booking is shown with its organization’s space names (readContext).');
  return context as BookingReadContext;
}

/**
 * A booking as the API shows it: its fields, with what is made of other rows beside them (its
 * spaces' names, its F&B shortfall, its custom fields' values: the read context's) and the total it
 * shows (its lines' grand total once it has lines).
 */
export function bookingResource(booking: Booking, baseUrl: string, context: BookingReadContext): Resource {
  const shown = {
    ...booking,
    totalAmount: totalShown(booking),
    roomNames: roomNamesOf(booking, context.names),
    fnbShortfall: fnbShortfall(booking, context.fnbCategories),
  };
  return {
    type: 'bookings',
    id: booking.id,
    attributes: attributesOf(BOOKING_FIELDS, shown, shownValues(booking.customFields, context.customFields)),
    relationships: relationshipsOf(BOOKING_FIELDS, booking),
    links: { self: `${baseUrl}/v2/bookings/${booking.id}` },
  };
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
    values: (row, context) => {
      const booking = bookingCodec.decode(row);
      return [
        roomNamesOf(booking, contextOf(context).names),
        fnbShortfall(booking, contextOf(context).fnbCategories),
        shownValues(booking.customFields, contextOf(context).customFields),
      ];
    },
  },
  toResource: (row, baseUrl, context) =>
    bookingResource(bookingCodec.decode(row), baseUrl, contextOf(context)),
};
