/**
 * Creating integrations (SPEC §3, §4): public ones need at least one redirect URI and use the
 * authorization code grant; private ones act as one owning member of their organization through
 * the client credentials grant. The client secret is returned once and only its hash is kept.
 */
import type { Db } from '../db/database.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { normalizeEmail } from '../identity/identity.service.js';
import { findMembership } from '../identity/membership.repository.js';
import { findOrganization } from '../identity/organization.repository.js';
import { findUserByEmail } from '../identity/user.repository.js';
import { generateClientId, generateCredential } from '../oauth/credentials.js';
import { SCOPES, splitScopes, unknownScopes } from '../oauth/scopes.js';
import { type Integration, insertIntegration } from './integration.repository.js';
import type { IntegrationKind } from './integration.table.js';
import { checkRedirectUris } from './redirect-uris.js';

export interface NewIntegrationInput {
  organizationId: string;
  name: string;
  kind: string;
  redirectUris?: readonly string[];
  scopes?: string;
  ownerEmail?: string;
  /** Refuse authorization requests without an S256 code_challenge. */
  requirePkce?: boolean;
  /** An app that cannot keep a secret (mobile, single-page): no secret; PKCE required. */
  noSecret?: boolean;
}

export interface CreatedIntegration<Secret extends string | null = string | null> {
  integration: Integration;
  /** Shown once; never stored. Null for an integration without a secret. */
  clientSecret: Secret;
}

export function checkKind(kind: string): IntegrationKind {
  if (kind !== 'public' && kind !== 'private') {
    throw new ValidationError({
      field: 'kind',
      detail: `An integration's kind is "public" or "private"; got "${kind}".`,
    });
  }
  return kind;
}

export function checkAllowedScopes(raw: string | undefined): string[] {
  const scopes = splitScopes(raw ?? SCOPES.join(' '));
  const unknown = unknownScopes(scopes);
  if (unknown.length > 0 || scopes.length === 0) {
    throw new ValidationError({
      field: 'scopes',
      detail: `Scopes must be among ${SCOPES.join(', ')}; ${unknown.length ? `"${unknown.join(' ')}" is not` : 'none was given'}.`,
    });
  }
  return scopes;
}

export async function createIntegration(
  db: Db,
  input: NewIntegrationInput & { noSecret?: false },
): Promise<CreatedIntegration<string>>;
export async function createIntegration(db: Db, input: NewIntegrationInput): Promise<CreatedIntegration>;
export async function createIntegration(db: Db, input: NewIntegrationInput): Promise<CreatedIntegration> {
  const kind = checkKind(input.kind);
  const name = input.name.trim();
  if (name.length < 1 || name.length > 200) {
    throw new ValidationError({
      field: 'name',
      detail: 'An integration name must be 1 to 200 characters long.',
    });
  }
  const scopes = checkAllowedScopes(input.scopes);
  const redirectUris = checkRedirectUris(input.redirectUris ?? []);
  if (kind === 'private' && redirectUris.length > 0) {
    throw new ValidationError({
      field: 'redirect_uris',
      detail: 'A private integration uses the client credentials grant and has no redirect URIs.',
    });
  }
  if (kind === 'public' && redirectUris.length === 0) {
    throw new ValidationError({
      field: 'redirect_uris',
      detail: 'A public integration needs at least one redirect URI.',
    });
  }
  if (input.noSecret && kind !== 'public') {
    throw new ValidationError({
      field: 'kind',
      detail:
        'Only a public integration can be without a secret: a private one authenticates with its secret to act as its owner.',
    });
  }
  if (!(await findOrganization(db, input.organizationId))) {
    throw new NotFoundError(`No organization has the id "${input.organizationId}".`, { pointer: '/org' });
  }
  const ownerUserId =
    kind === 'private' ? await requireOwner(db, input.organizationId, input.ownerEmail) : null;
  const secret = input.noSecret ? undefined : generateCredential('clientSecret');
  const integration = await insertIntegration(db, {
    organizationId: input.organizationId,
    ownerUserId,
    name,
    kind,
    redirectUris,
    scopes,
    clientId: generateClientId(),
    clientSecretHash: secret?.hash ?? '',
    authMethod: secret ? 'client_secret' : 'none',
    requirePkce: (input.requirePkce ?? false) || !secret,
  });
  return { integration, clientSecret: secret?.value ?? null };
}

async function requireOwner(db: Db, organizationId: string, ownerEmail: string | undefined): Promise<string> {
  if (!ownerEmail) {
    throw new ValidationError({
      field: 'owner',
      detail: 'A private integration needs an owner: the e-mail of the member it acts as.',
    });
  }
  const owner = await findUserByEmail(db, normalizeEmail(ownerEmail));
  if (!owner || !(await findMembership(db, organizationId, owner.id))) {
    throw new ValidationError({
      field: 'owner',
      detail: `The owner ${normalizeEmail(ownerEmail)} is not a member of this organization.`,
    });
  }
  return owner.id;
}
