/**
 * Validating an authorization request (RFC 6749 §4.1.1, §4.1.2.1; RFC 7636 §4.3; RFC 9700 §4.1).
 * Until client and redirect URI are known good, nothing redirects: an unknown client_id or an
 * unregistered redirect_uri gets an error page, so the endpoint can never become an open
 * redirector. After that, errors go back to the client's redirect URI with `state`.
 */
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Integration } from '../../integrations/integration.repository.js';
import { findIntegrationByClientId } from '../../integrations/integration.repository.js';
import { redirectUriMatches } from '../../integrations/redirect-uris.js';
import type { OAuthErrorCode } from '../errors.js';
import { mcpResource, resourceProblem } from '../resource.js';
import { splitScopes, unknownScopes } from '../../policy/scopes.js';
import { isWellFormedPkceValue, requiredPkceProblem } from '../steps/pkce.js';

export const AUTHORIZE_PARAMS = [
  'client_id',
  'redirect_uri',
  'scope',
  'response_type',
  'state',
  'code_challenge',
  'code_challenge_method',
  'resource',
] as const;
export type AuthorizeParams = Partial<Record<(typeof AUTHORIZE_PARAMS)[number], string>>;

export interface AuthorizeRequest {
  integration: Integration;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  codeChallenge: string | undefined;
  /**
   * The resource (RFC 8707) the tokens will be for: `<BASE_URL>/mcp` for an assistant (a grant of
   * exactly one organization), undefined for the API.
   */
  resource: string | undefined;
  /** The app registered itself (RFC 7591): not verified by anyone at the venue. */
  selfRegistered: boolean;
  /** The validated parameters, to carry through sign-in and the consent form. */
  params: AuthorizeParams;
}

export type AuthorizeValidation =
  | { kind: 'valid'; request: AuthorizeRequest }
  | { kind: 'page'; message: string }
  | {
      kind: 'redirect';
      redirectUri: string;
      state: string | undefined;
      error: OAuthErrorCode;
      description: string;
    };

type RawQuery = Record<string, unknown>;

function single(query: RawQuery, name: string): string | undefined | null {
  const value = query[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null; // null: repeated or not a string
}

export async function validateAuthorizeRequest(
  db: Db,
  config: Pick<Config, 'baseUrl'>,
  query: RawQuery,
): Promise<AuthorizeValidation> {
  const clientId = single(query, 'client_id');
  if (clientId === null) return { kind: 'page', message: 'The request names client_id more than once.' };
  if (!clientId)
    return {
      kind: 'page',
      message: 'The request does not say which integration is asking (client_id is missing).',
    };
  const integration = await findIntegrationByClientId(db, clientId);
  if (!integration) return { kind: 'page', message: 'No integration has this client_id.' };

  const redirectUri = single(query, 'redirect_uri');
  if (redirectUri === null)
    return { kind: 'page', message: 'The request names redirect_uri more than once.' };
  if (!redirectUri) return { kind: 'page', message: 'The request has no redirect_uri.' };
  if (!redirectUriMatches(integration.redirectUris, redirectUri)) {
    return { kind: 'page', message: `The redirect URI is not registered for ${integration.name}.` };
  }

  const stateValue = single(query, 'state');
  const state = typeof stateValue === 'string' ? stateValue : undefined;
  const fail = (error: OAuthErrorCode, description: string): AuthorizeValidation => ({
    kind: 'redirect',
    redirectUri,
    state,
    error,
    description,
  });

  const params: AuthorizeParams = {};
  for (const name of AUTHORIZE_PARAMS) {
    const value = single(query, name);
    if (value === null) return fail('invalid_request', `The parameter ${name} is repeated.`);
    if (value !== undefined) params[name] = value;
  }
  if (state !== undefined && state.length > 2048)
    return fail('invalid_request', 'state is longer than 2,048 characters.');
  if (!params.response_type) return fail('invalid_request', 'response_type is required.');
  if (params.response_type !== 'code') {
    return fail('unsupported_response_type', 'Only response_type=code is supported.');
  }
  if (integration.kind !== 'public') {
    return fail('unauthorized_client', 'Private integrations use the client_credentials grant.');
  }

  if (!params.scope) return fail('invalid_scope', 'scope is required, e.g. crm_read or crm_read,crm_manage.');
  const scopes = splitScopes(params.scope);
  const unknown = unknownScopes(scopes);
  if (unknown.length > 0) return fail('invalid_scope', `Unknown scope: ${unknown.join(' ')}.`);
  const permitted = integration.scopes.includes('crm_manage')
    ? [...integration.scopes, 'crm_read']
    : integration.scopes;
  const beyond = scopes.filter((s) => !permitted.includes(s));
  if (beyond.length > 0)
    return fail('invalid_scope', `${integration.name} may not ask for ${beyond.join(' ')}.`);
  if (scopes.length === 0) return fail('invalid_scope', 'scope is empty.');

  const challenge = params.code_challenge;
  const method = params.code_challenge_method;
  const missingPkce = requiredPkceProblem(integration, challenge);
  if (missingPkce) return fail('invalid_request', missingPkce);
  if (challenge === undefined && method !== undefined) {
    return fail('invalid_request', 'code_challenge_method was sent without a code_challenge.');
  }
  if (challenge !== undefined) {
    if (method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256.');
    if (!isWellFormedPkceValue(challenge)) {
      return fail('invalid_request', 'code_challenge must be 43 to 128 unreserved characters.');
    }
  }

  const selfRegistered = integration.registeredAt !== null;
  if (params.resource !== undefined) {
    const problem = resourceProblem(config, params.resource);
    if (problem) return fail('invalid_target', problem);
  }
  const resource = params.resource ?? (selfRegistered ? mcpResource(config) : undefined);
  return {
    kind: 'valid',
    request: {
      integration,
      redirectUri,
      scopes,
      state,
      codeChallenge: challenge,
      resource,
      selfRegistered,
      params,
    },
  };
}

/** The client's redirect URI with response parameters added to any query it already has. */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.append(name, value);
  }
  return url.href;
}
