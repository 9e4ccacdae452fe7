/**
 * One rule, one sentence, at every door: each field rule of venue data refuses the same input with
 * the same message through the API (its error object), the staff forms (the message under the
 * field) and the CSV import (the row's problem in that column), because each door reads its input
 * and calls the same rule (src/crm/*-rules.ts). And a double booking names the same clashing
 * booking at all three, though the clash could be told by the one that starts first or ends first.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import type { BrowserSession } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { fieldError, workspaceSession } from '../helpers/workspace-data.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
  contactDocument,
  created,
  type ErrorBody,
  spaceDocument,
} from '../helpers/writes.js';
import { csvFile, importJson } from '../csv/csv-fixtures.js';

const UNKNOWN = '01zzzzzzzzzzzzzzzzzzzzzzzz';

/** One refused input as each door takes it, and where each door tells of it. */
interface Case {
  rule: string;
  api: { attributes?: Record<string, unknown>; relationships?: Record<string, unknown> };
  form: Record<string, string | string[]>;
  /** null: the import takes what the API and the form refuse (a closed booking's history moves, SPEC §10). */
  csv: Record<string, string> | null;
  /** The form field, the JSON pointer and the CSV column the message is told at. */
  field: string;
  pointer: string;
  column: string;
}

const attribute = (name: string) => `/data/attributes/${name}`;
const relationship = (name: string) => `/data/relationships/${name}/data`;
const one = (type: string, id: string) => ({ data: { type, id } });

function csvText(header: readonly string[], rows: ReadonlyArray<Record<string, string>>): string {
  const quote = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return [header.join(','), ...rows.map((row) => header.map((h) => quote(row[h] ?? '')).join(','))].join(
    '\n',
  );
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  let session: BrowserSession;
  let csrf: string;
  let account: string;
  let small: string;
  let o: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    account = await created(api, '/v2/accounts', accountDocument({ name: 'Door Account' }));
    small = await created(api, '/v2/spaces', spaceDocument({ name: 'Small room', capacity: 50 }));
    ({ session, csrf } = await workspaceSession(server, venue.user.email, venue.orgId));
    o = `/orgs/${venue.orgId}`;
  });
  after(() => server.close());

  /** The message each door gives for each case, in the order of the cases. */
  async function messages(
    cases: readonly Case[],
    door: {
      api: (c: Case) => Promise<ErrorBody>;
      form: (c: Case) => Promise<string>;
      csv?: { type: string; header: readonly string[]; row: (c: Case) => Record<string, string> };
    },
  ) {
    const fromApi = [];
    const fromForm = [];
    for (const c of cases) {
      const body = await door.api(c);
      fromApi.push(body.errors.find((e) => e.source?.pointer === c.pointer)?.detail);
      fromForm.push(fieldError(await door.form(c), c.field));
    }
    if (!door.csv) return { fromApi, fromForm, fromCsv: fromApi };
    const file = csvFile(csvText(door.csv.header, cases.map(door.csv.row)));
    const result = await importJson(suite.database.env, venue.orgId, door.csv.type, file);
    const errors = result.errors as Array<{ row: number; column: string; message: string }>;
    const fromCsv = cases.map(
      (c, i) => errors.find((e) => e.row === i + 2 && e.column === c.column)?.message,
    );
    return { fromApi, fromForm, fromCsv };
  }

  function agree(cases: readonly Case[], found: Awaited<ReturnType<typeof messages>>) {
    cases.forEach((c, i) => {
      assert.ok(found.fromApi[i], `the API refuses: ${c.rule}`);
      assert.equal(found.fromForm[i], found.fromApi[i], `the form says what the API says: ${c.rule}`);
      if (c.csv === null) assert.equal(found.fromCsv[i], undefined, `the import takes it: ${c.rule}`);
      else assert.equal(found.fromCsv[i], found.fromApi[i], `the import says what the API says: ${c.rule}`);
    });
  }

  it('refuses a booking with the same sentence for each rule at the API, the form and the import', async () => {
    const cases: Case[] = [
      {
        rule: 'a name',
        api: { attributes: { name: '  ' } },
        form: { name: '  ' },
        csv: { name: '  ' },
        field: 'name',
        pointer: attribute('name'),
        column: 'name',
      },
      {
        rule: 'end after start',
        api: { attributes: { start_at: '2027-06-01T23:00:00Z', end_at: '2027-06-01T18:00:00Z' } },
        form: { start_at: '2027-06-01T23:00', end_at: '2027-06-01T18:00' },
        csv: { start_at: '2027-06-01T23:00:00Z', end_at: '2027-06-01T18:00:00Z' },
        field: 'end_at',
        pointer: attribute('end_at'),
        column: 'end_at',
      },
      {
        rule: 'a time zone',
        api: { attributes: { timezone: 'Mars/Base' } },
        form: { timezone: 'Mars/Base' },
        csv: { timezone: 'Mars/Base' },
        field: 'timezone',
        pointer: attribute('timezone'),
        column: 'timezone',
      },
      {
        rule: 'a currency',
        api: { attributes: { currency: 'EUX' } },
        form: { currency: 'EUX' },
        csv: { currency: 'EUX' },
        field: 'currency',
        pointer: attribute('currency'),
        column: 'currency',
      },
      {
        rule: 'a first status',
        api: { attributes: { status: 'closed' } },
        form: { status: 'closed' },
        csv: null,
        field: 'status',
        pointer: attribute('status'),
        column: 'status',
      },
      {
        rule: 'the capacity',
        api: {
          attributes: { guest_count: 51 },
          relationships: { spaces: { data: [{ type: 'spaces', id: 'SMALL' }] } },
        },
        form: { guest_count: '51', spaces: ['SMALL'] },
        csv: { guest_count: '51', space_ids: 'SMALL' },
        field: 'guest_count',
        pointer: attribute('guest_count'),
        column: 'guest_count',
      },
      {
        rule: 'a known account',
        api: { relationships: { account: one('accounts', UNKNOWN) } },
        form: { account: UNKNOWN },
        csv: { account_id: UNKNOWN },
        field: 'account',
        pointer: relationship('account'),
        column: 'account_id',
      },
      {
        rule: 'a known contact',
        api: { relationships: { contact: one('contacts', UNKNOWN) } },
        form: { contact: UNKNOWN },
        csv: { contact_id: UNKNOWN },
        field: 'contact',
        pointer: relationship('contact'),
        column: 'contact_id',
      },
      {
        rule: 'a member as owner',
        api: { relationships: { owner: one('users', 'nobody') } },
        form: { owner: 'nobody' },
        csv: { owner_id: 'nobody' },
        field: 'owner',
        pointer: relationship('owner'),
        column: 'owner_id',
      },
      {
        rule: 'known spaces',
        api: { relationships: { spaces: { data: [{ type: 'spaces', id: UNKNOWN }] } } },
        form: { spaces: [UNKNOWN] },
        csv: { space_ids: UNKNOWN },
        field: 'spaces',
        pointer: relationship('spaces'),
        column: 'space_ids',
      },
    ];
    const withSpace = <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('SMALL', small)) as T;
    const found = await messages(cases.map(withSpace), {
      api: async (c) => {
        const document = bookingDocument(account, {});
        Object.assign(document.data.attributes, c.api.attributes);
        Object.assign(document.data.relationships, c.api.relationships);
        const response = await api<ErrorBody>('/v2/bookings', { method: 'POST', body: document });
        assert.equal(response.status, 422, c.rule);
        return response.body;
      },
      form: async (c) => {
        const fields = {
          name: 'Door party',
          status: 'lead',
          account,
          start_at: '2027-06-01T18:00',
          end_at: '2027-06-01T23:00',
          timezone: 'UTC',
          currency: 'USD',
          owner: venue.user.id,
          ...c.form,
        };
        const page = await session.request(`${o}/bookings`, { form: { _csrf: csrf, ...fields } });
        assert.equal(page.status, 422, c.rule);
        return page.body;
      },
      csv: {
        type: 'bookings',
        header: [
          'name',
          'status',
          'start_at',
          'end_at',
          'timezone',
          'currency',
          'guest_count',
          'account_id',
          'contact_id',
          'owner_id',
          'space_ids',
        ],
        row: (c) => ({
          name: 'Door party',
          status: 'lead',
          start_at: '2027-06-01T18:00:00Z',
          end_at: '2027-06-01T23:00:00Z',
          account_id: account,
          ...(c.csv ?? { status: 'closed' }),
        }),
      },
    });
    agree(cases, found);
  });

  it('refuses accounts and contacts with the same sentence for each rule at every door', async () => {
    const accounts: Case[] = [
      {
        rule: 'a name',
        // A row of blank cells is no row at all: this one has a phone number.
        api: { attributes: { name: '  ', phone: '555 0100' } },
        form: { name: '  ', phone: '555 0100' },
        csv: { name: '  ', phone: '555 0100' },
        field: 'name',
        pointer: attribute('name'),
        column: 'name',
      },
      {
        rule: 'an e-mail',
        api: { attributes: { email: 'not-an-address' } },
        form: { email: 'not-an-address' },
        csv: { email: 'not-an-address' },
        field: 'email',
        pointer: attribute('email'),
        column: 'email',
      },
      {
        rule: 'a country',
        api: { attributes: { country: 'XX' } },
        form: { country: 'XX' },
        csv: { country: 'XX' },
        field: 'country',
        pointer: attribute('country'),
        column: 'country',
      },
      {
        rule: 'a member as owner',
        api: { relationships: { owner: one('users', 'nobody') } },
        form: { owner: 'nobody' },
        csv: { owner_id: 'nobody' },
        field: 'owner',
        pointer: relationship('owner'),
        column: 'owner_id',
      },
    ];
    agree(
      accounts,
      await messages(accounts, {
        api: async (c) => {
          const document = accountDocument({ name: 'Door Co', ...c.api.attributes });
          const body = { data: { ...document.data, relationships: c.api.relationships ?? {} } };
          return (await api<ErrorBody>('/v2/accounts', { method: 'POST', body })).body;
        },
        form: async (c) =>
          (
            await session.request(`${o}/accounts`, {
              form: { _csrf: csrf, name: 'Door Co', owner: venue.user.id, ...c.form },
            })
          ).body,
        csv: {
          type: 'accounts',
          header: ['name', 'email', 'phone', 'country', 'owner_id'],
          row: (c) => ({ name: 'Door Co', ...c.csv }),
        },
      }),
    );

    const contacts: Case[] = [
      {
        rule: 'a name',
        api: { attributes: { first_name: ' ', last_name: ' ', phone: '555 0100' } },
        form: { first_name: ' ', last_name: ' ', phone: '555 0100' },
        csv: { first_name: ' ', last_name: ' ', phone: '555 0100' },
        field: 'first_name',
        pointer: attribute('first_name'),
        column: 'first_name',
      },
      {
        rule: 'an e-mail',
        api: { attributes: { email: 'not-an-address' } },
        form: { email: 'not-an-address' },
        csv: { email: 'not-an-address' },
        field: 'email',
        pointer: attribute('email'),
        column: 'email',
      },
      {
        rule: 'a known account',
        api: { relationships: { account: one('accounts', UNKNOWN) } },
        form: { account: UNKNOWN },
        csv: { account_id: UNKNOWN },
        field: 'account',
        pointer: relationship('account'),
        column: 'account_id',
      },
    ];
    agree(
      contacts,
      await messages(contacts, {
        api: async (c) => {
          const document = contactDocument({ first_name: 'Ada', ...c.api.attributes });
          const body = { data: { ...document.data, relationships: c.api.relationships ?? {} } };
          return (await api<ErrorBody>('/v2/contacts', { method: 'POST', body })).body;
        },
        form: async (c) =>
          (await session.request(`${o}/contacts`, { form: { _csrf: csrf, first_name: 'Ada', ...c.form } }))
            .body,
        csv: {
          type: 'contacts',
          header: ['first_name', 'last_name', 'email', 'phone', 'account_id'],
          row: (c) => ({ first_name: 'Ada', ...c.csv }),
        },
      }),
    );
  });

  it('refuses spaces with the same sentence at the API and on Settings → Spaces', async () => {
    await created(api, '/v2/spaces', spaceDocument({ name: 'Taken hall' }));
    const spaces: Case[] = [
      {
        rule: 'a name',
        api: { attributes: { name: '  ' } },
        form: { name: '  ' },
        csv: {},
        field: 'name',
        pointer: attribute('name'),
        column: 'name',
      },
      {
        rule: 'a name of its own',
        api: { attributes: { name: 'Taken hall' } },
        form: { name: 'Taken hall' },
        csv: {},
        field: 'name',
        pointer: attribute('name'),
        column: 'name',
      },
    ];
    agree(
      spaces,
      await messages(spaces, {
        api: async (c) =>
          (
            await api<ErrorBody>('/v2/spaces', {
              method: 'POST',
              body: spaceDocument({ ...c.api.attributes }),
            })
          ).body,
        form: async (c) =>
          (await session.request(`${o}/settings/spaces`, { form: { _csrf: csrf, capacity: '', ...c.form } }))
            .body,
      }),
    );
  });

  it('names the same clashing booking at the API, the form and the import', async () => {
    const east = await created(api, '/v2/spaces', spaceDocument({ name: 'East salon' }));
    const west = await created(api, '/v2/spaces', spaceDocument({ name: 'West salon' }));
    const definite = (name: string, space: string, start: string, end: string) =>
      created(
        api,
        '/v2/bookings',
        bookingDocument(
          account,
          { name, status: 'definite', start_at: start, end_at: end },
          { spaces: [space] },
        ),
      );
    // The first to start ends last; the clash named is the one that ends first, at every door.
    await definite('Starts first', east, '2027-09-01T16:00:00Z', '2027-09-01T23:30:00Z');
    const endsFirst = await definite('Ends first', west, '2027-09-01T18:00:00Z', '2027-09-01T19:00:00Z');
    const reference = (await api(`/v2/bookings/${endsFirst}`)).body.data.attributes.reference as string;

    const viaApi = await api<ErrorBody>('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(
        account,
        {
          name: 'Both salons',
          status: 'definite',
          start_at: '2027-09-01T17:00:00Z',
          end_at: '2027-09-01T22:00:00Z',
        },
        { spaces: [east, west] },
      ),
    });
    assert.equal(viaApi.status, 409);
    assert.match(
      viaApi.body.errors[0]!.detail,
      new RegExp(`^West salon is already held by ${reference} \\(definite\\), its event "Main event"`),
    );

    const viaForm = await session.request(`${o}/bookings`, {
      form: {
        _csrf: csrf,
        name: 'Both salons',
        status: 'definite',
        account,
        start_at: '2027-09-01T17:00',
        end_at: '2027-09-01T22:00',
        timezone: 'UTC',
        currency: 'USD',
        spaces: [east, west],
      },
    });
    assert.equal(viaForm.status, 409);
    assert.match(
      viaForm.body,
      new RegExp(
        `West salon is already held by the definite booking\\s+<a href="[^"]+/bookings/${endsFirst}">${reference} Ends first</a>`,
      ),
    );

    const file = csvFile(
      `name,status,start_at,end_at,account_id,space_ids\nBoth salons,definite,2027-09-01T17:00:00Z,2027-09-01T22:00:00Z,${account},${east};${west}\n`,
    );
    const viaImport = await importJson(suite.database.env, venue.orgId, 'bookings', file);
    const [problem] = viaImport.errors as Array<{ column: string; message: string }>;
    assert.equal(problem?.column, 'space_ids');
    assert.equal(problem?.message, viaApi.body.errors[0]!.detail);
  });
});
