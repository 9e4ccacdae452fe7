/**
 * The OpenAPI document is generated from the route schemas; here it must pass a linter, cover
 * every endpoint (OAuth included), and describe the real responses, checked body by body.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { call, clientCredentialsToken, makeCrm, noteBody, type CrmFixture } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { type OpenApiDocument, responseChecker } from '../helpers/openapi-responses.js';
import { codeFlowTokens, postForm } from '../helpers/oauth.js';

eachDatabase((suite) => {
  let server: TestServer;
  let crm: CrmFixture;
  let document: OpenApiDocument;
  let source: string;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    crm = await makeCrm(suite.db, 3);
    const response = await server.fetch(`${server.url}/openapi.json`);
    source = await response.text();
    document = JSON.parse(source) as OpenApiDocument;
  });
  after(() => server.close());

  it('is OpenAPI 3.1 and passes the Redocly linter without errors', async () => {
    assert.equal(document.openapi, '3.1.0');
    const config = await createConfig({
      extends: ['recommended'],
      rules: { 'info-license': 'off', 'operation-4xx-response': 'off' },
    });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const errors = problems.filter((p) => p.severity === 'error');
    assert.deepEqual(
      errors.map((e) => `${e.ruleId}: ${e.message} at ${e.location[0]?.pointer}`),
      [],
    );
  });

  it('covers every endpoint, the OAuth endpoints included', () => {
    const expected: Record<string, string[]> = {
      '/oauth/authorize': ['get'],
      '/oauth/token': ['post'],
      '/oauth/revoke': ['post'],
      '/oauth/introspect': ['post'],
      '/oauth/token/info': ['get'],
      '/.well-known/oauth-authorization-server': ['get'],
      '/v2/me': ['get'],
      '/v2/bookings': ['get', 'post'],
      '/v2/bookings/{id}': ['delete', 'get', 'patch'],
      '/v2/accounts': ['get', 'post'],
      '/v2/accounts/{id}': ['delete', 'get', 'patch'],
      '/v2/contacts': ['get', 'post'],
      '/v2/contacts/{id}': ['delete', 'get', 'patch'],
      '/v2/spaces': ['get', 'post'],
      '/v2/spaces/{id}': ['delete', 'get', 'patch'],
      '/notes': ['get', 'post'],
      '/notes/{id}': ['delete', 'get', 'patch'],
    };
    for (const [path, methods] of Object.entries(expected)) {
      assert.ok(document.paths[path], `missing ${path}`);
      assert.deepEqual(
        Object.keys(document.paths[path]!)
          .filter((m) => m !== 'head')
          .sort(),
        methods,
        path,
      );
    }
  });

  it('names the write operations in plain English', () => {
    const summary = (path: string, method: string) =>
      (document.paths[path]?.[method] as { summary?: string } | undefined)?.summary;
    assert.equal(summary('/v2/accounts', 'post'), 'Create an account');
    assert.equal(summary('/v2/bookings/{id}', 'patch'), 'Change a booking');
    assert.equal(summary('/v2/spaces/{id}', 'delete'), 'Delete a space');
  });

  it('describes the real responses of every endpoint', async () => {
    const check = responseChecker(document);
    const token = await clientCredentialsToken(server, crm.venue);
    const api = (path: string, options: Parameters<typeof call>[2] = {}) =>
      call(server, path, { token, org: crm.venue.orgId, ...options });

    const token200 = await postForm(server, '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: crm.venue.privateClient.clientId,
      client_secret: crm.venue.privateClient.clientSecret,
    });
    check('/oauth/token', 'post', 200, token200.body);
    const code = await codeFlowTokens(server, crm.venue);
    check(
      '/oauth/token',
      'post',
      401,
      (await postForm(server, '/oauth/token', { grant_type: 'client_credentials' })).body,
    );
    check(
      '/oauth/token',
      'post',
      400,
      (
        await postForm(server, '/oauth/token', {
          grant_type: 'password',
          client_id: crm.venue.privateClient.clientId,
          client_secret: crm.venue.privateClient.clientSecret,
        })
      ).body,
    );
    const introspect = await postForm(server, '/oauth/introspect', {
      token: code.tokens.access_token,
      client_id: crm.venue.publicClient.clientId,
      client_secret: crm.venue.publicClient.clientSecret,
    });
    check('/oauth/introspect', 'post', 200, introspect.body);
    const info = await server.fetch(`${server.url}/oauth/token/info`, {
      headers: { authorization: `Bearer ${token}` },
    });
    check('/oauth/token/info', 'get', 200, await info.json());
    check(
      '/.well-known/oauth-authorization-server',
      'get',
      200,
      await (await server.fetch(`${server.url}/.well-known/oauth-authorization-server`)).json(),
    );
    const revoke = await postForm(server, '/oauth/revoke', {
      token: code.tokens.access_token,
      client_id: crm.venue.publicClient.clientId,
      client_secret: crm.venue.publicClient.clientSecret,
    });
    check('/oauth/revoke', 'post', 200, revoke.body);

    check('/v2/me', 'get', 200, (await call(server, '/v2/me', { token })).body);
    check('/v2/me', 'get', 401, (await call(server, '/v2/me')).body);
    for (const [list, id] of [
      ['/v2/bookings', crm.bookingIds[0]],
      ['/v2/accounts', crm.accountIds[0]],
      ['/v2/contacts', crm.contactIds[0]],
    ] as const) {
      check(list, 'get', 200, (await api(`${list}?page[size]=2`)).body);
      check(`${list}/{id}`, 'get', 200, (await api(`${list}/${id}`)).body);
      check(`${list}/{id}`, 'get', 404, (await api(`${list}/nope`)).body);
      check(list, 'get', 400, (await api(`${list}?sort=nope`)).body);
      check(
        list,
        'get',
        403,
        (
          await call(server, list, {
            token: await clientCredentialsToken(server, (await makeCrm(suite.db, 0)).venue),
            org: crm.venue.orgId,
          })
        ).body,
      );
    }
    check('/v2/bookings', 'get', 200, (await api('/v2/bookings?include=account,contact,owner')).body);
    const created = await api('/notes', { method: 'POST', body: noteBody('bookings', crm.bookingIds[0]!) });
    check('/notes', 'post', 201, created.body);
    check('/notes', 'post', 422, (await api('/notes', { method: 'POST', body: { data: {} } })).body);
    check(
      '/notes',
      'post',
      415,
      (await api('/notes', { method: 'POST', rawBody: 'x', headers: { 'content-type': 'text/plain' } })).body,
    );
    const id = (created.body as { data: { id: string } }).data.id;
    check('/notes', 'get', 200, (await api('/notes?include=notable,author')).body);
    check('/notes/{id}', 'get', 200, (await api(`/notes/${id}?include=notable,author`)).body);
    check(
      '/notes/{id}',
      'patch',
      200,
      (
        await api(`/notes/${id}`, {
          method: 'PATCH',
          body: { data: { type: 'notes', id, attributes: { body: 'changed' } } },
        })
      ).body,
    );
    check(
      '/notes/{id}',
      'patch',
      412,
      (
        await api(`/notes/${id}`, {
          method: 'PATCH',
          body: { data: { type: 'notes', id, attributes: { body: 'again' } } },
          headers: { 'if-match': '"stale"' },
        })
      ).body,
    );
    const deleted = await api(`/notes/${id}`, { method: 'DELETE' });
    assert.equal(deleted.status, 204);
    check('/notes/{id}', 'delete', 404, (await api(`/notes/${id}`, { method: 'DELETE' })).body);
  });
});
