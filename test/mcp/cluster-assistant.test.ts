/**
 * /mcp in every process of `marquee serve --workers 2` (SPEC §16): an assistant connects with the
 * SDK's own client over HTTP (registration, sign-in and consent as a person, PKCE), each request on
 * a connection of its own so the workers take turns; the tools are listed, a lead is created, and
 * the lead is read back through both workers, by the assistant and through the API. Runs on SQLite
 * and, when TEST_DATABASE_URL is set, on PostgreSQL (the PostgreSQL half says why it is skipped
 * otherwise).
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Agent, fetch as undiciFetch } from 'undici';
import { createIntegration } from '../../src/integrations/integration.service.js';
import type { TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { callTool, TestAssistantAuth } from '../helpers/mcp.js';
import { runAuthorize } from '../helpers/oauth.js';
import { startServer } from '../helpers/processes.js';

/** No keep-alive: each request opens a connection of its own, which the cluster hands to either worker. */
const everyRequestAfresh = new Agent({ pipelining: 0 });
const freshFetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
  undiciFetch(input as never, { ...(init as object), dispatcher: everyRequestAfresh })) as typeof fetch;

/**
 * The SDK client's whole first connection, every request (registration, sign-in, consent, token,
 * /mcp) on a connection of its own: the 401, registration, the person's sign-in and consent, the
 * code exchanged with its PKCE verifier; then a client connected with the token.
 */
async function connectThroughEither(url: string, email: string, organizationId: string): Promise<Client> {
  const auth = new TestAssistantAuth('Cluster assistant');
  const mcp = new URL(`${url}/mcp`);
  const transport = new StreamableHTTPClientTransport(mcp, { authProvider: auth, fetch: freshFetch });
  await assert.rejects(
    new Client({ name: 'marquee-tests', version: '1' }).connect(transport),
    /Unauthorized/,
  );
  assert.ok(auth.authorizationUrl, 'the client was sent to authorize');
  // What the sign-in and consent walk needs of a server: where it is, and how to reach it.
  const server = { url, fetch: freshFetch } as Pick<TestServer, 'url' | 'fetch'> as TestServer;
  const { redirect } = await runAuthorize(server, {
    url: auth.authorizationUrl.href,
    clientId: '',
    email,
    organizationIds: [organizationId],
  });
  const code = redirect.searchParams.get('code');
  assert.ok(code, `no code in ${redirect.href}`);
  await transport.finishAuth(code);
  const client = new Client({ name: 'marquee-tests', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(mcp, { authProvider: auth, fetch: freshFetch }));
  return client;
}

/**
 * A port free now. The server is told it (not 0): the addresses its OAuth metadata gives an
 * assistant (registration, authorization, token) are made from the port it is configured with.
 */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The process ids in the server's request log lines for a path (pino writes each line's pid). */
function pidsServing(stderr: string, path: string): Set<number> {
  const pids = new Set<number>();
  for (const line of stderr.split('\n')) {
    if (!line.startsWith('{') || !line.includes(`"${path}`)) continue;
    const { pid } = JSON.parse(line) as { pid?: number };
    if (pid !== undefined) pids.add(pid);
  }
  return pids;
}

eachDatabase((suite) => {
  it('connects an assistant through either worker: tools listed, a lead created and seen through both', async () => {
    // A venue of its own: with an organization there, the server starts without seeding the demo.
    const venue = await makeOrganization(suite.db, 'Cluster Rooms');
    const person = await makeUser(suite.db, venue.id, { role: 'admin' });
    const env = { ...suite.database.env, PORT: String(await freePort()) };
    const server = await startServer(env, ['--migrate', '--workers', '2']);
    try {
      let lead: { id: string; reference: string } | undefined;
      const client = await connectThroughEither(server.url, person.email, venue.id);
      try {
        const tools = await client.listTools();
        assert.ok(
          ['create_lead', 'get_booking', 'search_bookings'].every((name) =>
            tools.tools.some((tool) => tool.name === name),
          ),
          tools.tools.map((tool) => tool.name).join(', '),
        );
        const { booking } = await callTool(client, 'create_lead', {
          name: 'Cluster birthday',
          contact: { first_name: 'Ines', last_name: 'Moreau', email: 'ines.moreau@example.com' },
          date: '2032-05-14',
          start_time: '19:00',
          end_time: '23:00',
          guest_count: 40,
          message: 'A room with a dance floor, please.',
        });
        assert.match(booking.reference, /^BK-/);
        lead = booking;
        for (let i = 0; i < 4; i++) {
          const { booking: read } = await callTool(client, 'get_booking', { id: booking.id });
          assert.equal(read.reference, booking.reference, `read ${i} through the assistant`);
        }
      } finally {
        await client.close();
      }

      // The API (a token of an integration of the venue) sees the lead too, through each worker.
      const { integration, clientSecret } = await createIntegration(suite.db, {
        organizationId: venue.id,
        name: 'Cluster reader',
        kind: 'private',
        ownerEmail: person.email,
      });
      const issued = await freshFetch(`${server.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: integration.clientId,
          client_secret: clientSecret,
        }),
      });
      assert.equal(issued.status, 200);
      const { access_token } = (await issued.json()) as { access_token: string };
      const headers = { authorization: `Bearer ${access_token}`, 'x-api-org': venue.id };
      for (let i = 0; i < 4; i++) {
        const found = await freshFetch(`${server.url}/v2/bookings/${lead!.id}`, { headers });
        assert.equal(found.status, 200, `read ${i} through the API`);
        const { data } = (await found.json()) as { data: { attributes: Record<string, unknown> } };
        assert.deepEqual(
          [data.attributes.reference, data.attributes.name, data.attributes.status, data.attributes.source],
          [lead!.reference, 'Cluster birthday', 'lead', 'assistant'],
        );
      }
      assert.equal(pidsServing(server.stderr(), '/mcp').size, 2, 'both workers answered /mcp');
      assert.equal(pidsServing(server.stderr(), '/v2/bookings/').size, 2, 'both workers answered the API');
    } finally {
      await server.stop();
    }
  });
});
