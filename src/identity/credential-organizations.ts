/**
 * The organizations a request's credentials may use (SPEC §5, §15), which is how an integration
 * learns what to send as X-API-ORG: a token's are those it was granted where its user is still a
 * member; an API key's is its own organization (a key works only while its user is a member).
 */
import type { ApiAuth } from '../api/api-auth.js';
import type { Db } from '../db/database.js';
import { listMembershipsOfUser } from './membership.repository.js';

export interface UsableOrganization {
  id: string;
  name: string;
  role: string;
}

export async function organizationsOf(db: Db, auth: ApiAuth): Promise<UsableOrganization[]> {
  const { credential } = auth;
  if (credential.kind === 'api_key') {
    const { key } = credential;
    return [{ id: key.organizationId, name: key.organizationName, role: key.role }];
  }
  const granted = new Set(credential.token.organizationIds);
  return (await listMembershipsOfUser(db, auth.userId))
    .filter((m) => granted.has(m.organizationId))
    .map((m) => ({ id: m.organizationId, name: m.organizationName, role: m.role }));
}
