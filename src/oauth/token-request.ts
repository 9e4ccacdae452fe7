/** The token endpoint's parameters (RFC 6749 §4.1.3, §4.4.2, §6; RFC 7636 §4.5). */
import { type Static, Type } from 'typebox';

const Param = (description: string) => Type.Optional(Type.String({ maxLength: 4096, description }));

export const TokenRequestBody = Type.Object(
  {
    grant_type: Param('authorization_code, refresh_token or client_credentials'),
    code: Param('The code from the authorization redirect'),
    redirect_uri: Param('The redirect URI of the authorization request'),
    code_verifier: Param('PKCE verifier, when the authorization request sent a code_challenge'),
    refresh_token: Param('The refresh token to exchange'),
    scope: Param('Space-separated scopes; may narrow, never widen'),
    resource: Param(
      'RFC 8707: the resource the tokens are for (the MCP server), when the authorization asked for it',
    ),
    client_id: Param('Identifier of the integration (or use HTTP Basic)'),
    client_secret: Param('Secret of the integration (or use HTTP Basic)'),
  },
  { additionalProperties: true },
);
export type TokenRequest = Static<typeof TokenRequestBody>;

export const TokenResponseBody = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
  refresh_token: Type.Optional(Type.String()),
  scope: Type.String(),
  created_at: Type.Integer({ description: 'Unix time in seconds' }),
});

export const OAuthErrorBody = Type.Object({
  error: Type.String(),
  error_description: Type.String(),
});
