/**
 * A small integration on plain node:http: it connects a Marquee user through the authorization
 * code flow (with PKCE) and lists their bookings.
 *
 *   MARQUEE_URL=http://127.0.0.1:3000 MARQUEE_CLIENT_ID=mqc_… MARQUEE_CLIENT_SECRET=mqs_… \
 *     PORT=8080 node dist/client/examples/connect-and-list.js
 *
 * Register http://127.0.0.1:8080/callback as the integration's redirect URI, then open
 * http://127.0.0.1:8080/.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Marquee } from '../src/index.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) {
    console.error(`Set ${name}.`);
    process.exit(2);
  }
  return value;
};

const marquee = new Marquee({
  baseUrl: env('MARQUEE_URL'),
  clientId: env('MARQUEE_CLIENT_ID'),
  clientSecret: env('MARQUEE_CLIENT_SECRET'),
});
const port = Number(process.env.PORT ?? 8080);
const pending = new Map<string, { state: string; codeVerifier: string }>();

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const sessionOf = (req: IncomingMessage) =>
  /(?:^|; )example_session=([\w-]+)/.exec(req.headers.cookie ?? '')?.[1];

function page(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
  res.end(`<!doctype html><meta charset="utf-8"><title>Example integration</title>${body}`);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
  const redirectUri = `http://127.0.0.1:${port}/callback`;
  const handle = async () => {
    if (url.pathname === '/')
      return page(res, 200, '<h1>Example integration</h1><p><a href="/connect">Connect Marquee</a></p>');
    if (url.pathname === '/connect') {
      const session = randomUUID();
      const {
        url: authorize,
        state,
        codeVerifier,
      } = await marquee.oauth.authorizationUrl({ redirectUri, scope: ['crm_read'] });
      pending.set(session, { state, codeVerifier });
      res.writeHead(302, {
        location: authorize,
        'set-cookie': `example_session=${session}; HttpOnly; SameSite=Lax; Path=/`,
      });
      return res.end();
    }
    if (url.pathname === '/callback') {
      const session = sessionOf(req);
      const started = session ? pending.get(session) : undefined;
      if (!session || !started) return page(res, 400, '<p>Start at <a href="/connect">/connect</a>.</p>');
      pending.delete(session);
      await marquee.oauth.exchangeCode({
        userKey: session,
        redirectUri,
        codeVerifier: started.codeVerifier,
        callbackUrl: url.href,
        expectedState: started.state,
      });
      const api = marquee.forUser(session);
      const me = await api.me();
      const organization = me.organizations[0];
      if (!organization) return page(res, 200, '<p>Connected, but no organization was shared.</p>');
      const rows: string[] = [];
      for await (const booking of api
        .inOrganization(organization.id)
        .bookings.list({ sort: 'start_at', pageSize: 100 })) {
        rows.push(
          `<li>${escape(booking.reference)} · ${escape(booking.name)} · ${escape(booking.status)}</li>`,
        );
      }
      return page(
        res,
        200,
        `<h1>Bookings of ${escape(organization.name)}</h1><p>${rows.length} bookings</p><ul>${rows.join('')}</ul>`,
      );
    }
    return page(res, 404, '<p>Not found.</p>');
  };
  handle().catch((error: unknown) =>
    page(res, 502, `<p>Marquee said: ${escape(error instanceof Error ? error.message : String(error))}</p>`),
  );
});

server.listen(port, '127.0.0.1', () => {
  console.log(`Example integration on http://127.0.0.1:${port}/`);
});
process.on('SIGTERM', () => server.close());
