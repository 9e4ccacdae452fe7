/**
 * Hands out a valid access token for one user (or for the integration itself), refreshing
 * shortly before expiry or after a 401. At most one refresh per user is in flight, however many
 * calls wait on it, so the client never races itself into the server's reuse detection; the
 * rotated refresh token is saved before it is used.
 */
import type { OAuth } from './oauth.js';
import type { StoredTokens, TokenStore } from './token-store.js';

/** Refresh this many seconds before the token expires. */
const EARLY_REFRESH_SECONDS = 60;

export interface TokenSource {
  accessToken(): Promise<string>;
  /**
   * After a 401: get a new token unless someone already did since `staleToken` was handed out.
   * Absent when the credential cannot be renewed (an API key): the 401 is the caller's.
   */
  renew?(staleToken: string): Promise<string>;
  /** The headers that carry the credential (by default `Authorization: Bearer <token>`). */
  headers?(credential: string): Record<string, string>;
}

/** An API key (SPEC §15), sent as X-API-KEY on every call; it is never renewed. */
export class ApiKeySource implements TokenSource {
  constructor(private readonly key: string) {}

  accessToken(): Promise<string> {
    return Promise.resolve(this.key);
  }

  headers(key: string): Record<string, string> {
    return { 'x-api-key': key };
  }
}

const inFlight = new WeakMap<TokenStore, Map<string, Promise<StoredTokens>>>();

export class UserTokenSource implements TokenSource {
  constructor(
    private readonly oauth: OAuth,
    private readonly store: TokenStore,
    private readonly userKey: string,
  ) {}

  private async current(): Promise<StoredTokens> {
    const tokens = await this.store.get(this.userKey);
    if (!tokens)
      throw new Error(`No tokens for "${this.userKey}": connect the user first (oauth.exchangeCode).`);
    return tokens;
  }

  private refreshOnce(tokens: StoredTokens): Promise<StoredTokens> {
    let perStore = inFlight.get(this.store);
    if (!perStore) inFlight.set(this.store, (perStore = new Map()));
    const running = perStore.get(this.userKey);
    if (running) return running;
    if (!tokens.refreshToken)
      return Promise.reject(new Error(`The tokens of "${this.userKey}" cannot be refreshed.`));
    const refreshToken = tokens.refreshToken;
    const refresh = (async () => {
      // Another refresh may have finished between reading `tokens` and getting here.
      const latest = await this.current();
      if (latest.refreshToken !== refreshToken) return latest;
      const fresh = await this.oauth.refresh(refreshToken);
      await this.store.set(this.userKey, fresh);
      return fresh;
    })().finally(() => perStore.delete(this.userKey));
    perStore.set(this.userKey, refresh);
    return refresh;
  }

  async accessToken(): Promise<string> {
    const running = inFlight.get(this.store)?.get(this.userKey);
    if (running) return (await running).accessToken;
    const tokens = await this.current();
    if (tokens.expiresAt - EARLY_REFRESH_SECONDS > Date.now() / 1000) return tokens.accessToken;
    return (await this.refreshOnce(tokens)).accessToken;
  }

  async renew(staleToken: string): Promise<string> {
    const running = inFlight.get(this.store)?.get(this.userKey);
    if (running) return (await running).accessToken;
    const tokens = await this.current();
    if (tokens.accessToken !== staleToken) return tokens.accessToken;
    return (await this.refreshOnce(tokens)).accessToken;
  }
}

/** Private integrations: a new client-credentials token whenever the current one runs out. */
export class ClientCredentialsTokenSource implements TokenSource {
  private tokens: Promise<StoredTokens> | undefined;

  constructor(
    private readonly oauth: OAuth,
    private readonly scope?: readonly ('crm_read' | 'crm_manage')[],
  ) {}

  private fetchNew(): Promise<StoredTokens> {
    const next = this.oauth.clientCredentials(this.scope);
    this.tokens = next;
    next.catch(() => {
      if (this.tokens === next) this.tokens = undefined;
    });
    return next;
  }

  async accessToken(): Promise<string> {
    const tokens = await (this.tokens ?? this.fetchNew());
    if (tokens.expiresAt - EARLY_REFRESH_SECONDS > Date.now() / 1000) return tokens.accessToken;
    return (await this.fetchNew()).accessToken;
  }

  async renew(staleToken: string): Promise<string> {
    const tokens = await (this.tokens ?? this.fetchNew());
    if (tokens.accessToken !== staleToken) return tokens.accessToken;
    return (await this.fetchNew()).accessToken;
  }
}
