import assert from 'node:assert/strict';
import { it } from 'node:test';
import { NotFoundError, ValidationError } from '../../src/errors.js';
import { findIntegrationByClientId } from '../../src/integrations/integration.repository.js';
import { createIntegration } from '../../src/integrations/integration.service.js';
import { redirectUriMatches, redirectUriProblem } from '../../src/integrations/redirect-uris.js';
import { credentialMatches, hashCredential } from '../../src/security/credentials.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeIntegration, makeOrganization, makeUser } from '../helpers/factories.js';

eachDatabase((suite) => {
  it('creates a public integration and keeps only the hash of its secret', async () => {
    const org = await makeOrganization(suite.db);
    const { integration, clientSecret } = await makeIntegration(suite.db, {
      organizationId: org.id,
      redirectUris: ['https://app.example/callback', 'http://localhost:5173/cb'],
      scopes: 'crm_read',
    });
    assert.match(integration.clientId, /^mqc_[A-Za-z0-9_-]{22}$/);
    assert.match(clientSecret, /^mqs_[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(integration.scopes, ['crm_read']);
    const stored = await findIntegrationByClientId(suite.db, integration.clientId);
    assert.ok(stored);
    assert.equal(stored.clientSecretHash, hashCredential(clientSecret));
    assert.ok(credentialMatches(clientSecret, stored.clientSecretHash));
    assert.ok(!credentialMatches(`${clientSecret}x`, stored.clientSecretHash));
    const rows = await suite.db.selectFrom('integrations').selectAll().execute();
    assert.ok(!JSON.stringify(rows).includes(clientSecret));
  });

  it('refuses wildcard redirect URIs, and redirect URIs on a private integration', async () => {
    const org = await makeOrganization(suite.db);
    const owner = await makeUser(suite.db, org.id);
    for (const uri of ['https://*.example.com/cb', 'https://app.example.com/*']) {
      await assert.rejects(
        makeIntegration(suite.db, { organizationId: org.id, redirectUris: [uri] }),
        (error: unknown) => error instanceof ValidationError && /wildcard/.test(error.detail),
        uri,
      );
    }
    await assert.rejects(
      makeIntegration(suite.db, {
        organizationId: org.id,
        kind: 'private',
        ownerEmail: owner.email,
        redirectUris: ['https://app.example.com/cb'],
      }),
      (error: unknown) =>
        error instanceof ValidationError && error.fieldMessages().redirect_uris !== undefined,
    );
  });

  it('matches a loopback redirect URI on any port, and nothing else loosely', () => {
    const registered = ['http://127.0.0.1:8080/callback', 'http://[::1]/cb', 'https://app.example/cb'];
    assert.ok(redirectUriMatches(registered, 'http://127.0.0.1:8080/callback'));
    assert.ok(redirectUriMatches(registered, 'http://127.0.0.1:51234/callback'), 'RFC 8252 §7.3');
    assert.ok(redirectUriMatches(registered, 'http://[::1]:4000/cb'));
    assert.ok(!redirectUriMatches(registered, 'http://127.0.0.1:51234/other'));
    assert.ok(!redirectUriMatches(registered, 'http://127.0.0.1:51234/callback?x=1'));
    assert.ok(!redirectUriMatches(registered, 'https://app.example:8443/cb'), 'not for https');
    assert.ok(!redirectUriMatches(registered, 'http://localhost:8080/callback'), 'not across host names');
  });

  it('needs a redirect URI for a public integration', async () => {
    const org = await makeOrganization(suite.db);
    await assert.rejects(
      makeIntegration(suite.db, { organizationId: org.id, redirectUris: [] }),
      ValidationError,
    );
  });

  it('needs an owner who is a member for a private integration', async () => {
    const org = await makeOrganization(suite.db);
    const other = await makeOrganization(suite.db);
    const member = await makeUser(suite.db, org.id);
    const outsider = await makeUser(suite.db, other.id);
    const base = { organizationId: org.id, name: 'Private', kind: 'private' };
    await assert.rejects(createIntegration(suite.db, base), /needs an owner/);
    await assert.rejects(
      createIntegration(suite.db, { ...base, ownerEmail: outsider.email }),
      /not a member/,
    );
    const { integration } = await createIntegration(suite.db, {
      ...base,
      ownerEmail: member.email.toUpperCase(),
    });
    assert.equal(integration.ownerUserId, member.id);
    assert.equal(integration.kind, 'private');
    assert.deepEqual(integration.scopes, ['crm_read', 'crm_manage']);
  });

  it('refuses unknown scopes, kinds and organizations', async () => {
    const org = await makeOrganization(suite.db);
    await assert.rejects(
      makeIntegration(suite.db, { organizationId: org.id, scopes: 'crm_read admin' }),
      ValidationError,
    );
    await assert.rejects(
      makeIntegration(suite.db, { organizationId: org.id, kind: 'secret' }),
      ValidationError,
    );
    await assert.rejects(makeIntegration(suite.db, { organizationId: 'nope' }), NotFoundError);
  });
});

it('accepts https and loopback http redirect URIs only, without fragments', () => {
  assert.equal(redirectUriProblem('https://app.example/cb?x=1'), undefined);
  for (const ok of ['http://127.0.0.1:8080/cb', 'http://[::1]/cb', 'http://localhost:3000/cb']) {
    assert.equal(redirectUriProblem(ok), undefined, ok);
  }
  assert.match(redirectUriProblem('http://app.example/cb') ?? '', /https/);
  assert.match(redirectUriProblem('https://app.example/cb#frag') ?? '', /fragment/);
  assert.match(redirectUriProblem('/relative') ?? '', /absolute/);
  assert.match(redirectUriProblem('https://user:pw@app.example/') ?? '', /user information/);
  assert.match(redirectUriProblem('javascript:alert(1)') ?? '', /https/);
});
