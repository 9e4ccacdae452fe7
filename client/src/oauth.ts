/**
 * The OAuth side: the authorize URL (with state and PKCE generated for the caller), the code
 * exchange, client credentials, refresh and revocation. Token requests are never retried
 * automatically: a replayed code or refresh token is treated by the server as a theft.
 */
import { type HttpOptions, send } from './http.js';
import type { StoredTokens, TokenStore } from './token-store.js';

export type Scope = 'crm_read' | 'crm_manage';

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  scope: string;
  created_at: number;
}

export interface OAuthSettings {
  baseUrl: string;
  authUrl: string;
  clientId: string;
  clientSecret?: string;
  tokenStore: TokenStore;
  http: HttpOptions;
}

function randomString(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  return base64url(buffer);
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function s256(verifier: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

export function toStoredTokens(response: TokenResponse): StoredTokens {
  return {
    accessToken: response.access_token,
    ...(response.refresh_token ? { refreshToken: response.refresh_token } : {}),
    expiresAt: response.created_at + response.expires_in,
    scope: response.scope,
  };
}

export class OAuth {
  constructor(private readonly settings: OAuthSettings) {}

  private credentials(): Record<string, string> {
    if (!this.settings.clientSecret)
      throw new Error('This call needs the client secret (a server-side integration).');
    return { client_id: this.settings.clientId, client_secret: this.settings.clientSecret };
  }

  private async token(params: Record<string, string>): Promise<TokenResponse> {
    const response = await send<TokenResponse>(
      { ...this.settings.http, maxRetries: 0 },
      {
        method: 'POST',
        url: `${this.settings.baseUrl}/oauth/token`,
        form: { ...params, ...this.credentials() },
      },
    );
    return response.body;
  }

  /** The URL to send the user to; keep `state` and `codeVerifier` for the callback. */
  async authorizationUrl(options: { redirectUri: string; scope: readonly Scope[]; state?: string }) {
    const state = options.state ?? randomString(16);
    const codeVerifier = randomString(32);
    const url = new URL(`${this.settings.authUrl}/oauth/authorize`);
    url.searchParams.set('client_id', this.settings.clientId);
    url.searchParams.set('redirect_uri', options.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', options.scope.join(' '));
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', await s256(codeVerifier));
    url.searchParams.set('code_challenge_method', 'S256');
    return { url: url.href, state, codeVerifier };
  }

  /**
   * Checks the callback's `state` (and `error`), exchanges the code and saves the tokens under
   * `userKey`. Pass the callback URL, or the code itself.
   */
  async exchangeCode(options: {
    userKey: string;
    redirectUri: string;
    codeVerifier: string;
    code?: string;
    callbackUrl?: string;
    expectedState?: string;
  }): Promise<StoredTokens> {
    let code = options.code;
    if (options.callbackUrl) {
      const params = new URL(options.callbackUrl).searchParams;
      if (params.get('error'))
        throw new Error(
          `Authorization failed: ${params.get('error')}: ${params.get('error_description') ?? ''}`,
        );
      if (options.expectedState !== undefined && params.get('state') !== options.expectedState) {
        throw new Error('The state in the callback does not match: the response is not for this request.');
      }
      code = params.get('code') ?? undefined;
    }
    if (!code) throw new Error('No authorization code to exchange.');
    const response = await this.token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: options.redirectUri,
      code_verifier: options.codeVerifier,
    });
    const tokens = toStoredTokens(response);
    await this.settings.tokenStore.set(options.userKey, tokens);
    return tokens;
  }

  async clientCredentials(scope?: readonly Scope[]): Promise<StoredTokens> {
    return toStoredTokens(
      await this.token({ grant_type: 'client_credentials', ...(scope ? { scope: scope.join(' ') } : {}) }),
    );
  }

  /** Exchanges a refresh token; the caller saves the result before using it. */
  async refresh(refreshToken: string): Promise<StoredTokens> {
    return toStoredTokens(await this.token({ grant_type: 'refresh_token', refresh_token: refreshToken }));
  }

  /** Revokes a token and with it the whole grant. */
  async revoke(token: string): Promise<void> {
    await send(
      { ...this.settings.http, maxRetries: 0 },
      {
        method: 'POST',
        url: `${this.settings.baseUrl}/oauth/revoke`,
        form: { token, ...this.credentials() },
      },
    );
  }

  /** Revokes a user's grant and forgets their tokens. */
  async disconnect(userKey: string): Promise<void> {
    const tokens = await this.settings.tokenStore.get(userKey);
    if (tokens) await this.revoke(tokens.refreshToken ?? tokens.accessToken);
    await this.settings.tokenStore.delete(userKey);
  }
}
