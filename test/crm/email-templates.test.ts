/**
 * E-mail templates (SPEC §17): every member reads them, organization admins write them; each
 * organization starts with a template of each kind; a subject or body that does not parse, or
 * names a merge field that does not exist, is refused with its line, every bad field at once; a
 * name is unique in an organization while several templates share a kind; each write is told as
 * `email_template.created`, `.updated` or `.deleted`.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { EMAIL_TEMPLATE_KINDS } from '../../src/crm/email-templates/index.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, memberClientToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import {
  type Api,
  apiFor,
  changeDocument,
  created,
  type ErrorBody,
  type Many,
  pointers,
} from '../helpers/writes.js';

const templateDocument = (attributes: Record<string, unknown>) => ({
  data: { type: 'email_templates', attributes },
});

const SUBJECT = 'Your visit to {{ venue.name }}: {{ booking.reference }}';
const BODY = `Dear {{ contact.first_name }},

We look forward to showing you round on {{ booking.first_day }}.
{% if portal_url != blank %}Your proposal: {{ portal_url }}{% endif %}`;

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;
  let member: Api;
  let reader: Api;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    member = apiFor(server, await memberClientToken(suite.db, server, venue), venue.orgId);
    reader = apiFor(server, await clientCredentialsToken(server, venue, 'crm_read'), venue.orgId);
  });
  after(() => server.close());

  it('gives a new organization a template of each kind, which members and read-only tokens read', async () => {
    const fresh = await makeVenue(suite.db);
    const theirs = apiFor(server, await clientCredentialsToken(server, fresh, 'crm_read'), fresh.orgId);
    const list = await theirs<Many>('/v2/email_templates?page[size]=100');
    assert.equal(list.status, 200, JSON.stringify(list.body));
    assert.deepEqual(list.body.data.map((t) => t.attributes.kind).sort(), [...EMAIL_TEMPLATE_KINDS].sort());
    for (const template of list.body.data) {
      assert.deepEqual(Object.keys(template.attributes).sort(), [
        'body',
        'created_at',
        'kind',
        'name',
        'subject',
        'updated_at',
      ]);
      assert.ok(String(template.attributes.subject).length > 0, 'a subject');
      assert.match(String(template.attributes.body), /\{\{ venue\.name \}\}/, 'signed by the venue');
    }
    const acknowledgement = list.body.data.find((t) => t.attributes.kind === 'inquiry_acknowledgement')!;
    assert.equal((await theirs(`/v2/email_templates/${acknowledgement.id}`)).status, 200);
    const byKind = await member<Many>('/v2/email_templates?filter[kind][eq]=follow_up');
    assert.equal(byKind.status, 200);
    assert.deepEqual(
      byKind.body.data.map((t) => t.attributes.kind),
      ['follow_up'],
    );
    // Another organization's templates are not these.
    assert.equal((await member(`/v2/email_templates/${acknowledgement.id}`)).status, 404);
  });

  it('lets admins create, change and delete templates; members and read-only tokens only read them', async () => {
    const made = await admin('/v2/email_templates', {
      method: 'POST',
      body: templateDocument({ name: 'Site visit', kind: 'general', subject: SUBJECT, body: BODY }),
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const id = made.body.data.id;
    assert.equal(made.body.data.attributes.subject, SUBJECT);
    assert.equal(made.body.data.attributes.body, BODY);
    assert.equal(made.headers.get('location'), `${server.url}/v2/email_templates/${id}`);
    assert.equal((await member(`/v2/email_templates/${id}`)).status, 200);
    assert.equal((await reader(`/v2/email_templates/${id}`)).status, 200);

    for (const [method, path, body] of [
      ['POST', '/v2/email_templates', templateDocument({ name: 'Mine', subject: 'Hi', body: 'Hello' })],
      ['PATCH', `/v2/email_templates/${id}`, changeDocument('email_templates', id, { name: 'Mine' })],
      ['DELETE', `/v2/email_templates/${id}`, undefined],
    ] as const) {
      const refused = await member<ErrorBody>(path, { method, ...(body ? { body } : {}) });
      assert.equal(refused.status, 403, `${method} by a member`);
      assert.equal(refused.body.errors[0]?.code, 'admin_only');
      assert.match(refused.body.errors[0]!.detail, /Only organization admins may change e-mail templates/);
      const unscoped = await reader<ErrorBody>(path, { method, ...(body ? { body } : {}) });
      assert.equal(unscoped.status, 403, `${method} with crm_read`);
      assert.match(unscoped.headers.get('www-authenticate') ?? '', /insufficient_scope/);
    }

    const stale = await admin<ErrorBody>(`/v2/email_templates/${id}`, {
      method: 'PATCH',
      body: changeDocument('email_templates', id, { kind: 'follow_up' }),
      headers: { 'if-match': '"not-its-version"' },
    });
    assert.equal(stale.status, 412);
    const changed = await admin(`/v2/email_templates/${id}`, {
      method: 'PATCH',
      body: changeDocument('email_templates', id, {
        kind: 'follow_up',
        body: 'Dear {{ contact.name }},\r\n\r\nA reminder of your visit.',
      }),
      headers: { 'if-match': made.headers.get('etag')! },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.body.data.attributes.kind, 'follow_up');
    assert.equal(changed.body.data.attributes.subject, SUBJECT, 'the subject left as it was');
    assert.equal(
      changed.body.data.attributes.body,
      'Dear {{ contact.name }},\n\nA reminder of your visit.',
      'line ends kept as "\\n"',
    );
    assert.equal((await admin(`/v2/email_templates/${id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await member(`/v2/email_templates/${id}`)).status, 404);
  });

  it('refuses a template that does not parse or names a field that does not exist, every bad field at once', async () => {
    await created(
      admin,
      '/v2/email_templates',
      templateDocument({ name: 'Taken', subject: 'Hello', body: 'Hello {{ contact.first_name }}' }),
    );
    const refused = await admin<ErrorBody>('/v2/email_templates', {
      method: 'POST',
      body: templateDocument({
        name: 'Taken',
        subject: 'About {{ booking.nmae }}',
        body: 'Dear {{ contact.first_name }},\n\n{% if booking.status == "definite" %}Confirmed.',
      }),
    });
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.deepEqual(pointers(refused.body).sort(), [
      '/data/attributes/body',
      '/data/attributes/name',
      '/data/attributes/subject',
    ]);
    const at = (pointer: string) => refused.body.errors.find((e) => e.source?.pointer === pointer)!;
    assert.equal(at('/data/attributes/name').code, 'taken');
    assert.equal(at('/data/attributes/subject').code, 'template_error');
    assert.match(
      at('/data/attributes/subject').detail,
      /^Line 1: \{\{ booking\.nmae \}\} is not a merge field/,
    );
    assert.equal(at('/data/attributes/body').code, 'template_error');
    assert.match(at('/data/attributes/body').detail, /^Line 3: .*if/);

    // A filter that does not exist, a file brought in, and a line break in the subject.
    const more = await admin<ErrorBody>('/v2/email_templates', {
      method: 'POST',
      body: templateDocument({
        name: 'More',
        subject: 'One\nTwo',
        body: '{{ totals.grand_total | shout }}',
      }),
    });
    assert.equal(more.status, 422);
    assert.deepEqual(pointers(more.body).sort(), ['/data/attributes/body', '/data/attributes/subject']);
    assert.match(
      more.body.errors.find((e) => e.source?.pointer === '/data/attributes/body')!.detail,
      /"shout" is not a Liquid filter/,
    );
    const included = await admin<ErrorBody>('/v2/email_templates', {
      method: 'POST',
      body: templateDocument({ name: 'Included', subject: 'Hi', body: "{% include 'secrets' %}" }),
    });
    assert.equal(included.status, 422);
    assert.match(included.body.errors[0]!.detail, /cannot bring in another one/);

    // A document that fails its schema is judged on the rest too: a kind that is none, and a bad body.
    const both = await admin<ErrorBody>('/v2/email_templates', {
      method: 'POST',
      body: templateDocument({ name: 'Both', kind: 'weekly', subject: 'Hi', body: '{{ nobody }}' }),
    });
    assert.equal(both.status, 422);
    assert.deepEqual(pointers(both.body).sort(), ['/data/attributes/body', '/data/attributes/kind']);

    // A change is judged too, and what it leaves out stays as it is.
    const id = await created(
      admin,
      '/v2/email_templates',
      templateDocument({ name: 'Changed', subject: SUBJECT, body: BODY }),
    );
    const bad = await admin<ErrorBody>(`/v2/email_templates/${id}`, {
      method: 'PATCH',
      body: changeDocument('email_templates', id, { body: 'Dear {{ client.name }}' }),
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(pointers(bad.body), ['/data/attributes/body']);
    assert.match(bad.body.errors[0]!.detail, /\{\{ client \}\} is not a merge field/);
    const kept = await admin(`/v2/email_templates/${id}`);
    assert.equal(kept.body.data.attributes.body, BODY);
    const blank = await admin<ErrorBody>(`/v2/email_templates/${id}`, {
      method: 'PATCH',
      body: changeDocument('email_templates', id, { subject: '   ', name: '' }),
    });
    assert.equal(blank.status, 422);
    assert.deepEqual(pointers(blank.body).sort(), ['/data/attributes/name', '/data/attributes/subject']);
  });

  it('keeps names unique in an organization while several templates share a kind', async () => {
    const first = await created(
      admin,
      '/v2/email_templates',
      templateDocument({ name: 'Nudge', kind: 'follow_up', subject: 'Still thinking?', body: 'Hello' }),
    );
    const second = await created(
      admin,
      '/v2/email_templates',
      templateDocument({ name: 'Second nudge', kind: 'follow_up', subject: 'A last word', body: 'Hello' }),
    );
    assert.notEqual(first, second);
    const taken = await admin<ErrorBody>(`/v2/email_templates/${second}`, {
      method: 'PATCH',
      body: changeDocument('email_templates', second, { name: ' Nudge ' }),
    });
    assert.equal(taken.status, 422);
    assert.equal(taken.body.errors[0]?.code, 'taken');
    const other = await makeVenue(suite.db);
    const elsewhere = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
    const theirs = await elsewhere('/v2/email_templates', {
      method: 'POST',
      body: templateDocument({ name: 'Nudge', subject: 'Hi', body: 'Hello' }),
    });
    assert.equal(theirs.status, 201, 'another organization may use the name');
    assert.equal(theirs.body.data.attributes.kind, 'general', 'general unless a kind is named');
  });

  it('tells each write as email_template.created, .updated and .deleted', async () => {
    const own = await makeVenue(suite.db);
    const api = apiFor(server, await clientCredentialsToken(server, own), own.orgId);
    const id = await created(
      api,
      '/v2/email_templates',
      templateDocument({ name: 'Told', subject: 'Hi', body: 'Hello' }),
    );
    await api(`/v2/email_templates/${id}`, {
      method: 'PATCH',
      body: changeDocument('email_templates', id, { subject: 'Hello {{ contact.first_name }}' }),
    });
    // Nothing changes: nothing is told.
    await api(`/v2/email_templates/${id}`, {
      method: 'PATCH',
      body: changeDocument('email_templates', id, { subject: 'Hello {{ contact.first_name }}' }),
    });
    await api(`/v2/email_templates/${id}`, { method: 'DELETE' });
    const changes = await api<{
      data: Array<{
        attributes: {
          change_type: string;
          data: {
            object: { id: string; attributes?: Record<string, unknown> };
            previous_attributes?: object;
          };
        };
      }>;
    }>('/v2/changes?page[size]=100&sort=created_at');
    assert.equal(changes.status, 200, JSON.stringify(changes.body));
    assert.deepEqual(
      changes.body.data.map((c) => c.attributes.change_type),
      ['email_template.created', 'email_template.updated', 'email_template.deleted'],
      'the defaults made with the organization are not told',
    );
    const [made, updated, deleted] = changes.body.data;
    assert.equal(made!.attributes.data.object.attributes?.name, 'Told');
    assert.deepEqual(updated!.attributes.data.previous_attributes, { subject: 'Hi' });
    assert.equal(deleted!.attributes.data.object.id, id);
  });
});
