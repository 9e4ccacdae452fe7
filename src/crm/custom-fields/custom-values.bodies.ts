/**
 * `custom_fields` in the API's documents of every kind of record with a venue's own fields
 * (SPEC §19): what a write gives (only the keys it changes; null clears one) and what a read shows
 * (every defined key, null when unset). One schema for bookings, events, accounts and contacts.
 */
import { Type } from 'typebox';
import type { CustomRecordType } from './custom-field.table.js';

/** `custom_fields` of a POST or PATCH. */
export const CustomValuesWritten = (recordType: CustomRecordType) =>
  Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), {
      maxProperties: 100,
      description: `The organization’s custom fields of ${recordType} (GET /v2/custom_fields) by key: only the keys to change; null clears one`,
    }),
  );

/** `custom_fields` of a resource. */
export const CustomValuesShown = (recordType: CustomRecordType) =>
  Type.Object(
    {},
    {
      additionalProperties: true,
      description: `The organization’s custom fields of ${recordType} by key, each present (null when unset)`,
    },
  );
