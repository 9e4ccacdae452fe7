/**
 * What an integration must be (SPEC §3, §4): public ones need at least one redirect URI and use
 * the authorization code grant; private ones act as one owning member of their organization
 * through the client credentials grant, and have no redirect URIs; only a public one may be made
 * without a secret (an app that cannot keep one: PKCE is then required).
 */
import type { Db } from '../db/database.js';
import { ValidationError } from '../errors.js';
import { normalizeEmail } from '../identity/identity.service.js';
import { findMembership } from '../identity/membership.repository.js';
import { findUserByEmail } from '../identity/user.repository.js';
import { SCOPES, splitScopes, unknownScopes } from '../policy/scopes.js';
import type { Integration } from './integration.repository.js';
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

/** What the settings page changes after creation. */
export interface IntegrationSettingsInput {
  redirectUris: readonly string[];
  scopes: string;
  requirePkce: boolean;
}

export function checkKind(kind: unknown): IntegrationKind {
  if (kind !== 'public' && kind !== 'private') {
    throw new ValidationError({
      field: 'kind',
      detail: `An integration's kind is "public" or "private"; got "${String(kind)}".`,
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

function checkReach(kind: IntegrationKind, redirectUris: readonly string[]): void {
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
}

/** A new integration's checked attributes, and the member a private one acts as. */
export async function checkedIntegration(db: Db, input: NewIntegrationInput) {
  const kind = checkKind(input.kind);
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name.length < 1 || name.length > 200) {
    throw new ValidationError({
      field: 'name',
      detail: 'An integration name must be 1 to 200 characters long.',
    });
  }
  const scopes = checkAllowedScopes(input.scopes);
  const redirectUris = checkRedirectUris(input.redirectUris ?? []);
  checkReach(kind, redirectUris);
  if (input.noSecret && kind !== 'public') {
    throw new ValidationError({
      field: 'kind',
      detail:
        'Only a public integration can be without a secret: a private one authenticates with its secret to act as its owner.',
    });
  }
  const ownerUserId =
    kind === 'private' ? await requireOwner(db, input.organizationId, input.ownerEmail) : null;
  return { name, kind, scopes, redirectUris, ownerUserId };
}

/** The settings an integration may be given after creation. */
export function checkedSettings(integration: Integration, input: IntegrationSettingsInput) {
  const redirectUris = checkRedirectUris(input.redirectUris.filter((u) => u.trim() !== ''));
  checkReach(integration.kind, redirectUris);
  return { redirectUris, scopes: checkAllowedScopes(input.scopes), requirePkce: input.requirePkce };
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
