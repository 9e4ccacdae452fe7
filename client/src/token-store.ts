/** Where tokens live between calls, keyed by the integration's own name for a user. */
export interface StoredTokens {
  accessToken: string;
  refreshToken?: string;
  /** Unix seconds. */
  expiresAt: number;
  scope: string;
}

export interface TokenStore {
  get(userKey: string): Promise<StoredTokens | undefined> | StoredTokens | undefined;
  set(userKey: string, tokens: StoredTokens): Promise<void> | void;
  delete(userKey: string): Promise<void> | void;
}

export class MemoryTokenStore implements TokenStore {
  private readonly tokens = new Map<string, StoredTokens>();
  get(userKey: string) {
    return this.tokens.get(userKey);
  }
  set(userKey: string, tokens: StoredTokens) {
    this.tokens.set(userKey, tokens);
  }
  delete(userKey: string) {
    this.tokens.delete(userKey);
  }
}
