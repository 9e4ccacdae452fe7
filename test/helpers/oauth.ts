/** OAuth fixtures: a venue with a public and a private integration, and the flows over HTTP. */
import assert from 'node:assert/strict';
import type { Db } from '../../src/db/database.js';
import { s256 } from '../../src/oauth/steps/pkce.js';
import type { TestServer } from './app.js';
import { BrowserSession, formFields } from './browser-session.js';
import { makeIntegration, makeOrganization, makeUser, TEST_PASSWORD } from './factories.js';

export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

export interface Venue {
  orgId: string;
  user: { id: string; email: string };
  publicClient: { id: string; clientId: string; clientSecret: string };
  privateClient: { id: string; clientId: string; clientSecret: string };
}

export async function makeVenue(db: Db, options: { scopes?: string } = {}): Promise<Venue> {
  const org = await makeOrganization(db);
  const user = await makeUser(db, org.id, { role: 'admin' });
  const pub = await makeIntegration(db, {
    organizationId: org.id,
    redirectUris: [REDIRECT_URI],
    scopes: options.scopes,
  });
  const priv = await makeIntegration(db, {
    organizationId: org.id,
    kind: 'private',
    ownerEmail: user.email,
    redirectUris: [],
  });
  return {
    orgId: org.id,
    user: { id: user.id, email: user.email },
    publicClient: {
      id: pub.integration.id,
      clientId: pub.integration.clientId,
      clientSecret: pub.clientSecret,
    },
    privateClient: {
      id: priv.integration.id,
      clientId: priv.integration.clientId,
      clientSecret: priv.clientSecret,
    },
  };
}

export interface AuthorizeOptions {
  clientId: string;
  redirectUri?: string;
  scope?: string;
  state?: string;
  codeVerifier?: string;
  decision?: 'approve' | 'deny';
  /** Organizations to tick; all shown ones when omitted. */
  organizationIds?: string[];
  session?: BrowserSession;
  /** A complete authorization URL (e.g. built by an OAuth client library) instead of the fields above. */
  url?: string;
  email: string;
  password?: string;
}

export function authorizeUrl(server: TestServer, options: AuthorizeOptions): string {
  const params = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: options.redirectUri ?? REDIRECT_URI,
    scope: options.scope ?? 'crm_read,crm_manage',
    response_type: 'code',
  });
  if (options.state !== undefined) params.set('state', options.state);
  if (options.codeVerifier) {
    params.set('code_challenge', s256(options.codeVerifier));
    params.set('code_challenge_method', 'S256');
  }
  return `${server.url}/oauth/authorize?${params}`;
}

/** Signs in through the sign-in page; the session then carries the cookie. */
export async function signIn(
  server: TestServer,
  session: BrowserSession,
  email: string,
  password = TEST_PASSWORD,
  returnTo = '/',
) {
  const page = await session.request(`/sign-in?return_to=${encodeURIComponent(returnTo)}`);
  assert.equal(page.status, 200, page.body);
  const fields = formFields(page.body, '/sign-in');
  return session.request('/sign-in', { form: { ...fields, email, password } });
}

/**
 * Walks the real pages: authorize → sign in → consent → decision. Returns the redirect to the
 * client (a URL on the client's origin) and the session used.
 */
export async function runAuthorize(
  server: TestServer,
  options: AuthorizeOptions,
): Promise<{ redirect: URL; session: BrowserSession }> {
  const session = options.session ?? new BrowserSession(server.url, server.fetch);
  let page = await session.request(options.url ?? authorizeUrl(server, options));
  if (page.location?.startsWith(`${server.url}/sign-in`)) {
    const signInPage = await session.request(page.location);
    const fields = formFields(signInPage.body, '/sign-in');
    const signedIn = await session.request('/sign-in', {
      form: { ...fields, email: options.email, password: options.password ?? TEST_PASSWORD },
    });
    assert.equal(signedIn.status, 303, `sign-in failed: ${signedIn.body.slice(0, 400)}`);
    page = await session.request(signedIn.location!);
  }
  if (page.status !== 200) {
    assert.ok(
      page.location,
      `expected the consent page or a redirect, got ${page.status}: ${page.body.slice(0, 300)}`,
    );
    return { redirect: new URL(page.location), session };
  }
  const fields = formFields(page.body, '/oauth/authorize');
  const form: Record<string, string | string[]> = { ...fields, decision: options.decision ?? 'approve' };
  if (options.organizationIds) form.organization_id = options.organizationIds;
  else if (!fields.organization_id) {
    form.organization_id = [...page.body.matchAll(/name="organization_id"\s+value="([^"]+)"/g)].map(
      (m) => m[1]!,
    );
  }
  const decided = await session.request('/oauth/authorize', { form });
  assert.equal(decided.status, 303, `consent failed: ${decided.status} ${decided.body.slice(0, 400)}`);
  return { redirect: new URL(decided.location!), session };
}

export interface TokenCall {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

export async function postForm(
  server: TestServer,
  path: string,
  params: Record<string, string>,
  options: { basic?: [string, string]; json?: boolean } = {},
): Promise<TokenCall> {
  const headers: Record<string, string> = {
    'content-type': options.json ? 'application/json' : 'application/x-www-form-urlencoded',
  };
  if (options.basic) {
    const [id, secret] = options.basic.map((v) => encodeURIComponent(v));
    headers.authorization = `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  }
  const response = await server.fetch(`${server.url}${path}`, {
    method: 'POST',
    headers,
    body: options.json ? JSON.stringify(params) : new URLSearchParams(params).toString(),
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    headers: response.headers,
  };
}

export async function codeFlowTokens(
  server: TestServer,
  venue: Venue,
  options: Partial<AuthorizeOptions> = {},
) {
  const { redirect } = await runAuthorize(server, {
    clientId: venue.publicClient.clientId,
    email: venue.user.email,
    ...options,
  });
  const code = redirect.searchParams.get('code');
  assert.ok(code, `no code in ${redirect.href}`);
  const tokens = await postForm(server, '/oauth/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: options.redirectUri ?? REDIRECT_URI,
    client_id: venue.publicClient.clientId,
    client_secret: venue.publicClient.clientSecret,
    ...(options.codeVerifier ? { code_verifier: options.codeVerifier } : {}),
  });
  assert.equal(tokens.status, 200, JSON.stringify(tokens.body));
  return { code, tokens: tokens.body as { access_token: string; refresh_token: string; scope: string } };
}

export async function introspect(server: TestServer, venue: Venue, token: string) {
  const result = await postForm(server, '/oauth/introspect', {
    token,
    client_id: venue.publicClient.clientId,
    client_secret: venue.publicClient.clientSecret,
  });
  assert.equal(result.status, 200);
  return result.body;
}
