/**
 * The request documents of POST and PATCH /v2/bookings (SPEC §7): its fields' attributes, with
 * what a create may give instead of them (its days, an embedded contact) beside them.
 */
import { type TSchema, Type } from 'typebox';
import { Nullable } from '../../api/jsonapi.js';
import { placedBeside, writeAttributesSchema } from '../../api/field-schemas.js';
import { changes, createDocument, ToMany, ToOne, updateDocument } from '../../api/request-documents.js';
import { CustomValuesWritten } from '../custom-fields/index.js';
import { BOOKING_FIELDS } from './booking.fields.js';

/** What a create may give instead of start_at and end_at: its days. */
const DAYS = {
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
};

/** What a create may give instead of the contact relationship, and its custom fields' values. */
const BESIDE_PLACE = {
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
};

/**
 * Its writable fields, in their order, as a write gives them (the name required on create): its
 * days after end_at, an embedded contact and its custom fields before its place in the pipeline.
 */
export const BookingWriteAttributes = Type.Object(
  placedBeside<TSchema>(
    writeAttributesSchema(BOOKING_FIELDS, ['name']).properties as Record<string, TSchema>,
    {
      after: { end_at: DAYS },
      before: { stage_id: BESIDE_PLACE },
    },
  ),
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
