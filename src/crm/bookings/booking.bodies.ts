/** The request documents of POST and PATCH /v2/bookings (SPEC §7). */
import { Type } from 'typebox';
import { Nullable, StringEnum } from '../../api/jsonapi.js';
import { changes, createDocument, ToMany, ToOne, updateDocument } from '../../api/request-documents.js';
import { BOOKING_STATUSES } from './booking.table.js';
import { CustomValuesWritten } from '../custom-fields/index.js';
import { UNIT_PRICE_LIMIT } from '../money.js';

const DateTime = (description: string) => Type.String({ format: 'date-time', description });
const SAFE = Number.MAX_SAFE_INTEGER;

export const BookingWriteAttributes = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    status: Type.Optional(StringEnum(BOOKING_STATUSES, 'Default lead; moves follow the status machine')),
    start_at: Type.Optional(DateTime('When the event starts (RFC 3339); or give start_date')),
    end_at: Type.Optional(DateTime('When it ends; after start_at')),
    start_date: Type.Optional(
      Type.String({
        maxLength: 10,
        description:
          "On create, instead of start_at: its first day (YYYY-MM-DD), an all-day first event in the booking's time zone, by default the organization's",
      }),
    ),
    end_date: Type.Optional(
      Type.String({ maxLength: 10, description: 'With start_date: its last day; default start_date' }),
    ),
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
    fnb_minimum: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: UNIT_PRICE_LIMIT,
        description: 'The least it must spend on food and beverage, in minor units; default 0',
      }),
    ),
    lost_reason: Type.Optional(
      Nullable(Type.String({ maxLength: 1000 }), 'Required when the status is lost'),
    ),
    contact: Type.Optional(
      Type.Object(
        {
          first_name: Type.Optional(Type.String({ maxLength: 100 })),
          last_name: Type.Optional(Type.String({ maxLength: 100 })),
          email: Type.Optional(Nullable(Type.String({ maxLength: 254 }))),
          phone_number: Type.Optional(Nullable(Type.String({ maxLength: 50 }))),
        },
        {
          additionalProperties: false,
          description:
            'On create, instead of the contact relationship: a new contact, or the organization’s contact with this e-mail; the booking’s account is its account when the booking names none (a person account is made)',
        },
      ),
    ),
    custom_fields: CustomValuesWritten('bookings'),
    stage_id: Type.Optional(
      Nullable(
        Type.String({ minLength: 1, maxLength: 64 }),
        'A stage of the organization (or the stage relationship); default the first stage of its first pipeline; null: in none',
      ),
    ),
    referral_source_id: Type.Optional(
      Nullable(
        Type.String({ minLength: 1, maxLength: 64 }),
        'A referral source of the organization (or the referral_source relationship)',
      ),
    ),
  },
  { additionalProperties: false },
);

const BookingRelationships = Type.Object(
  {
    account: Type.Optional(
      ToOne('accounts', {
        description: 'Required (an account of the organization), unless an embedded contact brings one',
      }),
    ),
    contact: Type.Optional(ToOne('contacts', { nullable: true })),
    owner: Type.Optional(
      ToOne('users', { nullable: true, description: "A member; default the token's user" }),
    ),
    spaces: Type.Optional(ToMany('spaces', { description: 'The spaces it holds' })),
    stage: Type.Optional(ToOne('stages', { nullable: true, description: 'As the stage_id attribute' })),
    referral_source: Type.Optional(
      ToOne('referral_sources', { nullable: true, description: 'As the referral_source_id attribute' }),
    ),
  },
  { additionalProperties: false },
);

export const BookingCreateBody = createDocument('bookings', {
  attributes: BookingWriteAttributes,
  relationships: Type.Optional(BookingRelationships),
});

export const BookingUpdateBody = updateDocument('bookings', {
  attributes: changes(BookingWriteAttributes),
  relationships: changes(BookingRelationships),
});
