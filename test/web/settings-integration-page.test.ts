/**
 * An integration's settings page over plain HTTP: creating redirects to it and shows the new
 * secret once (never in a URL, never cached); rotate, delete and revoke ask for confirmation on a
 * page of their own; *Require PKCE* is set from the page; refused redirect URIs are explained
 * beside their field.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { authorizeUrl, codeFlowTokens, makeVenue, postForm, signIn, type Venue } from '../helpers/oauth.js';

const SECRET = /id="client-secret">(mqs_[A-Za-z0-9_-]+)</;

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
  });
  after(() => server.close());

  async function adminSession(): Promise<BrowserSession> {
    const session = new BrowserSession(server.url, server.fetch);
    assert.equal((await signIn(server, session, venue.user.email)).status, 303);
    return session;
  }

  const integrationCount = async () =>
    Number(
      (
        await suite.db
          .selectFrom('integrations')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('organization_id', '=', venue.orgId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Authenticates with the secret: a made-up code gets invalid_grant, a wrong secret 401. */
  const secretWorks = async (clientId: string, secret: string) =>
    (
      await postForm(server, '/oauth/token', {
        grant_type: 'authorization_code',
        code: 'mqg_made_up',
        redirect_uri: 'https://app.example/cb',
        client_id: clientId,
        client_secret: secret,
      })
    ).status === 400;

  it('creates with a redirect to the integration’s page, which shows the secret once and is not cached', async () => {
    const session = await adminSession();
    const form = await session.request(`/settings/integrations/new?org=${venue.orgId}`);
    const before = await integrationCount();
    const created = await session.request('/settings/integrations', {
      form: {
        ...formFields(form.body, '/settings/integrations'),
        name: 'Floor plans',
        kind: 'public',
        redirect_uris: 'https://app.example/cb',
        scopes: ['crm_read', 'crm_manage'],
        require_pkce: 'on',
      },
    });
    assert.equal(created.status, 303);
    assert.match(created.location ?? '', /\/settings\/integrations\/[^/?]+$/);
    assert.doesNotMatch(created.location ?? '', /mqs_/, 'the secret is not in the URL');
    assert.equal(await integrationCount(), before + 1);

    const shown = await session.request(created.location!);
    assert.equal(shown.status, 200);
    assert.equal(shown.headers.get('cache-control'), 'no-store');
    const secret = SECRET.exec(shown.body)?.[1];
    assert.ok(secret, 'the new secret is shown');
    const clientId = /id="client-id">(mqc_[A-Za-z0-9_-]+)</.exec(shown.body)?.[1] ?? '';
    assert.ok(await secretWorks(clientId, secret));
    assert.match(shown.body, /name="require_pkce" value="on"[^>]*checked/, 'Require PKCE was kept');

    const reloaded = await session.request(created.location!);
    assert.equal(reloaded.status, 200);
    assert.doesNotMatch(reloaded.body, /mqs_/, 'shown only once');
    assert.equal(await integrationCount(), before + 1, 'a reload creates nothing');
  });

  it('rotates a secret only after a confirmation page, then shows the new one once', async () => {
    const session = await adminSession();
    const id = venue.publicClient.id;
    const page = await session.request(`/settings/integrations/${id}`);
    assert.doesNotMatch(
      page.body,
      new RegExp(`<form method="post" action="/settings/integrations/${id}/rotate-secret"`),
      'no one-click rotation',
    );
    assert.match(
      page.body,
      new RegExp(`<form method="get" action="/settings/integrations/${id}/rotate-secret"`),
    );
    const confirm = await session.request(`/settings/integrations/${id}/rotate-secret`);
    assert.equal(confirm.status, 200);
    assert.match(confirm.body, /stops working\s+<strong>at once<\/strong>/);
    assert.ok(
      await secretWorks(venue.publicClient.clientId, venue.publicClient.clientSecret),
      'GET changes nothing',
    );

    const rotated = await session.request(`/settings/integrations/${id}/rotate-secret`, {
      form: formFields(confirm.body, `/settings/integrations/${id}/rotate-secret`),
    });
    assert.equal(rotated.status, 303);
    assert.equal(rotated.location, `${server.url}/settings/integrations/${id}`);
    const shown = await session.request(rotated.location);
    assert.equal(shown.headers.get('cache-control'), 'no-store');
    const secret = SECRET.exec(shown.body)?.[1];
    assert.ok(secret);
    assert.match(shown.body, /previous secret no longer works/);
    assert.ok(await secretWorks(venue.publicClient.clientId, secret));
    assert.equal(await secretWorks(venue.publicClient.clientId, venue.publicClient.clientSecret), false);
    venue.publicClient.clientSecret = secret;
    assert.doesNotMatch((await session.request(`/settings/integrations/${id}`)).body, /mqs_/);
  });

  it('asks before revoking a connected app', async () => {
    await codeFlowTokens(server, venue);
    const session = await adminSession();
    const list = await session.request('/settings/connected-apps');
    const revokePath = `/settings/connected-apps/${venue.publicClient.id}/revoke`;
    assert.match(list.body, new RegExp(`<form method="get" action="${revokePath}"`));
    const confirm = await session.request(revokePath);
    assert.equal(confirm.status, 200);
    assert.match(confirm.body, /every token it holds from your authorization stops working/);
    const revoked = await session.request(revokePath, { form: formFields(confirm.body, revokePath) });
    assert.equal(revoked.status, 303);
    assert.equal((await session.request(revokePath)).status, 404, 'nothing left to revoke');
  });

  it('asks before deleting an integration', async () => {
    const session = await adminSession();
    const confirm = await session.request(`/settings/integrations/${venue.privateClient.id}/delete`);
    assert.equal(confirm.status, 200);
    assert.match(confirm.body, /cannot be undone/);
    assert.equal((await session.request(`/settings/integrations/${venue.privateClient.id}`)).status, 200);
  });

  it('turns Require PKCE on and off from the integration’s page', async () => {
    const session = await adminSession();
    const id = venue.publicClient.id;
    const save = async (requirePkce: boolean) => {
      const page = await session.request(`/settings/integrations/${id}`);
      const saved = await session.request(`/settings/integrations/${id}`, {
        form: {
          ...formFields(page.body, `/settings/integrations/${id}`),
          redirect_uris: 'http://127.0.0.1:9/callback',
          scopes: ['crm_read', 'crm_manage'],
          ...(requirePkce ? { require_pkce: 'on' } : {}),
        },
      });
      assert.equal(saved.status, 303);
    };
    const authorize = async () => {
      const response = await server.fetch(
        authorizeUrl(server, { clientId: venue.publicClient.clientId, state: 'st', email: '' }),
        { redirect: 'manual' },
      );
      return new URL(response.headers.get('location') ?? '', server.url);
    };

    await save(true);
    const refused = await authorize();
    assert.equal(refused.origin, 'http://127.0.0.1:9');
    assert.equal(refused.searchParams.get('error'), 'invalid_request');
    assert.match(refused.searchParams.get('error_description') ?? '', /PKCE is required/);
    assert.equal(refused.searchParams.get('state'), 'st');
    assert.match(
      (await session.request(`/settings/integrations/${id}`)).body,
      /name="require_pkce" value="on"[^>]*checked/,
    );

    await save(false);
    const allowed = await authorize();
    assert.equal(allowed.pathname, '/sign-in', 'without the setting, no challenge is needed');
  });

  it('explains refused redirect URIs beside the field', async () => {
    const session = await adminSession();
    const form = await session.request(`/settings/integrations/new?org=${venue.orgId}`);
    const fields = formFields(form.body, '/settings/integrations');
    const before = await integrationCount();
    const wildcard = await session.request('/settings/integrations', {
      form: {
        ...fields,
        name: 'Wild',
        kind: 'public',
        redirect_uris: 'https://*.example.com/cb',
        scopes: 'crm_read',
      },
    });
    assert.equal(wildcard.status, 422);
    assert.match(wildcard.body, /id="redirect_uris-error"[^>]*>[^<]*wildcard/);
    assert.match(wildcard.body, /aria-invalid="true"/);
    const onPrivate = await session.request('/settings/integrations', {
      form: {
        ...fields,
        name: 'Back office',
        kind: 'private',
        owner: venue.user.email,
        redirect_uris: 'https://app.example/cb',
        scopes: 'crm_read',
      },
    });
    assert.equal(onPrivate.status, 422);
    assert.match(onPrivate.body, /id="redirect_uris-error"[^>]*>[^<]*private integration/);
    assert.equal(await integrationCount(), before, 'nothing was created');

    const id = venue.publicClient.id;
    const edit = await session.request(`/settings/integrations/${id}`);
    const edited = await session.request(`/settings/integrations/${id}`, {
      form: {
        ...formFields(edit.body, `/settings/integrations/${id}`),
        redirect_uris: 'https://app.example/*',
        scopes: 'crm_read',
      },
    });
    assert.equal(edited.status, 422);
    assert.match(edited.body, /id="redirect_uris-error"[^>]*>[^<]*wildcard/);
  });
});
