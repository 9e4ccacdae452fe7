/**
 * What a grant, and the authorization code that makes one, keep in a form of the database's: the
 * organizations it reaches, a JSON array of ids in `organization_ids`. Decoded here, the one place,
 * for every reader of grants and codes (the tokens' lookup, the codes', the connected apps).
 */

/** The organizations a grant or a code reaches, in the order given. */
export const organizationIdsOf = (row: { organization_ids: string }): string[] =>
  JSON.parse(row.organization_ids) as string[];
