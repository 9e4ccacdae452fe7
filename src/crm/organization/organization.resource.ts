/** The organization's settings as the API shows them (SPEC §12): `GET|PATCH /v2/organization`. */
import type { Selectable } from 'kysely';
import { Type } from 'typebox';
import type { Resource } from '../../api/jsonapi.js';
import { resourceSchema, Timestamp } from '../../api/jsonapi.js';
import { changes, updateDocument } from '../../api/request-documents.js';
import type { OrganizationTable } from '../../identity/identity.table.js';

export type OrganizationRow = Selectable<OrganizationTable>;

export const OrganizationResource = resourceSchema(
  'organizations',
  Type.Object({
    name: Type.String(),
    timezone: Type.String({ description: 'IANA time zone the staff pages show times in' }),
    currency: Type.String({ description: 'ISO 4217; new bookings start in it' }),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
);

const OrganizationWriteAttributes = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    timezone: Type.String({ maxLength: 64, description: 'IANA time zone, e.g. America/New_York' }),
    currency: Type.String({ maxLength: 3, description: 'ISO 4217, e.g. EUR' }),
  },
  { additionalProperties: false },
);

export const OrganizationUpdateBody = updateDocument('organizations', {
  attributes: changes(OrganizationWriteAttributes),
});

export function organizationResource(row: OrganizationRow, baseUrl: string): Resource {
  return {
    type: 'organizations',
    id: row.id,
    attributes: {
      name: row.name,
      timezone: row.timezone,
      currency: row.currency,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    links: { self: `${baseUrl}/v2/organization` },
  };
}
