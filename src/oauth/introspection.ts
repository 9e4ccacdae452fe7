/**
 * Token introspection (RFC 7662), open to the client the token was issued to; any other token
 * (unknown, expired, revoked, another client's) is simply `{active: false}` (§2.2). The same
 * description serves `GET /oauth/token/info` for the bearer of an access token.
 */
import { Type } from 'typebox';
import type { TokenRecord } from './token.repository.js';

export const IntrospectionBody = Type.Object({
  active: Type.Boolean(),
  scope: Type.Optional(Type.String()),
  client_id: Type.Optional(Type.String()),
  username: Type.Optional(Type.String()),
  token_type: Type.Optional(Type.String()),
  exp: Type.Optional(Type.Integer()),
  iat: Type.Optional(Type.Integer()),
  sub: Type.Optional(Type.String()),
  iss: Type.Optional(Type.String()),
  grant_type: Type.Optional(Type.String()),
  organization_ids: Type.Optional(Type.Array(Type.String())),
});

export function describeToken(token: TokenRecord, issuer: string) {
  return {
    active: true,
    scope: token.scopes.join(' '),
    client_id: token.clientId,
    username: token.userEmail,
    token_type: token.kind === 'access' ? 'Bearer' : 'refresh_token',
    exp: Math.floor(Date.parse(token.expiresAt) / 1000),
    iat: Math.floor(Date.parse(token.createdAt) / 1000),
    sub: token.userId,
    iss: issuer,
    grant_type: token.grantType,
    organization_ids: token.organizationIds,
  };
}
