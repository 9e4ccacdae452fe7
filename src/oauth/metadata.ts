/** Authorization server metadata (RFC 8414 §2), served at /.well-known/oauth-authorization-server. */
import { Type } from 'typebox';
import type { Config } from '../config.js';
import { SCOPES } from '../policy/scopes.js';

export const MetadataBody = Type.Object({}, { additionalProperties: true });

export function authorizationServerMetadata(config: Config) {
  // `none`: apps that cannot keep a secret send their client_id alone, with PKCE (RFC 8252).
  const authMethods = ['client_secret_basic', 'client_secret_post', 'none'];
  return {
    issuer: config.baseUrl,
    authorization_endpoint: `${config.authUrl}/oauth/authorize`,
    token_endpoint: `${config.baseUrl}/oauth/token`,
    revocation_endpoint: `${config.baseUrl}/oauth/revoke`,
    introspection_endpoint: `${config.baseUrl}/oauth/introspect`,
    // RFC 7591: assistants register themselves (SPEC §16).
    registration_endpoint: `${config.baseUrl}/oauth/register`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    scopes_supported: [...SCOPES],
    token_endpoint_auth_methods_supported: authMethods,
    revocation_endpoint_auth_methods_supported: authMethods,
    introspection_endpoint_auth_methods_supported: authMethods,
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${config.baseUrl}/docs`,
  };
}
