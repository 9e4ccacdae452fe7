/**
 * Settings → Catalogue (SPEC §12) over HTTP: every member reads the organization's items (name,
 * category, unit, unit price in its currency, service charge, active, tax rates) by category then
 * name; only its admins add, change and delete them, through the same commands and rules as
 * /v2/items: a price typed as people write money ("1.234,50", "85"), every bad field refused at
 * once beside it with what was typed kept, a save over a newer change a 412 that keeps what was
 * typed, a delete asked first; each change is seen through the API.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { updateOrganization } from '../../src/crm/organization/organization.commands.js';
import { write } from '../../src/writes/unit-of-work.js';
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

/** The list's rows, as words, in order. */
function rowsOf(body: string): string[] {
  const tbody = /<tbody>([\s\S]*?)<\/tbody>/.exec(body)?.[1] ?? '';
  return tbody
    .split('</tr>')
    .map((row) => text(row).trim())
    .filter(Boolean);
}

const checked = (body: string, name: string) =>
  new RegExp(`<input type="checkbox" id="field-${name}"[^>]*checked`).test(body);
/** Whether the form offers the tax rate `id`, and whether it is ticked. */
const offered = (body: string, id: string) => body.includes(`name="tax_rates" value="${id}"`);
const ticked = (body: string, id: string) => body.includes(`name="tax_rates" value="${id}" checked`);
const selected = (body: string, value: string) => body.includes(`<option value="${value}" selected>`);
const description = (body: string) =>
  /<textarea id="field-description"[^>]*>([^<]*)<\/textarea>/.exec(body)?.[1];

const item = (attributes: Record<string, unknown>, taxRates: string[] = []) => ({
  data: {
    type: 'items',
    attributes,
    relationships: { tax_rates: { data: taxRates.map((id) => ({ type: 'tax_rates', id })) } },
  },
});

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let settings: string;
  let admin: { session: BrowserSession; csrf: string };
  let api: Api;
  const rates: Record<string, string> = {};

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db, 'Catalogue Venue');
    // Prices in euros, so a price typed "1.234,50" means what it does in much of Europe.
    await write({ db: suite.db, clock: systemClock }, venue.actor, updateOrganization, {
      ifMatch: undefined,
      input: { currency: 'EUR' },
    });
    settings = `/orgs/${venue.orgId}/settings/catalogue`;
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
    for (const [name, percentage, inclusive, active] of [
      ['VAT', '20', true, true],
      ['City tax', '2', false, true],
      ['Old levy', '1', false, false],
    ] as const) {
      rates[name] = await created(api, '/v2/tax_rates', {
        data: { type: 'tax_rates', attributes: { name, percentage, inclusive, active } },
      });
    }
  });
  after(() => server.close());

  /** The items as /v2/items gives them, by name: [name, category, unit, unit_price, service_charge, active, tax rate ids]. */
  async function itemsOverApi() {
    const list = await api<Many>('/v2/items');
    assert.equal(list.status, 200, JSON.stringify(list.body));
    return list.body.data.map((r) => [
      r.attributes.name,
      r.attributes.category,
      r.attributes.unit,
      r.attributes.unit_price,
      r.attributes.service_charge,
      r.attributes.active,
      (r.relationships?.tax_rates?.data as Array<{ id: string }>).map((rate) => rate.id),
    ]);
  }

  async function attributesOf(id: string) {
    const one = await api(`/v2/items/${id}`);
    assert.equal(one.status, 200, JSON.stringify(one.body));
    return one.body.data.attributes;
  }

  const idOf = async (name: string) =>
    (
      await suite.db
        .selectFrom('items')
        .select('id')
        .where('organization_id', '=', venue.orgId)
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;

  it('lists the items by category then name to every member, with forms for admins only', async () => {
    const { VAT: vat, 'City tax': city, 'Old levy': old } = rates as Record<string, string>;
    await created(api, '/v2/items', item({ name: 'Projector', category: 'av', unit_price: 15000 }, [vat!]));
    await created(
      api,
      '/v2/items',
      item({ name: 'Room hire', category: 'rental', unit: 'flat', unit_price: 120000, active: false }, [
        old!,
      ]),
    );
    await created(
      api,
      '/v2/items',
      item(
        {
          name: 'Gold dinner menu',
          category: 'food',
          unit: 'per_person',
          unit_price: 8500,
          service_charge: true,
        },
        [vat!, city!],
      ),
    );
    await created(api, '/v2/items', item({ name: 'Canapés', category: 'food', unit_price: 350 }));
    const page = await admin.session.request(settings);
    assert.equal(page.status, 200, page.body);
    assert.match(page.body, /<a href="[^"]*\/settings\/catalogue" aria-current="page">Catalogue<\/a>/);
    assert.deepEqual(rowsOf(page.body), [
      'Canapés Food each €3.50 No Yes None',
      'Gold dinner menu Food per person €85.00 Yes Yes VAT, City tax',
      'Room hire Rental flat €1,200.00 No No Old levy',
      'Projector Audio-visual each €150.00 No Yes VAT',
    ]);
    const projector = await idOf('Projector');
    assert.ok(page.body.includes(`href="${settings}/${projector}"`), 'an item opens to be changed');
    assert.ok(page.body.includes(`<form method="post" action="${settings}"`), 'the add form');
    assert.ok(checked(page.body, 'active'), 'a new item is active unless unticked');
    assert.ok(!checked(page.body, 'service_charge'));
    assert.ok(offered(page.body, vat!) && offered(page.body, city!), 'the active rates are offered');
    assert.ok(!offered(page.body, old!), 'a rate no longer active is not offered for a new item');
    assert.ok(selected(page.body, 'each'), 'counted each unless chosen otherwise');

    const member = await workspaceSession(server, venue.member.email, venue.orgId);
    const theirs = await member.session.request(settings);
    assert.equal(theirs.status, 200, theirs.body);
    assert.deepEqual(rowsOf(theirs.body), rowsOf(page.body));
    assert.match(theirs.body, /aria-current="page">Catalogue<\/a>/);
    assert.ok(!theirs.body.includes('<form method="post" action="/orgs'), 'no form to write with');
    assert.ok(!theirs.body.includes(`${settings}/`), 'no link to change an item');
    assert.match(text(theirs.body), /Only administrators of the venue change its catalogue\./);

    // Whatever a member posts or opens to write is refused, and nothing changes.
    const typed = { _csrf: member.csrf, name: 'Sneaky', category: 'fee', unit: 'each', unit_price: '1' };
    for (const refused of [
      await member.session.request(settings, { form: typed }),
      await member.session.request(`${settings}/${projector}`),
      await member.session.request(`${settings}/${projector}`, { form: { ...typed, version: '"none"' } }),
      await member.session.request(`${settings}/${projector}/delete`),
      await member.session.request(`${settings}/${projector}/delete`, { form: { _csrf: member.csrf } }),
    ]) {
      assert.equal(refused.status, 403, refused.url);
      assert.match(refused.body, /Only organization admins may change items\./);
    }
    assert.equal((await itemsOverApi()).length, 4);
  });

  it('adds items with prices typed as people write money, and the API has them', async () => {
    const added = await admin.session.request(settings, {
      form: {
        _csrf: admin.csrf,
        name: 'Wedding package',
        description: 'Ceremony and dinner.\nBand until midnight.',
        category: 'other',
        unit: 'per_person',
        unit_price: '1.234,50',
        service_charge: 'yes',
        active: 'yes',
        tax_rates: [rates.VAT!, rates['City tax']!],
      },
    });
    assert.equal(added.status, 303, added.body);
    assert.equal(added.location, `${server.url}${settings}?notice=created`);
    const shown = await admin.session.request(added.location);
    assert.match(shown.body, /Item added\./);
    assert.ok(
      rowsOf(shown.body).includes('Wedding package Other per person €1,234.50 Yes Yes VAT, City tax'),
    );

    const hourly = await admin.session.request(settings, {
      form: { _csrf: admin.csrf, name: 'Technician', category: 'labor', unit: 'per_hour', unit_price: '85' },
    });
    assert.equal(hourly.status, 303, hourly.body);
    const listed = await itemsOverApi();
    assert.deepEqual(
      listed.find(([name]) => name === 'Wedding package'),
      ['Wedding package', 'other', 'per_person', 123450, true, true, [rates.VAT, rates['City tax']]],
    );
    // Unticked, Active is not sent: the item is kept but not offered.
    assert.deepEqual(
      listed.find(([name]) => name === 'Technician'),
      ['Technician', 'labor', 'per_hour', 8500, false, false, []],
    );
    const one = await attributesOf(await idOf('Wedding package'));
    assert.equal(one.description, 'Ceremony and dinner.\nBand until midnight.');
  });

  it('refuses every bad field of a new item at once, beside it, keeping what was typed', async () => {
    const refused = await admin.session.request(settings, {
      form: {
        _csrf: admin.csrf,
        name: ' ',
        description: 'Kept as typed',
        category: '',
        unit: 'per_guest',
        unit_price: '12,345.678',
        service_charge: 'yes',
        tax_rates: [rates['City tax']!, 'no-such-rate'],
      },
    });
    assert.equal(refused.status, 422);
    assert.equal(fieldError(refused.body, 'name'), 'An item needs a name, such as Gold dinner menu.');
    assert.equal(fieldError(refused.body, 'category'), 'An item needs a category, such as food or rental.');
    assert.match(fieldError(refused.body, 'unit'), /^Choose how it is counted/);
    assert.match(
      fieldError(refused.body, 'unit_price'),
      /EUR amounts have at most 2 decimals; "12,345\.678" has 3\./,
    );
    assert.match(fieldError(refused.body, 'tax_rates'), /No tax rate with the id "no-such-rate"/);
    assert.equal(inputValue(refused.body, 'unit_price'), '12,345.678');
    assert.equal(description(refused.body), 'Kept as typed');
    assert.ok(checked(refused.body, 'service_charge'), 'ticked as it was');
    assert.ok(!checked(refused.body, 'active'), 'unticked as it was');
    assert.ok(ticked(refused.body, rates['City tax']!) && !ticked(refused.body, rates.VAT!));

    const blank = await admin.session.request(settings, {
      form: { _csrf: admin.csrf, name: 'Gala levy', category: 'fee', unit: 'flat', unit_price: '' },
    });
    assert.equal(blank.status, 422);
    assert.equal(
      fieldError(blank.body, 'unit_price'),
      'An item needs a unit price, such as 85 (0 for none).',
    );
    assert.equal(inputValue(blank.body, 'name'), 'Gala levy');
    assert.ok(selected(blank.body, 'fee') && selected(blank.body, 'flat'));

    const huge = await admin.session.request(settings, {
      form: {
        _csrf: admin.csrf,
        name: 'Gala levy',
        category: 'fee',
        unit: 'flat',
        unit_price: '5 000 000 000',
      },
    });
    assert.equal(huge.status, 422);
    assert.match(fieldError(huge.body, 'unit_price'), /A unit price is at most 100000000000 minor units/);

    const unguarded = await admin.session.request(settings, {
      form: { name: 'Gala levy', category: 'fee', unit: 'flat', unit_price: '1' },
    });
    assert.equal(unguarded.status, 403, 'a form without its CSRF token');
    assert.match(unguarded.body, /This form has expired/);
    assert.equal((await itemsOverApi()).length, 6, 'nothing more was written');
  });

  it('changes an item and its tax rates on its own page, refusing a bad field and keeping a save over a newer change', async () => {
    const id = await idOf('Room hire');
    const path = `${settings}/${id}`;
    const form = await admin.session.request(path);
    assert.equal(form.status, 200, form.body);
    assert.equal(inputValue(form.body, 'unit_price'), '1200.00');
    assert.ok(selected(form.body, 'rental') && selected(form.body, 'flat'));
    assert.ok(!checked(form.body, 'active') && !checked(form.body, 'service_charge'));
    assert.ok(ticked(form.body, rates['Old levy']!), 'a rate it carries is offered, though no longer active');
    assert.ok(offered(form.body, rates.VAT!) && !ticked(form.body, rates.VAT!));

    const typed = {
      _csrf: admin.csrf,
      name: 'Room hire',
      description: '',
      category: 'rental',
      unit: 'per_hour',
      unit_price: '',
      active: 'yes',
      tax_rates: [rates.VAT!],
    };
    const refused = await admin.session.request(path, { form: { ...typed, version: versionIn(form.body) } });
    assert.equal(refused.status, 422);
    assert.equal(
      fieldError(refused.body, 'unit_price'),
      'An item needs a unit price, such as 85 (0 for none).',
    );
    assert.ok(ticked(refused.body, rates.VAT!) && !ticked(refused.body, rates['Old levy']!));
    assert.ok(offered(refused.body, rates['Old levy']!), 'still offered, to tick again');

    const saved = await admin.session.request(path, {
      form: { ...typed, unit_price: '250', version: versionIn(refused.body) },
    });
    assert.equal(saved.status, 303, saved.body);
    assert.equal(saved.location, `${server.url}${settings}?notice=saved`);
    const after = (await itemsOverApi()).find(([name]) => name === 'Room hire');
    assert.deepEqual(after, ['Room hire', 'rental', 'per_hour', 25000, false, true, [rates.VAT]]);

    const opened = await admin.session.request(path);
    const moved = await api(`/v2/items/${id}`, {
      method: 'PATCH',
      body: changeDocument('items', id, { unit_price: 9000 }),
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    const mine = { ...typed, unit_price: '300', tax_rates: [rates.VAT!, rates['City tax']!] };
    const stale = await admin.session.request(path, { form: { ...mine, version: versionIn(opened.body) } });
    assert.equal(stale.status, 412);
    assert.match(stale.body, /This changed while you were looking at it/);
    assert.match(stale.body, /<li>Unit price: €90\.00<\/li>/);
    assert.match(stale.body, /<li>Tax rates: VAT<\/li>/);
    assert.equal(inputValue(stale.body, 'unit_price'), '300', 'what was typed stays');
    assert.ok(ticked(stale.body, rates['City tax']!));
    assert.equal((await attributesOf(id)).unit_price, 9000);
    const again = await admin.session.request(path, { form: { ...mine, version: versionIn(stale.body) } });
    assert.equal(again.status, 303, again.body);
    assert.deepEqual(
      (await itemsOverApi()).find(([name]) => name === 'Room hire'),
      ['Room hire', 'rental', 'per_hour', 30000, false, true, [rates.VAT, rates['City tax']]],
    );
  });

  it('deletes an item once asked, and the API no longer finds it', async () => {
    const id = await idOf('Projector');
    const action = `${settings}/${id}/delete`;
    const confirm = await admin.session.request(action);
    assert.equal(confirm.status, 200);
    assert.match(text(confirm.body), /Delete the item Projector\?/);
    const deleted = await admin.session.request(action, { form: formFields(confirm.body, action) });
    assert.equal(deleted.status, 303, deleted.body);
    assert.equal(deleted.location, `${server.url}${settings}?notice=deleted`);
    const shown = await admin.session.request(deleted.location);
    assert.match(shown.body, /Item deleted\./);
    assert.ok(!rowsOf(shown.body).some((row) => row.startsWith('Projector')));
    assert.equal((await api(`/v2/items/${id}`)).status, 404);
  });
});
