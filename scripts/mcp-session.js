#!/usr/bin/env node
/**
 * A session with Marquee's MCP server through the official SDK client, as an assistant has it:
 * the 401 and the protected-resource metadata, self-registration, sign-in and consent as a person
 * (walked here through the real pages, where a desktop assistant would open a browser), then the
 * tools listed, a lead created, and the lead found on the venue's pipeline board.
 *
 *   MARQUEE_PASSWORD=… node scripts/mcp-session.js --url http://127.0.0.1:3000 --email admin@harborview.example
 *
 * The password is read from MARQUEE_PASSWORD and never printed; neither are tokens or codes.
 */
import { URLSearchParams } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:3000' },
    email: { type: 'string' },
    organization: { type: 'string' },
  },
});
const base = values.url.replace(/\/$/, '');
const password = process.env.MARQUEE_PASSWORD;
if (!values.email || !password) {
  console.error(
    'Usage: MARQUEE_PASSWORD=… node scripts/mcp-session.js --url URL --email EMAIL [--organization ID]',
  );
  process.exit(2);
}
const REDIRECT = 'http://127.0.0.1:9/callback';

/** An OAuth client provider kept in memory, as a desktop assistant keeps one on disk. */
const provider = {
  client: undefined,
  saved: undefined,
  verifier: '',
  authorizationUrl: undefined,
  get redirectUrl() {
    return REDIRECT;
  },
  get clientMetadata() {
    return {
      client_name: 'mcp-session.js',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  },
  clientInformation() {
    return this.client;
  },
  saveClientInformation(info) {
    this.client = info;
  },
  tokens() {
    return this.saved;
  },
  saveTokens(tokens) {
    this.saved = tokens;
  },
  redirectToAuthorization(url) {
    this.authorizationUrl = url;
  },
  saveCodeVerifier(verifier) {
    this.verifier = verifier;
  },
  codeVerifier() {
    return this.verifier;
  },
};

/** A browser's cookies and forms, enough for sign-in and consent. */
const cookies = new Map();
async function browse(path, form) {
  const response = await fetch(new URL(path, base), {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: {
      cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return { status: response.status, location: response.headers.get('location'), body: await response.text() };
}
function hiddenFields(page, action) {
  const start = page.indexOf(`action="${action}"`);
  const body = page.slice(start, page.indexOf('</form>', start));
  const fields = new URLSearchParams();
  for (const [input] of body.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input)?.[1];
    const value = /value="([^"]*)"/.exec(input)?.[1] ?? '';
    if (name)
      fields.append(
        name,
        value
          .replace(/&amp;/g, '&')
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'"),
      );
  }
  return fields;
}

const say = (line) => console.log(line);
const mcp = new URL(`${base}/mcp`);

say(`1. POST ${mcp.href} without a token`);
const bare = await fetch(mcp, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: '{}',
});
say(`   ${bare.status}, WWW-Authenticate: ${bare.headers.get('www-authenticate')}`);

say('2. The SDK client connects: it reads the metadata, registers itself and asks to authorize');
const transport = new StreamableHTTPClientTransport(mcp, { authProvider: provider });
await new Client({ name: 'mcp-session', version: '1' }).connect(transport).catch((error) => {
  if (!provider.authorizationUrl) throw error;
});
say(`   registered as ${provider.client.client_id} ("${provider.client.client_name}")`);
const asked = provider.authorizationUrl;
say(
  `   authorize: scope="${asked.searchParams.get('scope')}" resource=${asked.searchParams.get('resource')} PKCE ${asked.searchParams.get('code_challenge_method')}`,
);

say(`3. The person signs in as ${values.email} and approves on the consent page`);
let page = await browse(asked.pathname + asked.search);
if (page.location?.includes('/sign-in')) {
  const signIn = await browse(page.location);
  const form = hiddenFields(signIn.body, '/sign-in');
  form.set('email', values.email);
  form.set('password', password);
  const signedIn = await browse('/sign-in', form);
  if (signedIn.status !== 303) throw new Error(`sign-in failed (${signedIn.status})`);
  page = await browse(signedIn.location);
}
if (page.status !== 200) throw new Error(`no consent page (${page.status})`);
const marked = /Self-registered, not verified/.test(page.body);
say(`   consent page: ${marked ? 'marked "Self-registered, not verified"' : 'not marked'}`);
const host = /class="redirect-host">([^<]+)</.exec(page.body)?.[1];
say(`   it says approving sends the person back to ${host ?? '(no host shown)'}`);
const consent = hiddenFields(page.body, '/oauth/authorize');
consent.set('decision', 'approve');
const organizations = [...page.body.matchAll(/name="organization_id"\s+value="([^"]+)"/g)].map((m) => m[1]);
if (!consent.has('organization_id')) consent.set('organization_id', values.organization ?? organizations[0]);
const approved = await browse('/oauth/authorize', consent);
if (!approved.location) throw new Error(`consent was not accepted (${approved.status})`);
const code = new URL(approved.location).searchParams.get('code');
if (!code) throw new Error(`no code: ${approved.location}`);
await transport.finishAuth(code);
say(`   token issued for ${provider.saved.scope} (not shown)`);

const client = new Client({ name: 'mcp-session', version: '1' });
await client.connect(new StreamableHTTPClientTransport(mcp, { authProvider: provider }));
say(`   instructions: ${client.getInstructions()}`);
say('4. tools/list');
for (const tool of (await client.listTools()).tools) {
  const hints = tool.annotations?.readOnlyHint
    ? 'read-only'
    : tool.annotations?.destructiveHint
      ? 'destructive'
      : 'writes';
  say(`   ${tool.name.padEnd(22)} ${hints.padEnd(12)} ${tool.description}`);
}

say('5. tools/call create_lead');
const lead = await client.callTool({
  name: 'create_lead',
  arguments: {
    name: 'Okafor 40th birthday',
    contact: { first_name: 'Ada', last_name: 'Okafor', email: 'ada.okafor@example.com' },
    date: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
    start_time: '19:00',
    end_time: '23:30',
    guest_count: 60,
    event_type: 'Birthday',
    message: 'Looking for a room with a dance floor; asked by phone.',
  },
});
say(`   ${lead.content[0].text}`);
say(`   structuredContent: ${JSON.stringify(lead.structuredContent)}`);

say('6. The lead on the pipeline board');
const { booking } = lead.structuredContent;
const organization = /\/orgs\/([^/]+)\//.exec(booking.url)[1];
const board = await browse(`/orgs/${organization}/pipeline`);
const at = board.body.indexOf(booking.reference);
const before = board.body.slice(0, Math.max(0, at));
const stage = [...before.matchAll(/<h2[^>]*>([^<]+)</g)].at(-1)?.[1]?.trim();
say(
  `   GET /orgs/${organization}/pipeline → ${board.status}; ${at >= 0 ? `${booking.reference} is on the board under "${stage}"` : `${booking.reference} not found`}`,
);
const card = board.body
  .slice(at, board.body.indexOf('<form', at))
  .replace(/<[^>]+>/g, ' ')
  .replace(/\s+/g, ' ')
  .trim();
say(`   card: ${card.slice(0, 160)}`);
await client.close();
