/** The request documents of POST and PATCH /v2/bookings (SPEC §7). */
import { Type } from 'typebox';
import { Nullable, StringEnum } from '../../api/jsonapi.js';
import { changes, createDocument, ToMany, ToOne, updateDocument } from '../../api/request-documents.js';
import { BOOKING_STATUSES } from './booking.table.js';

const DateTime = (description: string) => Type.String({ format: 'date-time', description });
const SAFE = Number.MAX_SAFE_INTEGER;

export const BookingWriteAttributes = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    status: Type.Optional(StringEnum(BOOKING_STATUSES, 'Default lead; moves follow the status machine')),
    start_at: DateTime('When the event starts (RFC 3339)'),
    end_at: DateTime('When it ends; after start_at'),
    timezone: Type.Optional(Type.String({ maxLength: 64, description: 'IANA time zone; default UTC' })),
    guest_count: Type.Optional(
      Nullable(
        Type.Integer({ minimum: 0, maximum: 1_000_000 }),
        'At most the smallest capacity of its spaces',
      ),
    ),
    event_type: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    currency: Type.Optional(Type.String({ maxLength: 3, description: 'ISO 4217; default USD' })),
    total_amount: Type.Optional(
      Type.Integer({ minimum: -SAFE, maximum: SAFE, description: 'Minor units of currency; default 0' }),
    ),
    lost_reason: Type.Optional(
      Nullable(Type.String({ maxLength: 1000 }), 'Required when the status is lost'),
    ),
  },
  { additionalProperties: false },
);

const BookingRelationships = Type.Object(
  {
    account: ToOne('accounts', { description: 'Required; an account of the organization' }),
    contact: Type.Optional(ToOne('contacts', { nullable: true })),
    owner: Type.Optional(
      ToOne('users', { nullable: true, description: "A member; default the token's user" }),
    ),
    spaces: Type.Optional(ToMany('spaces', { description: 'The spaces it holds' })),
  },
  { additionalProperties: false },
);

export const BookingCreateBody = createDocument('bookings', {
  attributes: BookingWriteAttributes,
  relationships: BookingRelationships,
});

export const BookingUpdateBody = updateDocument('bookings', {
  attributes: changes(BookingWriteAttributes),
  relationships: changes(BookingRelationships),
});
