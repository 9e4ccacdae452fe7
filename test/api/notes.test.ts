import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { newId } from '../../src/db/ids.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { call, clientCredentialsToken, makeCrm, noteBody, type CrmFixture } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeUser } from '../helpers/factories.js';
import { codeFlowTokens } from '../helpers/oauth.js';

interface NoteDocument {
  data: {
    type: string;
    id: string;
    attributes: { body: string; created_at: string; updated_at: string };
    relationships: Record<string, { data: { type: string; id: string } | null }>;
  };
}
interface ErrorBody {
  errors: Array<{
    status: string;
    code: string;
    detail: string;
    source?: { pointer?: string; header?: string; parameter?: string };
  }>;
}

eachDatabase((suite) => {
  let server: TestServer;
  let crm: CrmFixture;
  let token: string;
  const api = <T = NoteDocument>(path: string, options: Parameters<typeof call>[2] = {}) =>
    call<T>(server, path, { token, org: crm.venue.orgId, ...options });

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    crm = await makeCrm(suite.db, 3);
    token = await clientCredentialsToken(server, crm.venue);
  });
  after(() => server.close());

  it('creates, reads, updates and deletes a note', async () => {
    const created = await api('/notes', {
      method: 'POST',
      body: noteBody('bookings', crm.bookingIds[0]!, 'First call'),
    });
    assert.equal(created.status, 201);
    const note = created.body.data;
    assert.equal(note.type, 'notes');
    assert.equal(note.attributes.body, 'First call');
    assert.deepEqual(note.relationships.notable?.data, { type: 'bookings', id: crm.bookingIds[0] });
    assert.deepEqual(note.relationships.author?.data, { type: 'users', id: crm.venue.user.id });
    assert.equal(created.headers.get('location'), `${server.url}/notes/${note.id}`);

    const read = await api(`/notes/${note.id}?include=notable,author`);
    assert.equal(read.status, 200);
    assert.equal(read.body.data.attributes.body, 'First call');

    const patched = await api(`/notes/${note.id}`, {
      method: 'PATCH',
      body: { data: { type: 'notes', id: note.id, attributes: { body: 'Second call' } } },
    });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.data.attributes.body, 'Second call');
    assert.ok(patched.body.data.attributes.updated_at > note.attributes.updated_at);

    const listed = await api<{ data: Array<{ id: string }> }>(
      `/notes?filter[notable_type][eq]=bookings&filter[notable_id][eq]=${crm.bookingIds[0]}`,
    );
    assert.deepEqual(
      listed.body.data.map((n) => n.id),
      [note.id],
    );

    const deleted = await api(`/notes/${note.id}`, { method: 'DELETE' });
    assert.equal(deleted.status, 204);
    assert.equal((await api(`/notes/${note.id}`)).status, 404);
  });

  it('attaches notes to accounts and contacts too, and includes them', async () => {
    for (const [type, id] of [
      ['accounts', crm.accountIds[1]],
      ['contacts', crm.contactIds[1]],
    ] as const) {
      const created = await api('/notes', { method: 'POST', body: noteBody(type, id!) });
      assert.equal(created.status, 201);
      const read = await api<{ included: Array<{ type: string; id: string }> }>(
        `/notes/${created.body.data.id}?include=notable`,
      );
      assert.deepEqual(
        read.body.included.map((r) => [r.type, r.id]),
        [[type, id]],
      );
    }
  });

  it('creates many notes at once, each its own; one on a missing booking fails alone', async () => {
    const bodies = Array.from({ length: 16 }, (_, i) =>
      noteBody('bookings', crm.bookingIds[i % 3]!, `Burst note ${i}`),
    );
    const missing = noteBody('bookings', newId(), 'On a booking that does not exist');
    const responses = await Promise.all(
      [...bodies.slice(0, 8), missing, ...bodies.slice(8)].map((body) =>
        api('/notes', { method: 'POST', body }),
      ),
    );
    const failed = responses[8]!;
    assert.equal(failed.status, 422);
    const created = responses.filter((_, i) => i !== 8);
    assert.deepEqual(
      created.map((r) => r.status),
      created.map(() => 201),
    );
    assert.deepEqual(
      created.map((r) => r.body.data.attributes.body),
      bodies.map((b) => b.data.attributes.body),
    );
    assert.equal(new Set(created.map((r) => r.body.data.id)).size, created.length);
    for (const response of created) {
      const read = await api(`/notes/${response.body.data.id}`);
      assert.equal(read.status, 200);
      assert.equal(read.body.data.attributes.body, response.body.data.attributes.body);
    }
  });

  it('answers 422 with a pointer for invalid notes', async () => {
    const cases: Array<[unknown, string]> = [
      [
        {
          data: {
            type: 'notes',
            attributes: { body: '' },
            relationships: { notable: { data: { type: 'bookings', id: crm.bookingIds[0] } } },
          },
        },
        '/data/attributes/body',
      ],
      [
        {
          data: {
            type: 'notes',
            attributes: { body: 'x'.repeat(65537) },
            relationships: { notable: { data: { type: 'bookings', id: crm.bookingIds[0] } } },
          },
        },
        '/data/attributes/body',
      ],
      [
        {
          data: {
            type: 'notes',
            attributes: { body: '   ' },
            relationships: { notable: { data: { type: 'bookings', id: crm.bookingIds[0] } } },
          },
        },
        '/data/attributes/body',
      ],
      [
        {
          data: {
            type: 'notes',
            attributes: { body: 42 },
            relationships: { notable: { data: { type: 'bookings', id: crm.bookingIds[0] } } },
          },
        },
        '/data/attributes/body',
      ],
      [{ data: { type: 'notes', attributes: { body: 'x' } } }, '/data/relationships'],
      [
        {
          data: {
            type: 'notes',
            attributes: { body: 'x' },
            relationships: { notable: { data: { type: 'users', id: 'x' } } },
          },
        },
        '/data/relationships/notable/data/type',
      ],
      [
        {
          data: {
            type: 'notes',
            attributes: { body: 'x' },
            relationships: { notable: { data: { type: 'bookings', id: newId() } } },
          },
        },
        '/data/relationships/notable/data/id',
      ],
      [
        {
          data: {
            type: 'bookings',
            attributes: { body: 'x' },
            relationships: { notable: { data: { type: 'bookings', id: crm.bookingIds[0] } } },
          },
        },
        '/data/type',
      ],
      [
        {
          data: {
            type: 'notes',
            attributes: { body: 'x', colour: 'red' },
            relationships: { notable: { data: { type: 'bookings', id: crm.bookingIds[0] } } },
          },
        },
        '/data/attributes',
      ],
      [{}, '/data'],
    ];
    for (const [body, pointer] of cases) {
      const response = await api<ErrorBody>('/notes', { method: 'POST', body });
      assert.equal(response.status, 422, JSON.stringify(body).slice(0, 120));
      assert.ok(
        response.body.errors[0]?.source?.pointer?.startsWith(pointer),
        `${pointer}: ${JSON.stringify(response.body)}`,
      );
    }
    const exactlyMax = await api('/notes', {
      method: 'POST',
      body: noteBody('bookings', crm.bookingIds[0]!, 'é'.repeat(65536)),
    });
    assert.equal(exactlyMax.status, 201);
    const clientId = await api<ErrorBody>('/notes', {
      method: 'POST',
      body: { data: { ...noteBody('bookings', crm.bookingIds[0]!).data, id: 'mine' } },
    });
    assert.equal(clientId.status, 403);
  });

  it('answers 400 for malformed JSON, 413 for a body over 1 MiB, 415 for other content types', async () => {
    const broken = await api<ErrorBody>('/notes', {
      method: 'POST',
      rawBody: '{"data": ',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(broken.status, 400);
    assert.equal(broken.body.errors[0]?.code, 'invalid_json');
    const empty = await api<ErrorBody>('/notes', {
      method: 'POST',
      rawBody: '',
      headers: { 'content-type': 'application/vnd.api+json' },
    });
    assert.equal(empty.status, 400, 'a route that takes a body is told it is empty');
    assert.equal(empty.body.errors[0]?.detail, 'The request body is empty; send a JSON document.');
    const huge = await api<ErrorBody>('/notes', {
      method: 'POST',
      body: noteBody('bookings', crm.bookingIds[0]!, 'x'.repeat(1024 * 1024 + 10)),
    });
    assert.equal(huge.status, 413);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await api<ErrorBody>('/notes', {
        method: 'POST',
        rawBody: 'body=x',
        headers: { 'content-type': type },
      });
      assert.equal(response.status, 415, type);
      assert.equal(response.body.errors[0]?.source?.header, 'Content-Type');
    }
    const nul = await api<ErrorBody>('/notes', {
      method: 'POST',
      body: noteBody('bookings', crm.bookingIds[0]!, 'zero \u0000 byte'),
    });
    // A control character like any other, refused by the rules beside the field on both databases.
    assert.equal(nul.status, 422, 'NUL characters are refused on both databases');
    assert.equal(nul.body.errors[0]?.code, 'control_character');
    assert.equal(nul.body.errors[0]?.source?.pointer, '/data/attributes/body');
    assert.equal((await api<ErrorBody>('/notes/%00')).status, 400);
    const plainJson = await api('/notes', {
      method: 'POST',
      body: noteBody('bookings', crm.bookingIds[0]!),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(plainJson.status, 201);
  });

  it('lets only the author or an admin change or delete a note', async () => {
    const member = await makeUser(suite.db, crm.venue.orgId, { role: 'member' });
    const colleague = await makeUser(suite.db, crm.venue.orgId, { role: 'member' });
    const memberToken = (await codeFlowTokens(server, crm.venue, { email: member.email })).tokens
      .access_token;
    const colleagueToken = (await codeFlowTokens(server, crm.venue, { email: colleague.email })).tokens
      .access_token;
    const created = await api('/notes', {
      token: memberToken,
      method: 'POST',
      body: noteBody('bookings', crm.bookingIds[1]!),
    });
    const id = created.body.data.id;
    const patch = { data: { type: 'notes', id, attributes: { body: 'edited' } } };
    assert.equal(
      (await api(`/notes/${id}`, { token: colleagueToken, method: 'PATCH', body: patch })).status,
      403,
    );
    assert.equal((await api(`/notes/${id}`, { token: colleagueToken, method: 'DELETE' })).status, 403);
    assert.equal(
      (await api(`/notes/${id}`, { token: memberToken, method: 'PATCH', body: patch })).status,
      200,
    );
    assert.equal((await api(`/notes/${id}`, { method: 'DELETE' })).status, 204, 'the admin may');
  });

  it('refuses to move a note or to patch another id', async () => {
    const created = await api('/notes', { method: 'POST', body: noteBody('bookings', crm.bookingIds[2]!) });
    const id = created.body.data.id;
    const move = await api<ErrorBody>(`/notes/${id}`, {
      method: 'PATCH',
      body: {
        data: {
          type: 'notes',
          id,
          relationships: { notable: { data: { type: 'accounts', id: crm.accountIds[0] } } },
        },
      },
    });
    assert.equal(move.status, 422);
    const mismatch = await api(`/notes/${id}`, {
      method: 'PATCH',
      body: { data: { type: 'notes', id: 'other', attributes: { body: 'x' } } },
    });
    assert.equal(mismatch.status, 409);
  });

  it('honours If-Match on PATCH and DELETE and If-None-Match on GET', async () => {
    const created = await api('/notes', { method: 'POST', body: noteBody('bookings', crm.bookingIds[0]!) });
    const id = created.body.data.id;
    const read = await api(`/notes/${id}`);
    const etag = read.headers.get('etag')!;
    assert.equal(created.headers.get('etag'), etag);
    assert.equal((await api(`/notes/${id}`, { headers: { 'if-none-match': etag } })).status, 304);
    const patch = (body: string, ifMatch: string) =>
      api(`/notes/${id}`, {
        method: 'PATCH',
        body: { data: { type: 'notes', id, attributes: { body } } },
        headers: { 'if-match': ifMatch },
      });
    const first = await patch('one', etag);
    assert.equal(first.status, 200);
    const stale = await patch('two', etag);
    assert.equal(stale.status, 412);
    assert.equal((await api(`/notes/${id}`)).body.data.attributes.body, 'one');
    assert.equal(
      (await api(`/notes/${id}`, { method: 'DELETE', headers: { 'if-match': etag } })).status,
      412,
    );
    assert.equal(
      (await api(`/notes/${id}`, { method: 'DELETE', headers: { 'if-match': first.headers.get('etag')! } }))
        .status,
      204,
    );
  });

  it('replays the first response for a repeated Idempotency-Key, and refuses the key with another body', async () => {
    const logStart = server.logs.length;
    const key = `key-${newId()}`;
    const body = noteBody('bookings', crm.bookingIds[0]!, 'Only once');
    const first = await api('/notes', { method: 'POST', body, headers: { 'idempotency-key': key } });
    const again = await api('/notes', { method: 'POST', body, headers: { 'idempotency-key': key } });
    assert.equal(first.status, 201);
    assert.equal(again.status, 201);
    assert.deepEqual(again.body, first.body);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    const other = await api<ErrorBody>('/notes', {
      method: 'POST',
      body: noteBody('bookings', crm.bookingIds[0]!, 'Different'),
      headers: { 'idempotency-key': key },
    });
    assert.equal(other.status, 422);
    assert.equal(other.body.errors[0]?.source?.header, 'Idempotency-Key');

    const raceKey = `race-${newId()}`;
    const racers = await Promise.all(
      Array.from({ length: 8 }, () =>
        api('/notes', {
          method: 'POST',
          body: noteBody('bookings', crm.bookingIds[1]!, 'Raced'),
          headers: { 'idempotency-key': raceKey },
        }),
      ),
    );
    const ids = new Set(racers.filter((r) => r.status === 201).map((r) => r.body.data.id));
    assert.equal(ids.size, 1, `one note for one key: ${racers.map((r) => r.status)}`);
    const stored = await suite.db.selectFrom('notes').select('id').where('body', '=', 'Raced').execute();
    assert.equal(stored.length, 1);
    // A replay is an ordinary answer: nothing is worth a warning in the log.
    const logged = server.logs.slice(logStart);
    assert.deepEqual(
      logged.filter((line) => /already sent|in progress|"level":(4|5|6)0/.test(line)),
      [],
    );
  });

  it('answers 404 for a note of another organization, with no difference from a missing one', async () => {
    const other = await makeCrm(suite.db, 1);
    const otherToken = await clientCredentialsToken(server, other.venue);
    const foreign = await call<NoteDocument>(server, '/notes', {
      token: otherToken,
      org: other.venue.orgId,
      method: 'POST',
      body: noteBody('bookings', other.bookingIds[0]!),
    });
    const theirs = await api<ErrorBody>(`/notes/${foreign.body.data.id}`);
    const missing = await api<ErrorBody>(`/notes/${newId()}`);
    assert.equal(theirs.status, 404);
    assert.equal(missing.status, 404);
    assert.equal(theirs.body.errors[0]?.code, missing.body.errors[0]?.code);
    const attach = await api<ErrorBody>('/notes', {
      method: 'POST',
      body: noteBody('bookings', other.bookingIds[0]!),
    });
    assert.equal(attach.status, 422, 'another organization’s booking is not there to attach to');
  });
});
