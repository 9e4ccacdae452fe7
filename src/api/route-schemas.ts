/** Request parts every resource route shares: headers, the id parameter, the security schemes. */
import { Type } from 'typebox';

const OrganizationHeader = Type.Optional(
  Type.String({ description: 'The organization to act in (see GET /v2/organizations)' }),
);

export const ApiHeaders = Type.Object({ 'x-api-org': OrganizationHeader });

export const IdParams = Type.Object({ id: Type.String({ maxLength: 64, description: 'The resource id' }) });

/** Headers of a create: retrying with the same Idempotency-Key and body returns the first response. */
export const CreateHeaders = Type.Object({
  'x-api-org': OrganizationHeader,
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      description: 'Retrying with the same key and body returns the first response',
    }),
  ),
});

/** Headers of an update or delete: If-Match makes it conditional on the version read. */
export const ChangeHeaders = Type.Object({
  'x-api-org': OrganizationHeader,
  'if-match': Type.Optional(
    Type.String({ description: 'The ETag from GET of the resource; 412 when it changed since' }),
  ),
});

/** A bearer token or an API key (X-API-KEY, SPEC §15) with the scope, either of them. */
export const READ_SECURITY: Array<Record<string, string[]>> = [
  { bearer: [] },
  { oauth2: ['crm_read'] },
  { apiKey: [] },
];
export const MANAGE_SECURITY: Array<Record<string, string[]>> = [
  { bearer: [] },
  { oauth2: ['crm_manage'] },
  { apiKey: [] },
];
