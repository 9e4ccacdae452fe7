/**
 * Settings → Tax rates (SPEC §12) over HTTP: every member reads the organization's rates (name,
 * percentage, inclusive, active), only its admins add, change and delete them, through the same
 * commands and rules as /v2/tax_rates: every bad field refused at once beside it with what was
 * typed kept, "18,5" read as 18.5, a save over a newer change a 412 that keeps what was typed, a
 * delete asked first; each change is seen through the API.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { type BrowserSession, formFields, inputValue } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeIntegration } from '../helpers/factories.js';
import { postForm } from '../helpers/oauth.js';
import {
  fieldError,
  makeWorkspaceVenue,
  versionIn,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';
import { type Api, apiFor, changeDocument, created, type Many } from '../helpers/writes.js';

const text = (body: string) =>
  body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The list's row of the rate named `name`, as words. */
function rowOf(body: string, name: string): string {
  const row = body.split('<tr>').find((part) => part.includes(`>${name}</`));
  assert.ok(row, `the list shows ${name}`);
  return text(row.slice(0, row.indexOf('</tr>'))).trim();
}

const checked = (body: string, name: string) =>
  new RegExp(`<input type="checkbox" id="field-${name}"[^>]*checked`).test(body);

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let settings: string;
  let admin: { session: BrowserSession; csrf: string };
  let api: Api;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db, 'Tax Rate Venue');
    settings = `/orgs/${venue.orgId}/settings/tax-rates`;
    admin = await workspaceSession(server, venue.admin.email, venue.orgId);
    const app = await makeIntegration(suite.db, {
      organizationId: venue.orgId,
      kind: 'private',
      ownerEmail: venue.admin.email,
      redirectUris: [],
    });
    const token = await postForm(server, '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: app.integration.clientId,
      client_secret: app.clientSecret,
    });
    assert.equal(token.status, 200, JSON.stringify(token.body));
    api = apiFor(server, String(token.body.access_token), venue.orgId);
  });
  after(() => server.close());

  /** The rates as /v2/tax_rates gives them: [name, percentage, inclusive, active], by name. */
  async function ratesOverApi() {
    const list = await api<Many>('/v2/tax_rates');
    assert.equal(list.status, 200, JSON.stringify(list.body));
    return list.body.data.map((r) => [
      r.attributes.name,
      r.attributes.percentage,
      r.attributes.inclusive,
      r.attributes.active,
    ]);
  }

  const idOf = async (name: string) =>
    (
      await suite.db
        .selectFrom('tax_rates')
        .select('id')
        .where('organization_id', '=', venue.orgId)
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;

  it('lists the rates to every member, with forms for admins only', async () => {
    await created(api, '/v2/tax_rates', {
      data: { type: 'tax_rates', attributes: { name: 'NY sales tax', percentage: '8.875' } },
    });
    await created(api, '/v2/tax_rates', {
      data: {
        type: 'tax_rates',
        attributes: { name: 'VAT', percentage: '20', inclusive: true, active: false },
      },
    });
    const page = await admin.session.request(settings);
    assert.equal(page.status, 200, page.body);
    assert.match(page.body, /<a href="[^"]*\/settings\/tax-rates" aria-current="page">Tax rates<\/a>/);
    assert.equal(rowOf(page.body, 'NY sales tax'), 'NY sales tax 8.875% No Yes');
    assert.equal(rowOf(page.body, 'VAT'), 'VAT 20% Yes No');
    const vat = await idOf('VAT');
    assert.ok(page.body.includes(`href="${settings}/${vat}"`), 'a rate opens to be changed');
    assert.ok(page.body.includes(`<form method="post" action="${settings}"`), 'the add form');
    assert.ok(checked(page.body, 'active'), 'a new rate is active unless unticked');
    assert.ok(!checked(page.body, 'inclusive'));

    const member = await workspaceSession(server, venue.member.email, venue.orgId);
    const theirs = await member.session.request(settings);
    assert.equal(theirs.status, 200, theirs.body);
    assert.equal(rowOf(theirs.body, 'VAT'), 'VAT 20% Yes No');
    assert.match(theirs.body, /aria-current="page">Tax rates<\/a>/);
    assert.ok(!theirs.body.includes('<form method="post" action="/orgs'), 'no form to write with');
    assert.ok(!theirs.body.includes(`${settings}/`), 'no link to change a rate');
    assert.match(text(theirs.body), /Only administrators of the venue change its tax rates\./);

    // Whatever a member posts or opens to write is refused, and nothing changes.
    const typed = { _csrf: member.csrf, name: 'Sneaky', percentage: '1', active: 'yes' };
    for (const refused of [
      await member.session.request(settings, { form: typed }),
      await member.session.request(`${settings}/${vat}`),
      await member.session.request(`${settings}/${vat}`, { form: { ...typed, version: '"none"' } }),
      await member.session.request(`${settings}/${vat}/delete`),
      await member.session.request(`${settings}/${vat}/delete`, { form: { _csrf: member.csrf } }),
    ]) {
      assert.equal(refused.status, 403, refused.url);
      assert.match(refused.body, /Only organization admins may change tax rates\./);
    }
    assert.deepEqual(await ratesOverApi(), [
      ['NY sales tax', '8.875', false, true],
      ['VAT', '20', true, false],
    ]);
  });

  it('adds a rate, reading 18,5 as 18.5, and the API has it', async () => {
    const added = await admin.session.request(settings, {
      form: { _csrf: admin.csrf, name: 'City tax', percentage: '18,5', inclusive: 'yes', active: 'yes' },
    });
    assert.equal(added.status, 303, added.body);
    assert.equal(added.location, `${server.url}${settings}?notice=created`);
    const shown = await admin.session.request(added.location);
    assert.match(shown.body, /Tax rate added\./);
    assert.equal(rowOf(shown.body, 'City tax'), 'City tax 18.5% Yes Yes');
    assert.deepEqual((await ratesOverApi())[0], ['City tax', '18.5', true, true]);
  });

  it('refuses every bad field of a new rate at once, beside it, keeping what was typed', async () => {
    const refused = await admin.session.request(settings, {
      form: { _csrf: admin.csrf, name: 'vat', percentage: '150', inclusive: 'yes' },
    });
    assert.equal(refused.status, 422);
    assert.equal(fieldError(refused.body, 'name'), 'There is a tax rate "vat" already.');
    assert.match(fieldError(refused.body, 'percentage'), /"150" is not a percentage from 0 to 100/);
    assert.equal(inputValue(refused.body, 'name'), 'vat');
    assert.equal(inputValue(refused.body, 'percentage'), '150');
    assert.ok(checked(refused.body, 'inclusive'), 'ticked as it was');
    assert.ok(!checked(refused.body, 'active'), 'unticked as it was');

    const blank = await admin.session.request(settings, {
      form: { _csrf: admin.csrf, name: ' ', percentage: '' },
    });
    assert.equal(blank.status, 422);
    assert.equal(fieldError(blank.body, 'name'), 'A tax rate needs a name, such as VAT.');
    assert.equal(fieldError(blank.body, 'percentage'), 'A tax rate needs a percentage, such as 8.875.');

    const unguarded = await admin.session.request(settings, { form: { name: 'Gala levy', percentage: '1' } });
    assert.equal(unguarded.status, 403, 'a form without its CSRF token');
    assert.match(unguarded.body, /This form has expired/);
    assert.equal((await ratesOverApi()).length, 3, 'nothing more was written');
  });

  it('changes a rate on its own page, refusing a bad field and keeping a save over a newer change', async () => {
    const id = await idOf('NY sales tax');
    const path = `${settings}/${id}`;
    const form = await admin.session.request(path);
    assert.equal(form.status, 200, form.body);
    assert.equal(inputValue(form.body, 'percentage'), '8.875');
    assert.ok(checked(form.body, 'active') && !checked(form.body, 'inclusive'));

    const refused = await admin.session.request(path, {
      form: { _csrf: admin.csrf, version: versionIn(form.body), name: 'NY sales tax', percentage: ' ' },
    });
    assert.equal(refused.status, 422);
    assert.equal(fieldError(refused.body, 'percentage'), 'A tax rate needs a percentage, such as 8.875.');

    // Unticked, Active is not sent: the rate is kept but no longer offered.
    const saved = await admin.session.request(path, {
      form: { _csrf: admin.csrf, version: versionIn(refused.body), name: 'NY sales tax', percentage: '8,5' },
    });
    assert.equal(saved.status, 303, saved.body);
    assert.equal(saved.location, `${server.url}${settings}?notice=saved`);
    assert.deepEqual((await ratesOverApi())[1], ['NY sales tax', '8.5', false, false]);

    const opened = await admin.session.request(path);
    const moved = await api(`/v2/tax_rates/${id}`, {
      method: 'PATCH',
      body: changeDocument('tax_rates', id, { percentage: '9' }),
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    const typed = { _csrf: admin.csrf, name: 'NY sales tax', percentage: '10', active: 'yes' };
    const stale = await admin.session.request(path, { form: { ...typed, version: versionIn(opened.body) } });
    assert.equal(stale.status, 412);
    assert.match(stale.body, /This changed while you were looking at it/);
    assert.match(stale.body, /<li>Percentage: 9<\/li>/);
    assert.equal(inputValue(stale.body, 'percentage'), '10', 'what was typed stays');
    assert.deepEqual((await ratesOverApi())[1], ['NY sales tax', '9', false, false]);
    const again = await admin.session.request(path, { form: { ...typed, version: versionIn(stale.body) } });
    assert.equal(again.status, 303, again.body);
    assert.deepEqual((await ratesOverApi())[1], ['NY sales tax', '10', false, true]);
  });

  it('deletes a rate once asked, and the API no longer finds it', async () => {
    const id = await idOf('City tax');
    const action = `${settings}/${id}/delete`;
    const confirm = await admin.session.request(action);
    assert.equal(confirm.status, 200);
    assert.match(text(confirm.body), /Delete the tax rate City tax\?/);
    const deleted = await admin.session.request(action, { form: formFields(confirm.body, action) });
    assert.equal(deleted.status, 303, deleted.body);
    assert.equal(deleted.location, `${server.url}${settings}?notice=deleted`);
    const shown = await admin.session.request(deleted.location);
    assert.match(shown.body, /Tax rate deleted\./);
    assert.ok(!shown.body.includes('City tax'));
    assert.equal((await api(`/v2/tax_rates/${id}`)).status, 404);
  });
});
