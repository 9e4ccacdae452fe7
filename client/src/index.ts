/**
 * @marquee/client — the entry point. One `Marquee` per integration; `forUser(key)` and
 * `forClientCredentials()` give API clients that bring their own tokens.
 */
import { MarqueeApi } from './api.js';
import type { Fetch, HttpOptions } from './http.js';
import { OAuth, type Scope } from './oauth.js';
import { ClientCredentialsTokenSource, UserTokenSource } from './token-source.js';
import { MemoryTokenStore, type TokenStore } from './token-store.js';
import { webhooks } from './webhooks.js';

export interface MarqueeOptions {
  /** Where the API is, e.g. https://crm.example.com */
  baseUrl: string;
  /** Where /oauth/authorize is, when it differs from baseUrl. */
  authUrl?: string;
  clientId: string;
  clientSecret?: string;
  tokenStore?: TokenStore;
  /** Default X-API-ORG for every call. */
  organizationId?: string;
  /** Retries on 408/409/429/5xx and network errors (default 2). */
  maxRetries?: number;
  /** Longest single wait between retries in ms (default 30 000). */
  maxRetryDelay?: number;
  fetch?: Fetch;
}

export class Marquee {
  /** `Marquee.webhooks.verify(rawBody, headers, secret)`: a verified, typed event (no client needed). */
  static readonly webhooks = webhooks;
  readonly oauth: OAuth;
  private readonly http: HttpOptions;
  private readonly tokenStore: TokenStore;

  constructor(private readonly options: MarqueeOptions) {
    const baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.tokenStore = options.tokenStore ?? new MemoryTokenStore();
    this.http = {
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      maxRetries: options.maxRetries ?? 2,
      maxRetryDelay: options.maxRetryDelay ?? 30_000,
    };
    this.oauth = new OAuth({
      baseUrl,
      authUrl: (options.authUrl ?? baseUrl).replace(/\/+$/, ''),
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      tokenStore: this.tokenStore,
      http: this.http,
    });
    this.options = { ...options, baseUrl };
  }

  /** The API as the user saved under `userKey` (by oauth.exchangeCode). */
  forUser(userKey: string): MarqueeApi {
    return new MarqueeApi(
      this.options.baseUrl,
      this.http,
      new UserTokenSource(this.oauth, this.tokenStore, userKey),
      this.options.organizationId,
    );
  }

  /** The API as a private integration (client credentials grant). */
  forClientCredentials(scope?: readonly Scope[]): MarqueeApi {
    return new MarqueeApi(
      this.options.baseUrl,
      this.http,
      new ClientCredentialsTokenSource(this.oauth, scope),
      this.options.organizationId,
    );
  }
}

export { MarqueeApi } from './api.js';
export * from './errors.js';
export {
  CHANGE_TYPES,
  type ChangeAttributes,
  type ChangeOfType,
  type ChangeResource,
  type ChangeType,
  type MarqueeChange,
  type PreviousAttributes,
  type RelationshipValue,
} from './changes.js';
export type { CreatedAtFilter, ChangeListOptions, ChangesClient } from './changes-client.js';
export * from './inputs.js';
export * from './list-options.js';
export { PagedList, type Page } from './paged-list.js';
export type { ResourceClient, ResourceReader, ResourceWriter } from './resource-client.js';
export { OAuth, type Scope, type TokenResponse } from './oauth.js';
export { MemoryTokenStore, type StoredTokens, type TokenStore } from './token-store.js';
export * from './types.js';
export * from './webhook-endpoints.js';
export * from './webhooks.js';
