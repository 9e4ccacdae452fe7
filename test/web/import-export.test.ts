/**
 * Settings → Import and export over HTTP: a CSV file checked first (nothing written, each problem
 * by row, column and reason), then imported by the path `marquee import` takes; a file over
 * IMPORT_MAX_BYTES refused beside the field; every export downloaded as CSV with its filename;
 * admins only, and the form's CSRF token required.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { inputValue } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeWorkspaceVenue, type WorkspaceVenue, workspaceSession } from '../helpers/workspace-data.js';

const text = (body: string) =>
  body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let path: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0', IMPORT_MAX_BYTES: '4096' });
    venue = await makeWorkspaceVenue(suite.db, 'Import Venue');
    path = `/orgs/${venue.orgId}/settings/import-export`;
  });
  after(() => server.close());

  /** Posts the form as a browser does: multipart, the CSRF token first, then the type, mode and file. */
  const upload = async (
    email: string,
    fields: { type: string; mode: string; csv: string; csrf?: string },
  ) => {
    const { session } = await workspaceSession(server, email, venue.orgId);
    const page = await session.request(path);
    const form = new FormData();
    form.append('_csrf', fields.csrf ?? inputValue(page.body, '_csrf') ?? '');
    form.append('type', fields.type);
    form.append('mode', fields.mode);
    form.append('file', new Blob([fields.csv], { type: 'text/csv' }), 'file.csv');
    // The bytes and boundary a browser would send.
    const encoded = new Request('http://localhost/', { method: 'POST', body: form });
    const response = await server.fetch(`${server.url}${path}/import`, {
      method: 'POST',
      headers: { cookie: session.cookieHeader(), 'content-type': encoded.headers.get('content-type')! },
      body: await encoded.arrayBuffer(),
      redirect: 'manual',
    });
    return { status: response.status, body: await response.text() };
  };
  const accountNames = async () =>
    (
      await suite.db
        .selectFrom('accounts')
        .select('name')
        .where('organization_id', '=', venue.orgId)
        .where('name', 'like', 'Imported %')
        .orderBy('name')
        .execute()
    ).map((a) => a.name);

  it('checks a file first, listing each problem by row and column, and writes nothing', async () => {
    const csv =
      'name,email\nImported Lumen,hello@lumen.co.uk\n,nobody@lumen.co.uk\nImported Quay,not-an-address\n';
    const checked = await upload(venue.admin.email, { type: 'accounts', mode: 'check', csv });
    assert.equal(checked.status, 422, checked.body.slice(0, 300));
    const words = text(checked.body);
    assert.match(words, /Nothing was imported: the file has 2 problems/);
    assert.match(words, /Row Column Problem 3 name [^]*4 email /);
    assert.deepEqual(await accountNames(), []);
    const imported = await upload(venue.admin.email, { type: 'accounts', mode: 'import', csv });
    assert.equal(imported.status, 422, 'the real run refuses the same file, all rows or none');
    assert.deepEqual(await accountNames(), []);
  });

  it('imports a good file after its check', async () => {
    const csv = 'name,email\nImported Lumen,hello@lumen.co.uk\nImported Quay,events@quay.co.uk\n';
    const checked = await upload(venue.admin.email, { type: 'accounts', mode: 'check', csv });
    assert.equal(checked.status, 200, checked.body.slice(0, 300));
    assert.match(text(checked.body), /2 accounts are valid\. Nothing was written: this was a check\./);
    assert.deepEqual(await accountNames(), []);
    const imported = await upload(venue.admin.email, { type: 'accounts', mode: 'import', csv });
    assert.equal(imported.status, 200);
    assert.match(text(imported.body), /Imported 2 accounts\./);
    assert.deepEqual(await accountNames(), ['Imported Lumen', 'Imported Quay']);
  });

  it('refuses a file over IMPORT_MAX_BYTES, or one it cannot read, beside the field', async () => {
    const big = `name\n${Array.from({ length: 400 }, (_, i) => `Imported big ${i}`).join('\n')}\n`;
    const refused = await upload(venue.admin.email, { type: 'accounts', mode: 'check', csv: big });
    assert.equal(refused.status, 422);
    assert.match(
      text(refused.body),
      /File ?: The file is larger than the 4 KB an import takes \(IMPORT_MAX_BYTES\)/,
    );
    const header = await upload(venue.admin.email, { type: 'accounts', mode: 'check', csv: 'nmae\nX\n' });
    assert.equal(header.status, 422);
    assert.match(text(header.body), /File ?: Unknown column "nmae"/);
  });

  it('downloads every export as CSV with its filename', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const page = await session.request(path);
    for (const type of ['accounts', 'contacts', 'bookings', 'events', 'line_items', 'payments']) {
      assert.match(page.body, new RegExp(`href="${path}/export/${type}\\.csv" download`));
    }
    const accounts = await session.request(`${path}/export/accounts.csv`);
    assert.equal(accounts.status, 200);
    assert.equal(accounts.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.match(
      accounts.headers.get('content-disposition') ?? '',
      /^attachment; filename="accounts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    assert.match(accounts.body, /^id,name,/);
    assert.match(accounts.body, /Imported Lumen/);
    const bookings = await session.request(`${path}/export/bookings.csv`);
    assert.match(bookings.body, /^id,reference,/);
    assert.equal((await session.request(`${path}/export/secrets.csv`)).status, 404);
  });

  it('is for admins only, and a forged form is refused', async () => {
    const { session } = await workspaceSession(server, venue.member.email, venue.orgId);
    assert.equal((await session.request(path)).status, 403);
    assert.equal((await session.request(`${path}/export/accounts.csv`)).status, 403);
    const forged = await upload(venue.admin.email, {
      type: 'accounts',
      mode: 'import',
      csv: 'name\nImported forged\n',
      csrf: 'forged',
    });
    assert.equal(forged.status, 403);
    assert.ok(!(await accountNames()).includes('Imported forged'));
  });
});
