/**
 * `marquee integrations list | rotate-secret | delete` (SPEC §3): what an operator sees of an
 * organization's integrations, and that rotating or deleting one takes effect at once (old
 * secret refused; tokens and webhook endpoints gone).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { call, clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { codeFlowTokens, introspect, makeVenue, postForm, type Venue } from '../helpers/oauth.js';
import { parseJsonOutput, runCli } from '../helpers/processes.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  const cli = (...args: string[]) => runCli(args, suite.database.env);

  before(async () => {
    server = await startTestServer(suite.database, {
      RATE_LIMIT_PER_MINUTE: '0',
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    });
    venue = await makeVenue(suite.db);
  });
  after(() => server.close());

  it('lists the organization’s integrations with their owners', async () => {
    const listed = parseJsonOutput(await cli('integrations', 'list', '--org', venue.orgId, '--json'));
    const integrations = listed.integrations as Array<Record<string, unknown>>;
    assert.deepEqual(
      integrations.map((i) => i.id).sort(),
      [venue.publicClient.id, venue.privateClient.id].sort(),
    );
    const privateOne = integrations.find((i) => i.kind === 'private')!;
    assert.deepEqual(Object.keys(privateOne).sort(), [
      'client_id',
      'id',
      'kind',
      'name',
      'owner_email',
      'redirect_uris',
      'require_pkce',
      'scopes',
    ]);
    assert.equal(privateOne.owner_email, venue.user.email);
    assert.equal(integrations.find((i) => i.kind === 'public')!.owner_email, null);
    const text = await cli('integrations', 'list', '--org', venue.orgId);
    assert.equal(text.code, 0);
    assert.match(text.stdout, new RegExp(venue.privateClient.clientId));
  });

  it('rotates a secret: the new one works at once and the old one no longer does', async () => {
    const rotated = parseJsonOutput(
      await cli('integrations', 'rotate-secret', '--id', venue.privateClient.id, '--json'),
    );
    assert.equal(rotated.client_id, venue.privateClient.clientId);
    const request = (secret: string) =>
      postForm(server, '/oauth/token', {
        grant_type: 'client_credentials',
        client_id: venue.privateClient.clientId,
        client_secret: secret,
      });
    assert.equal((await request(venue.privateClient.clientSecret)).status, 401);
    assert.equal((await request(String(rotated.client_secret))).status, 200);
    venue.privateClient.clientSecret = String(rotated.client_secret);
  });

  it('rotating a secret ends the integration’s client-credentials tokens; its users’ grants stay', async () => {
    const own = await makeVenue(suite.db);
    const machine = await clientCredentialsToken(server, own);
    const { tokens: user } = await codeFlowTokens(server, own);
    assert.equal((await call(server, '/v2/me', { token: machine })).status, 200);

    const rotate = async (client: Venue['privateClient']) => {
      const rotated = parseJsonOutput(
        await cli('integrations', 'rotate-secret', '--id', client.id, '--json'),
      );
      client.clientSecret = String(rotated.client_secret);
    };
    await rotate(own.privateClient);
    assert.equal((await call(server, '/v2/me', { token: machine })).status, 401, 'a leaked token ends');
    const introspected = await postForm(server, '/oauth/introspect', {
      token: machine,
      client_id: own.privateClient.clientId,
      client_secret: own.privateClient.clientSecret,
    });
    assert.deepEqual(introspected.body, { active: false });

    await rotate(own.publicClient);
    assert.equal((await call(server, '/v2/me', { token: user.access_token })).status, 200, 'users stay');
    assert.equal((await introspect(server, own, user.access_token)).active, true);
    const refreshed = await postForm(server, '/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: user.refresh_token,
      client_id: own.publicClient.clientId,
      client_secret: own.publicClient.clientSecret,
    });
    assert.equal(refreshed.status, 200, 'the user’s grant refreshes with the new secret');
  });

  it('deletes an integration: its tokens and webhook endpoints stop at once', async () => {
    const token = await clientCredentialsToken(server, venue);
    const endpoint = await call<{ data: { id: string } }>(server, '/v2/webhook_endpoints', {
      token,
      org: venue.orgId,
      method: 'POST',
      body: {
        data: { type: 'webhook_endpoints', attributes: { url: 'http://127.0.0.1:9/hook', events: ['*'] } },
      },
    });
    assert.equal(endpoint.status, 201);
    const deleted = parseJsonOutput(
      await cli('integrations', 'delete', '--id', venue.privateClient.id, '--json'),
    );
    assert.deepEqual(deleted, { id: venue.privateClient.id, deleted: true });
    assert.equal((await call(server, '/v2/me', { token })).status, 401);
    const left = await suite.db
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('id', '=', endpoint.body.data.id)
      .execute();
    assert.deepEqual(left, []);
    const again = await cli('integrations', 'delete', '--id', venue.privateClient.id);
    assert.equal(again.code, 2);
    assert.match(again.stderr, /^marquee: No integration has the id/);
  });
});
