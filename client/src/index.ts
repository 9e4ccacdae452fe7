/**
 * @marquee/client — the entry point. One `Marquee` per integration; `forUser(key)` and
 * `forClientCredentials()` give API clients that bring their own tokens, and `forApiKey()` one that
 * sends the API key of the options (X-API-KEY) instead.
 */
import { MarqueeApi } from './api.js';
import type { Fetch, HttpOptions } from './http.js';
import { OAuth, type Scope } from './oauth.js';
import { ApiKeySource, ClientCredentialsTokenSource, UserTokenSource } from './token-source.js';
import { MemoryTokenStore, type TokenStore } from './token-store.js';
import { webhooks } from './webhooks.js';

interface ConnectionOptions {
  /** Where the API is, e.g. https://crm.example.com */
  baseUrl: string;
  /** Default X-API-ORG for every call. */
  organizationId?: string;
  /** Retries on 408/409/429/5xx and network errors (default 2). */
  maxRetries?: number;
  /** Longest single wait between retries in ms (default 30 000). */
  maxRetryDelay?: number;
  fetch?: Fetch;
}

/** An OAuth integration: tokens from the authorization code or client credentials grant. */
export interface OAuthClientOptions extends ConnectionOptions {
  /** Where /oauth/authorize is, when it differs from baseUrl. */
  authUrl?: string;
  clientId: string;
  clientSecret?: string;
  tokenStore?: TokenStore;
  apiKey?: undefined;
}

/** An API key (mqk_…) from Settings → Developers → API keys, in place of tokens. */
export interface ApiKeyClientOptions extends ConnectionOptions {
  apiKey: string;
  /** The key's organization (GET /v2/organizations names it). */
  organizationId: string;
  clientId?: undefined;
  clientSecret?: undefined;
  authUrl?: undefined;
  tokenStore?: undefined;
}

export type MarqueeOptions = OAuthClientOptions | ApiKeyClientOptions;

export class Marquee {
  /** `Marquee.webhooks.verify(rawBody, headers, secret)`: a verified, typed event (no client needed). */
  static readonly webhooks = webhooks;
  readonly #oauth: OAuth | undefined;
  private readonly http: HttpOptions;
  private readonly tokenStore: TokenStore;
  private readonly options: MarqueeOptions;

  constructor(options: MarqueeOptions) {
    const baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.tokenStore = options.tokenStore ?? new MemoryTokenStore();
    this.http = {
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      maxRetries: options.maxRetries ?? 2,
      maxRetryDelay: options.maxRetryDelay ?? 30_000,
    };
    this.#oauth =
      options.clientId === undefined
        ? undefined
        : new OAuth({
            baseUrl,
            authUrl: (options.authUrl ?? baseUrl).replace(/\/+$/, ''),
            clientId: options.clientId,
            clientSecret: options.clientSecret,
            tokenStore: this.tokenStore,
            http: this.http,
          });
    this.options = { ...options, baseUrl };
  }

  /** The OAuth flows of the integration (not with an API key). */
  get oauth(): OAuth {
    if (!this.#oauth)
      throw new Error('This client has an API key, not an OAuth integration: use forApiKey().');
    return this.#oauth;
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

  /** The API with the options' API key (X-API-KEY), in its organization. */
  forApiKey(): MarqueeApi {
    const { apiKey } = this.options;
    if (apiKey === undefined) throw new Error('Pass apiKey in the options to call with an API key.');
    return new MarqueeApi(
      this.options.baseUrl,
      this.http,
      new ApiKeySource(apiKey),
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
export * from './automation-types.js';
export * from './webhook-endpoints.js';
export type { ActionOptions, DocumentsClient, SentDocument } from './documents-client.js';
export type { MessageChanges, MessageRecipient, MessagesClient, NewMessage } from './messages-client.js';
export * from './webhooks.js';
