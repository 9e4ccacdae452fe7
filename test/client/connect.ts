/** Connecting a user of a test venue to @marquee/client through the real authorize pages. */
import { Marquee, type OAuthClientOptions, MemoryTokenStore } from '../../client/src/index.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import type { TestDatabase } from '../helpers/databases.js';
import { makeVenue, REDIRECT_URI, runAuthorize, type Venue } from '../helpers/oauth.js';

/** A client of the venue's public integration (talking to `baseUrl`, by default the server). */
export function publicClient(server: TestServer, venue: Venue, options: Partial<OAuthClientOptions> = {}) {
  return new Marquee({
    baseUrl: server.url,
    clientId: venue.publicClient.clientId,
    clientSecret: venue.publicClient.clientSecret,
    ...options,
  });
}

/**
 * Runs the authorization code flow with state and PKCE for the user with `email` (the venue's
 * admin by default) and saves the tokens under `userKey`; returns the client and its store.
 */
export async function connect(
  server: TestServer,
  venue: Venue,
  userKey: string,
  options: Partial<OAuthClientOptions> & { email?: string } = {},
) {
  const { email = venue.user.email, ...marqueeOptions } = options;
  const tokenStore = new MemoryTokenStore();
  const marquee = publicClient(server, venue, { tokenStore, ...marqueeOptions });
  const { url, state, codeVerifier } = await marquee.oauth.authorizationUrl({
    redirectUri: REDIRECT_URI,
    scope: ['crm_read', 'crm_manage'],
  });
  const { redirect } = await runAuthorize(server, { url, clientId: venue.publicClient.clientId, email });
  await marquee.oauth.exchangeCode({
    userKey,
    redirectUri: REDIRECT_URI,
    codeVerifier,
    callbackUrl: redirect.href,
    expectedState: state,
  });
  return { marquee, tokenStore };
}

/** A server on a socket with a fresh venue (no data yet) and its admin connected as "admin". */
export async function startVenue(database: TestDatabase, env: Record<string, string> = {}) {
  const server = await startTestServer(
    database,
    { RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info', ...env },
    { listen: true },
  );
  const venue = await makeVenue(database.db);
  const { marquee, tokenStore } = await connect(server, venue, 'admin');
  const api = marquee.forUser('admin').inOrganization(venue.orgId);
  return { server, venue, tokenStore, api };
}

/** How many requests `method path` reached the server (its request log). */
export function requestsTo(server: TestServer, method: string, path: string): number {
  return server.logs.filter(
    (line) => line.includes('incoming request') && line.includes(`"method":"${method}","path":"${path}"`),
  ).length;
}
