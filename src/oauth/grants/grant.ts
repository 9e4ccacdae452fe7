/**
 * What every grant type is (RFC 6749 §4.1.3, §4.4.2, §6): given the authenticated client and the
 * token request, issue a token response or throw an OAuthError. The token endpoint picks the
 * grant by `grant_type`; each one reaches the database, clock and writer through the context.
 */
import type { RequestContext } from '../../app-context.js';
import type { Integration } from '../../integrations/integration.repository.js';
import type { TokenResponse } from '../token-issuer.js';
import type { TokenRequest } from '../token-request.js';

export type Grant = (
  ctx: RequestContext,
  client: Integration,
  params: TokenRequest,
) => Promise<TokenResponse>;
