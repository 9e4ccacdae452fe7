/**
 * Text that cannot be shown safely is refused where it comes in, and shown harmlessly where it
 * goes out (issue 46, item 9):
 * - at the API, a booking, account or contact name with NUL or another C0 control character, a
 *   line break in a one-line field, or a bidirectional override (U+202E, a "Trojan Source" name)
 *   is a 422 naming that field, every bad field of a request at once; a note body, text over
 *   several lines, keeps its line breaks and tabs;
 * - the workspace's account form refuses the same, with the error beside the field (422);
 * - `marquee export` to a terminal never writes a raw ESC (or other control character): they are
 *   shown as visible symbols; to a pipe or a file the data is exported unchanged.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';
import { exportCsv } from '../../src/csv/export-csv.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, insertAccount, noteBody } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';
import { makeVenue } from '../helpers/oauth.js';
import { runCli } from '../helpers/processes.js';
import { fieldError, makeWorkspaceVenue, workspaceSession } from '../helpers/workspace-data.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
  contactDocument,
  created,
  type ErrorBody,
  pointers,
} from '../helpers/writes.js';

const CONTROL = 'Text here may not contain control characters.';
const ONE_LINE = 'This is one line of text: it may not contain line breaks.';
const BIDI = 'A name may not contain characters that change the direction of text.';

/** An account name an attacker stored before the rules (or by hand): it clears a terminal and retitles it. */
const HOSTILE_NAME = 'Evil \u001b[2J\u001b]0;pwned\u0007Ltd';
const HOSTILE_CITY = 'Bell\u0007ville\u007f';

/** The one error a refused write got, after checking it was one 422 naming `field`. */
function onlyError(response: { status: number; body: ErrorBody }, field: string) {
  assert.equal(response.status, 422, JSON.stringify(response.body));
  assert.deepEqual(pointers(response.body), [`/data/attributes/${field}`]);
  const [error] = response.body.errors;
  assert.equal(error!.status, '422');
  return error!;
}

eachDatabase((suite) => {
  let server: TestServer;
  let api: Api;
  let account: string;
  let booking: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    account = await created(api, '/v2/accounts', accountDocument({ name: 'Plain Name Ltd' }));
    booking = await created(api, '/v2/bookings', bookingDocument(account, { name: 'Plain gala' }));
  });
  after(() => server.close());

  it('refuses C0 control characters in booking, account and contact names, naming the field', async () => {
    for (const bad of ['Gala\u0007night', 'Gala\u001b[31mnight', 'Gala\u0001night', 'Gala\u007fnight']) {
      const refused = await api<ErrorBody>('/v2/bookings', {
        method: 'POST',
        body: bookingDocument(account, { name: bad }),
      });
      const error = onlyError(refused, 'name');
      assert.equal(error.detail, CONTROL);
      assert.equal(error.code, 'control_character');
    }
    const accountRefused = await api<ErrorBody>('/v2/accounts', {
      method: 'POST',
      body: accountDocument({ name: 'Acme\u0008 Ltd' }),
    });
    assert.equal(onlyError(accountRefused, 'name').detail, CONTROL);
    const contactRefused = await api<ErrorBody>('/v2/contacts', {
      method: 'POST',
      body: contactDocument({ first_name: 'Ada\u0007', last_name: 'Byron' }),
    });
    assert.equal(onlyError(contactRefused, 'first_name').detail, CONTROL);

    // A change is refused the same way, and changes nothing.
    const renamed = await api<ErrorBody>(`/v2/accounts/${account}`, {
      method: 'PATCH',
      body: { data: { type: 'accounts', id: account, attributes: { name: 'Plain\u0001Name' } } },
    });
    assert.equal(onlyError(renamed, 'name').detail, CONTROL);
    assert.equal((await api(`/v2/accounts/${account}`)).body.data.attributes.name, 'Plain Name Ltd');
  });

  it('refuses NUL in a name like any other control: a 422 naming the field, beside the other bad fields', async () => {
    for (const [path, body, field] of [
      ['/v2/bookings', bookingDocument(account, { name: 'Gala\u0000night' }), 'name'],
      ['/v2/accounts', accountDocument({ name: 'Acme\u0000 Ltd' }), 'name'],
      ['/v2/contacts', contactDocument({ first_name: 'Ada\u0000', last_name: 'Byron' }), 'first_name'],
    ] as const) {
      const refused = await api<ErrorBody>(path, { method: 'POST', body });
      assert.equal(onlyError(refused, field).detail, CONTROL, `${path}: ${JSON.stringify(refused.body)}`);
    }
    // Every bad field at once: the NUL does not hide the other one.
    const both = await api<ErrorBody>('/v2/accounts', {
      method: 'POST',
      body: accountDocument({ name: 'Acme\u0000 Ltd', city: 'Bell\u0007ville' }),
    });
    assert.equal(both.status, 422, JSON.stringify(both.body));
    assert.deepEqual(pointers(both.body).sort(), ['/data/attributes/city', '/data/attributes/name']);
  });

  it('refuses a line break inside a one-line field', async () => {
    for (const bad of ['Line one\nLine two', 'Line one\r\nLine two', 'Line one\u2028Line two']) {
      const refused = await api<ErrorBody>('/v2/accounts', {
        method: 'POST',
        body: accountDocument({ name: bad }),
      });
      assert.equal(onlyError(refused, 'name').detail, ONE_LINE, JSON.stringify(bad));
    }
    const bookingRefused = await api<ErrorBody>(`/v2/bookings/${booking}`, {
      method: 'PATCH',
      body: { data: { type: 'bookings', id: booking, attributes: { name: 'Summer\nparty' } } },
    });
    assert.equal(onlyError(bookingRefused, 'name').detail, ONE_LINE);
    const contactRefused = await api<ErrorBody>('/v2/contacts', {
      method: 'POST',
      body: contactDocument({ first_name: 'Ada', last_name: 'By\nron' }),
    });
    assert.equal(onlyError(contactRefused, 'last_name').detail, ONE_LINE);
  });

  it('keeps line breaks and tabs in a note body, and refuses other controls there', async () => {
    const text = 'Menu:\n\tstarters\r\n\tmains\n\nDoors at five.';
    const note = await api<{ data: { id: string; attributes: { body: string } } }>('/notes', {
      method: 'POST',
      body: noteBody('bookings', booking, text),
    });
    assert.equal(note.status, 201, JSON.stringify(note.body));
    const read = await api<{ data: { attributes: { body: string } } }>(`/notes/${note.body.data.id}`);
    assert.equal(read.body.data.attributes.body, text, 'stored as written');

    const refused = await api<ErrorBody>('/notes', {
      method: 'POST',
      body: noteBody('bookings', booking, 'Doors\u0007 at five'),
    });
    assert.equal(onlyError(refused, 'body').detail, CONTROL);
  });

  it('refuses a name with a bidirectional override or isolate', async () => {
    for (const bad of ['Invoice \u202Efdp.exe', 'Lumen \u2066Studios\u2069']) {
      const accountRefused = await api<ErrorBody>('/v2/accounts', {
        method: 'POST',
        body: accountDocument({ name: bad }),
      });
      assert.equal(onlyError(accountRefused, 'name').detail, BIDI);
    }
    const bookingRefused = await api<ErrorBody>('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(account, { name: 'Gala \u202Enoitpecer' }),
    });
    assert.equal(onlyError(bookingRefused, 'name').detail, BIDI);
    const contactRefused = await api<ErrorBody>('/v2/contacts', {
      method: 'POST',
      body: contactDocument({ first_name: '\u202EAda' }),
    });
    assert.equal(onlyError(contactRefused, 'first_name').detail, BIDI);
  });

  it('lists every bad text field of one request at once', async () => {
    const refused = await api<ErrorBody>('/v2/accounts', {
      method: 'POST',
      body: accountDocument({
        name: 'Acme \u202ELtd',
        city: 'Lon\u0002don',
        phone: '+44\n20 7946 0000',
        address_line1: '1 Quay\u001b[8m Street',
      }),
    });
    assert.equal(refused.status, 422);
    assert.deepEqual(pointers(refused.body).sort(), [
      '/data/attributes/address_line1',
      '/data/attributes/city',
      '/data/attributes/name',
      '/data/attributes/phone',
    ]);
    const detail = (field: string) =>
      refused.body.errors.find((e) => e.source?.pointer === `/data/attributes/${field}`)?.detail;
    assert.equal(detail('name'), BIDI);
    assert.equal(detail('city'), CONTROL);
    assert.equal(detail('phone'), ONE_LINE);
    assert.equal(detail('address_line1'), CONTROL);

    const bookingRefused = await api<ErrorBody>('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(account, {
        name: 'Gala\u0007',
        event_type: 'Dinner\ndance',
        end_at: '2027-06-01T17:00:00Z',
      }),
    });
    assert.equal(bookingRefused.status, 422);
    assert.deepEqual(pointers(bookingRefused.body).sort(), [
      '/data/attributes/end_at',
      '/data/attributes/event_type',
      '/data/attributes/name',
    ]);
  });

  it('refuses the same in the workspace account form, with the error beside each field', async () => {
    const venue = await makeWorkspaceVenue(suite.db, 'Controls Venue');
    const o = `/orgs/${venue.orgId}`;
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ name: 'Bell\u0007 Ltd' }, 'name', CONTROL],
      [{ name: 'Esc\u001b[2J Ltd' }, 'name', CONTROL],
      [{ name: 'Two\nLines Ltd' }, 'name', ONE_LINE],
      [{ name: 'Invoice \u202Efdp.exe' }, 'name', BIDI],
    ];
    for (const [fields, field, message] of cases) {
      const page = await session.request(`${o}/accounts`, { form: { _csrf: csrf, ...fields } });
      assert.equal(page.status, 422, `${JSON.stringify(fields)}: ${page.body.slice(0, 200)}`);
      assert.equal(fieldError(page.body, field), message);
    }
    const several = await session.request(`${o}/accounts`, {
      form: { _csrf: csrf, name: 'Fine Name', city: 'Lon\u0002don', phone: '+44\n1' },
    });
    assert.equal(several.status, 422);
    assert.equal(fieldError(several.body, 'city'), CONTROL);
    assert.equal(fieldError(several.body, 'phone'), ONE_LINE);
    assert.doesNotMatch(several.body, /id="field-name-error"/, 'the good name has no error');
    const count = await suite.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', venue.orgId)
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 1, 'no refused account was written');
  });

  it('refuses NUL in the workspace account form beside the field, keeping the form (422)', async () => {
    const venue = await makeWorkspaceVenue(suite.db, 'Nul Venue');
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const page = await session.request(`/orgs/${venue.orgId}/accounts`, {
      form: { _csrf: csrf, name: 'Nul\u0000 Ltd', city: 'Bell\u0007ville' },
    });
    assert.equal(page.status, 422, page.body.replace(/\s+/g, ' ').slice(-600));
    assert.equal(fieldError(page.body, 'name'), CONTROL);
    assert.equal(fieldError(page.body, 'city'), CONTROL);
  });

  it('exports control characters as visible symbols to a terminal, and unchanged otherwise', async () => {
    const org = (await makeOrganization(suite.db)).id;
    const at = '2027-01-01T00:00:00.000Z';
    await insertAccount(suite.db, { organizationId: org, name: HOSTILE_NAME, createdAt: at });
    await suite.db
      .updateTable('accounts')
      .set({ city: HOSTILE_CITY })
      .where('organization_id', '=', org)
      .execute();

    const exported = async (terminal: boolean) => {
      let text = '';
      const output = new Writable({
        write(chunk: Buffer, _encoding, done) {
          text += chunk.toString();
          done();
        },
      });
      const count = await exportCsv(suite.db, { organizationId: org, type: 'accounts', output, terminal });
      assert.equal(count, 1);
      return text;
    };

    const shown = await exported(true);
    assert.ok(!shown.includes('\u001b'), 'no raw ESC reaches a terminal');
    // eslint-disable-next-line no-control-regex -- the characters this test is about
    assert.doesNotMatch(shown, /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
    const [row] = parse(shown, { columns: true }) as Array<Record<string, string>>;
    assert.equal(row!.name, 'Evil \u241b[2J\u241b]0;pwned\u2407Ltd', 'each control shown as its picture');
    assert.equal(row!.city, 'Bell\u2407ville\u2421');

    const kept = await exported(false);
    const [same] = parse(kept, { columns: true }) as Array<Record<string, string>>;
    assert.equal(same!.name, HOSTILE_NAME, 'a file or pipe gets the data unchanged');
    assert.equal(same!.city, HOSTILE_CITY);
  });

  it('`marquee export` keeps the data to a pipe or a file, and shows it harmlessly to a terminal', async () => {
    const org = (await makeOrganization(suite.db)).id;
    await insertAccount(suite.db, {
      organizationId: org,
      name: HOSTILE_NAME,
      createdAt: '2027-01-01T00:00:00.000Z',
    });
    const env = suite.database.env;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'marquee-export-tty-'));
    try {
      const piped = await runCli(['export', '--org', org, '--type', 'accounts'], env);
      assert.equal(piped.code, 0, piped.stderr);
      const [pipedRow] = parse(piped.stdout, { columns: true }) as Array<Record<string, string>>;
      assert.equal(pipedRow!.name, HOSTILE_NAME, 'standard output that is a pipe gets the data unchanged');

      const file = path.join(dir, 'accounts.csv');
      const written = await runCli(['export', '--org', org, '--type', 'accounts', '--out', file], env);
      assert.equal(written.code, 0, written.stderr);
      const [fileRow] = parse(readFileSync(file, 'utf8'), { columns: true }) as Array<Record<string, string>>;
      assert.equal(fileRow!.name, HOSTILE_NAME, 'a file gets the data unchanged');

      // Standard output that says it is a terminal (isTTY, what the command reads).
      const preload = path.join(dir, 'stdout-is-a-terminal.mjs');
      writeFileSync(
        preload,
        "Object.defineProperty(process.stdout, 'isTTY', { value: true, configurable: true });\n",
      );
      const onTerminal = await runCli(['export', '--org', org, '--type', 'accounts'], {
        ...env,
        NODE_OPTIONS: `--import=${pathToFileURL(preload).href}`,
      });
      assert.equal(onTerminal.code, 0, onTerminal.stderr);
      assert.ok(!onTerminal.stdout.includes('\u001b'), 'no raw ESC is written to a terminal');
      assert.ok(!onTerminal.stdout.includes('\u0007'), 'no raw BEL is written to a terminal');
      const [shownRow] = parse(onTerminal.stdout, { columns: true }) as Array<Record<string, string>>;
      assert.equal(shownRow!.name, 'Evil \u241b[2J\u241b]0;pwned\u2407Ltd');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
