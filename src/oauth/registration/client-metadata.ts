/**
 * Client metadata of a self-registration (RFC 7591 §2): only public clients that use the
 * authorization code with PKCE (`token_endpoint_auth_method: "none"`), https or loopback redirect
 * URIs registered exactly, bounded sizes, so a flood stores little, and a name that follows the
 * rules of names and claims to be nobody it is not (client-name.ts). Every problem is named at
 * once, in one RFC 7591 §3.2.2 error: `invalid_redirect_uri` when only redirect URIs are wrong,
 * `invalid_client_metadata` otherwise.
 */
import { redirectUriProblem } from '../../integrations/redirect-uris.js';
import { OAuthError } from '../errors.js';
import { isScope, SCOPES, splitScopes } from '../../policy/scopes.js';
import { clientNameProblems } from './client-name.js';

export const MAX_REDIRECT_URIS = 5;
export const MAX_REDIRECT_URI_LENGTH = 512;
export const MAX_CLIENT_NAME_LENGTH = 100;
const DEFAULT_NAME = 'An assistant';

export interface ClientMetadata {
  clientName: string;
  redirectUris: string[];
  scopes: string[];
}

const GRANT_TYPES = ['authorization_code', 'refresh_token'];

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : undefined;
}

function redirectProblems(value: unknown): { uris: string[]; problems: string[] } {
  const uris = stringList(value);
  if (!uris || uris.length === 0)
    return { uris: [], problems: ['redirect_uris must be a list of at least one URI.'] };
  if (uris.length > MAX_REDIRECT_URIS)
    return { uris: [], problems: [`redirect_uris may hold at most ${MAX_REDIRECT_URIS} URIs.`] };
  const problems = uris.flatMap((uri) => {
    if (uri.length > MAX_REDIRECT_URI_LENGTH)
      return [`A redirect URI is longer than ${MAX_REDIRECT_URI_LENGTH} characters.`];
    const problem = redirectUriProblem(uri);
    return problem ? [`The redirect URI "${uri}" ${problem}.`] : [];
  });
  return { uris: [...new Set(uris)], problems };
}

function otherProblems(body: Record<string, unknown>, venueNames: readonly string[]): string[] {
  const problems: string[] = [];
  const name = body.client_name;
  if (name !== undefined && (typeof name !== 'string' || name.trim() === ''))
    problems.push('client_name must be a non-empty string.');
  else if (typeof name === 'string' && name.length > MAX_CLIENT_NAME_LENGTH)
    problems.push(`client_name may be at most ${MAX_CLIENT_NAME_LENGTH} characters.`);
  else if (typeof name === 'string') problems.push(...clientNameProblems(name.trim(), venueNames));
  const method = body.token_endpoint_auth_method;
  if (method !== undefined && method !== 'none')
    problems.push(
      'token_endpoint_auth_method must be "none": only public clients (with PKCE) may register themselves.',
    );
  const grants = body.grant_types;
  if (grants !== undefined && !stringList(grants)?.every((g) => GRANT_TYPES.includes(g)))
    problems.push('grant_types may hold only authorization_code and refresh_token.');
  const responses = body.response_types;
  if (responses !== undefined && !stringList(responses)?.every((r) => r === 'code'))
    problems.push('response_types may hold only code.');
  const scope = body.scope;
  if (scope !== undefined && (typeof scope !== 'string' || !splitScopes(scope).every(isScope)))
    problems.push(`scope may hold only ${SCOPES.join(' and ')}.`);
  return problems;
}

/**
 * The metadata to store, or an OAuthError naming every problem; `venueNames` are the names of
 * this installation's organizations, which a client may not claim.
 */
export function readClientMetadata(body: unknown, venueNames: readonly string[]): ClientMetadata {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new OAuthError(400, 'invalid_client_metadata', 'The request body must be a JSON object.');
  const fields = body as Record<string, unknown>;
  const redirect = redirectProblems(fields.redirect_uris);
  const other = otherProblems(fields, venueNames);
  if (redirect.problems.length > 0 || other.length > 0) {
    const error = other.length === 0 ? 'invalid_redirect_uri' : 'invalid_client_metadata';
    throw new OAuthError(400, error, [...other, ...redirect.problems].join(' '));
  }
  const scope = typeof fields.scope === 'string' ? splitScopes(fields.scope) : [];
  return {
    clientName: typeof fields.client_name === 'string' ? fields.client_name.trim() : DEFAULT_NAME,
    redirectUris: redirect.uris,
    scopes: scope.length > 0 ? scope : [...SCOPES],
  };
}
