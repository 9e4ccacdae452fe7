/**
 * The workspace's lists with a venue's own fields (SPEC §19 "list columns and list filters"), on
 * both databases: bookings, contacts and accounts show the fields asked for as columns (values in
 * words) and keep to the records one filter on a field matches, the state in the query string of
 * a GET form; the filter is read by the API's parser, so an operator the type lacks or an
 * undefined key is refused in the API's words, and the list says the filter was not applied.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { createAccount } from '../../src/crm/accounts/index.js';
import { createContact } from '../../src/crm/contacts/index.js';
import { createCustomField } from '../../src/crm/custom-field-definitions/custom-field.commands.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  addBooking,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

const text = (body: string) =>
  body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
/** The names a list's rows link to, in order. */
const rowNames = (body: string, kind: string) =>
  [
    ...body.matchAll(
      new RegExp(
        `<a (?:href="[^"]*/${kind}/[^"/?]+"[^>]*class="strong"|class="strong" href="[^"]*/${kind}/[^"/?]+")>([^<]+)</a>`,
        'g',
      ),
    ),
  ].map((m) => m[1]);

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  const run = <I, R>(command: Parameters<typeof write<I, R>>[2], input: I) =>
    write({ db: suite.db, clock: systemClock }, venue.actor, command, input);
  const values = (table: 'bookings' | 'contacts' | 'accounts', id: string, custom: object) =>
    suite.db
      .updateTable(table)
      .set({ custom_fields: JSON.stringify(custom) })
      .where('id', '=', id)
      .execute();

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db);
    o = `/orgs/${venue.orgId}`;
    const options = [
      { value: 'web', label: 'Website' },
      { value: 'friend', label: 'A friend' },
    ];
    await run(createCustomField, {
      record_type: 'bookings',
      key: 'how_heard',
      label: 'How they heard',
      field_type: 'select',
      options,
    });
    await run(createCustomField, {
      record_type: 'bookings',
      key: 'budget',
      label: 'Budget',
      field_type: 'number',
    });
    await run(createCustomField, {
      record_type: 'contacts',
      key: 'nickname',
      label: 'Nickname',
      field_type: 'text',
    });
    await run(createCustomField, {
      record_type: 'contacts',
      key: 'vip',
      label: 'VIP',
      field_type: 'boolean',
    });
    await run(createCustomField, {
      record_type: 'accounts',
      key: 'credit',
      label: 'Credit limit',
      field_type: 'money',
    });
    const gala = await addBooking(suite.db, venue.actor, {
      name: 'Harbour gala',
      status: 'lead',
      start_at: '2026-12-01T18:00:00Z',
      end_at: '2026-12-01T23:00:00Z',
      timezone: 'Europe/London',
      accountId: venue.accountId,
    });
    await values('bookings', gala.id, { how_heard: 'web', budget: 1250.5 });
    await values('bookings', venue.bookingId, { how_heard: 'friend' });
    const grace = await run(createContact, { first_name: 'Grace', last_name: 'Hopper' });
    await values('contacts', grace.id, { nickname: 'Amazing Grace', vip: true });
    await values('contacts', venue.contactId, { nickname: 'Ada' });
    const big = await run(createAccount, { name: 'Big Co' });
    await values('accounts', big.id, { credit: 5_000_000 });
    await values('accounts', venue.accountId, { credit: 20_000 });
  });
  after(() => server.close());

  it('shows bookings’ fields as columns and keeps to the bookings a filter matches', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const all = await session.request(`${o}/bookings?from=all&show=how_heard&show=budget`);
    assert.equal(all.status, 200);
    assert.match(all.body, /<th scope="col">How they heard<\/th><th scope="col">Budget<\/th>/);
    assert.match(text(all.body), /Harbour gala .* Website 1250\.5/);
    assert.deepEqual(rowNames(all.body, 'bookings').sort(), ['Harbour gala', 'Lumen summer party']);
    const web = await session.request(
      `${o}/bookings?from=all&show=how_heard&cf=how_heard&op=eq&value=friend`,
    );
    assert.equal(web.status, 200);
    assert.deepEqual(rowNames(web.body, 'bookings'), ['Lumen summer party']);
    assert.match(
      web.body,
      /<option value="how_heard" selected>How they heard<\/option>/,
      'the form keeps its state',
    );
    assert.match(web.body, /name="show" value="how_heard" checked/);
    // Every date stays asked for: by the filter form, and by the status tabs' links.
    assert.match(web.body, /<input type="hidden" name="from" value="all"/);
    assert.match(web.body, /href="[^"]*\/bookings\?[^"]*from=all[^"]*status=lead/);
    const more = await session.request(`${o}/bookings?from=all&cf=budget&op=gt&value=1000`);
    assert.deepEqual(rowNames(more.body, 'bookings'), ['Harbour gala']);
    const empty = await session.request(`${o}/bookings?from=all&cf=budget&op=null`);
    assert.deepEqual(rowNames(empty.body, 'bookings'), ['Lumen summer party']);
    const tab = /<a href="([^"]+)"[^>]*>Lead<\/a>/.exec(web.body)?.[1] ?? '';
    assert.match(
      tab.replace(/&amp;/g, '&'),
      /cf=how_heard&op=eq&value=friend/,
      'the status tabs keep the filter',
    );
  });

  it('refuses an operator the type lacks and an undefined key in the API’s words', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const op = await session.request(`${o}/bookings?from=all&cf=how_heard&op=contains&value=we`);
    assert.equal(op.status, 400);
    assert.match(
      text(op.body),
      /This filter was not applied: A select field takes eq, not_eq, in, not_in, null, not_null\./,
    );
    const key = await session.request(`${o}/contacts?cf=nope&op=eq&value=x`);
    assert.equal(key.status, 400);
    assert.match(text(key.body), /This filter was not applied: No custom field has the key "nope"\./);
    const value = await session.request(`${o}/accounts?cf=credit&op=gt&value=lots`);
    assert.equal(value.status, 400);
    assert.match(text(value.body), /"lots" is not a whole number of minor units\./);
  });

  it('filters and shows contacts’ and accounts’ fields', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const grace = await session.request(`${o}/contacts?show=nickname&cf=nickname&op=contains&value=GRACE`);
    assert.equal(grace.status, 200);
    assert.deepEqual(rowNames(grace.body, 'contacts'), ['Grace Hopper']);
    assert.match(text(grace.body), /Grace Hopper .*Amazing Grace/);
    const rich = await session.request(`${o}/accounts?show=credit&cf=credit&op=gteq&value=1000000`);
    assert.equal(rich.status, 200);
    assert.deepEqual(rowNames(rich.body, 'accounts'), ['Big Co']);
    assert.match(text(rich.body), /Credit limit/);
    assert.match(text(rich.body), /£50,000\.00/);
  });

  it('offers a select field’s options, and yes or no for a yes/no field, as the filter’s value', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const heard = await session.request(`${o}/bookings?from=all&cf=how_heard&op=eq&value=friend`);
    assert.equal(heard.status, 200);
    const choice = /<select id="cf-value" name="value"[^>]*>(.*?)<\/select>/s.exec(heard.body)?.[1] ?? '';
    assert.deepEqual(
      [...choice.matchAll(/<option value="([^"]*)"\s*(selected)?>([^<]+)<\/option>/g)].map((m) => [
        m[1],
        m[3],
        !!m[2],
      ]),
      [
        ['', 'Choose…', false],
        ['web', 'Website', false],
        ['friend', 'A friend', true],
      ],
    );
    assert.doesNotMatch(heard.body, /<input id="cf-value"/);

    const vip = await session.request(`${o}/contacts?cf=vip&op=eq&value=true`);
    assert.equal(vip.status, 200);
    assert.deepEqual(rowNames(vip.body, 'contacts'), ['Grace Hopper']);
    const yesNo = /<select id="cf-value" name="value"[^>]*>(.*?)<\/select>/s.exec(vip.body)?.[1] ?? '';
    assert.deepEqual(
      [...yesNo.matchAll(/<option value="([^"]*)"\s*(selected)?>([^<]+)<\/option>/g)].map((m) => [
        m[1],
        m[3],
        !!m[2],
      ]),
      [
        ['', 'Choose…', false],
        ['true', 'Yes', true],
        ['false', 'No', false],
      ],
    );
    // Other types keep a text box.
    const budget = await session.request(`${o}/bookings?from=all&cf=budget&op=gt&value=1000`);
    assert.match(budget.body, /<input id="cf-value" name="value" type="text" value="1000"/);
  });

  it('offers a field’s choices as soon as it is picked: by the list’s script, or without it by “Offer its choices”', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const page = await session.request(`${o}/bookings?from=all`);
    assert.equal(page.status, 200);
    // Every value control the script may swap in, as inert templates: a select's options, a
    // yes/no's (contacts' vip), a text box for the other types; none carries the live control's id.
    const templates = [...page.body.matchAll(/<template data-cf-choices="([^"]*)">(.*?)<\/template>/gs)].map(
      (m) => [m[1], [...m[2]!.matchAll(/<option value="([^"]*)"/g)].map((o) => o[1])],
    );
    assert.deepEqual(templates, [
      ['', []],
      ['how_heard', ['', 'web', 'friend']],
    ]);
    assert.doesNotMatch(page.body, /<template[^>]*>[^]*?id="cf-value"[^]*?<\/template>/);
    const contacts = await session.request(`${o}/contacts`);
    assert.match(
      contacts.body,
      /<template data-cf-choices="vip"><select name="value"[^>]*><option value="">Choose…<\/option><option value="true" >Yes<\/option><option value="false" >No<\/option><\/select><\/template>/,
    );
    const script = /<script src="(\/assets\/custom-list-[0-9a-f]+\.js)" defer><\/script>/.exec(
      page.body,
    )?.[1];
    assert.ok(script, 'the list loads its script from /assets (no inline script)');
    const served = await session.request(script);
    assert.equal(served.status, 200);
    assert.match(served.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.match(served.body, /data-cf-choices/);

    // Without the script: “Offer its choices” redraws the form for the field picked, applying nothing.
    assert.match(
      page.body,
      /<button type="submit" name="pick" value="1" class="secondary pick">Offer its choices<\/button>/,
    );
    const picked = await session.request(`${o}/bookings?from=all&cf=how_heard&op=eq&value=&pick=1`);
    assert.equal(picked.status, 200);
    assert.doesNotMatch(text(picked.body), /not applied/);
    assert.deepEqual(rowNames(picked.body, 'bookings').sort(), ['Harbour gala', 'Lumen summer party']);
    const choice = /<select id="cf-value" name="value"[^>]*>(.*?)<\/select>/s.exec(picked.body)?.[1] ?? '';
    assert.deepEqual(
      [...choice.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]),
      ['', 'web', 'friend'],
    );
    // The state its links keep does not carry the pick.
    assert.doesNotMatch(picked.body, /pick=1/);
  });
});
