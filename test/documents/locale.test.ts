/**
 * An organization's locale (SPEC §13): `locale` on /v2/organization, by default the country of
 * its time zone (en-US for New York) else en-GB, refused when it is no BCP 47 tag `Intl` knows;
 * and a US venue's proposal in American English: "Saturday, April 10, 2027", a 12-hour clock and
 * "$", never "US$", while the API keeps ISO 8601 and minor units.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { moneyText } from '../../src/crm/money.js';
import { localeOfZone, readLocale } from '../../src/locale.js';
import { dayLabel, timeRange } from '../../src/web/workspace/time-zones.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { documentBody } from '../helpers/document-fixtures.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { pdfText } from '../helpers/pdf-text.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
  changeDocument,
  contactDocument,
  created,
  type ErrorBody,
} from '../helpers/writes.js';

const ref = (type: string, id: string) => ({ data: { type, id } });

it('takes a locale from the time zone’s country, else British English, and reads tags as BCP 47', () => {
  assert.equal(localeOfZone('America/New_York'), 'en-US');
  assert.equal(localeOfZone('America/Indiana/Indianapolis'), 'en-US');
  assert.equal(localeOfZone('Europe/Berlin'), 'de-DE');
  assert.equal(localeOfZone('Australia/Sydney'), 'en-AU');
  assert.equal(localeOfZone('Asia/Ulaanbaatar'), 'en-GB');
  assert.equal(readLocale('en-us'), 'en-US');
  assert.equal(readLocale('de-DE'), 'de-DE');
  assert.equal(readLocale('english'), undefined);
  assert.equal(readLocale('en_US'), undefined);
});

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.setTo(Date.parse('2027-01-04T15:00:00Z'));
    venue = await makeVenue(suite.db);
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
  });
  after(() => server.close());

  const settings = async (attributes: Record<string, unknown>) =>
    admin<{ data: { attributes: Record<string, unknown> } }>('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', venue.orgId, attributes),
    });

  it('shows the locale on /v2/organization, the time zone’s by default, and refuses one that is not', async () => {
    const zoned = await settings({ timezone: 'America/New_York', currency: 'USD' });
    assert.equal(zoned.status, 200, JSON.stringify(zoned.body));
    assert.equal(zoned.body.data.attributes.locale, 'en-US', 'New York reads American English');
    const bad = await admin<ErrorBody>('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', venue.orgId, { locale: 'Klingon please' }),
    });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.errors[0]!.source?.pointer, '/data/attributes/locale');
    const german = await settings({ locale: 'de-de' });
    assert.equal(german.body.data.attributes.locale, 'de-DE');
    const back = await settings({ locale: 'en-US' });
    assert.equal(back.body.data.attributes.locale, 'en-US');
  });

  it('prints a US venue’s proposal with American days, a 12-hour clock and $', async () => {
    await settings({ timezone: 'America/New_York', currency: 'USD', locale: 'en-US' });
    const account = await created(admin, '/v2/accounts', accountDocument({ name: 'Hart family' }));
    // 18:00 to 23:30 in New York on Saturday 10 April 2027.
    const booking = await created(
      admin,
      '/v2/bookings',
      bookingDocument(account, {
        name: 'Hart wedding',
        start_at: '2027-04-10T22:00:00Z',
        end_at: '2027-04-11T03:30:00Z',
        currency: 'USD',
      }),
    );
    await created(admin, '/v2/line_items', {
      data: {
        type: 'line_items',
        attributes: {
          name: 'Dinner',
          category: 'food',
          unit: 'per_person',
          quantity: '1200',
          unit_price: 9_850,
        },
        relationships: { booking: ref('bookings', booking) },
      },
    });
    await created(admin, '/v2/installments', {
      data: {
        type: 'installments',
        attributes: { label: 'Deposit', amount: 2_500_000, due_date: '2027-02-01' },
        relationships: { booking: ref('bookings', booking) },
      },
    });
    const made = await admin<{ data: { id: string } }>('/v2/documents', {
      method: 'POST',
      body: documentBody('proposal', booking),
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const token = await clientCredentialsToken(server, venue);
    const response = await server.fetch(`${server.url}/v2/documents/${made.body.data.id}/pdf`, {
      headers: { authorization: `Bearer ${token}`, 'x-api-org': venue.orgId },
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const { text } = await pdfText(bytes);
    for (const words of [
      'Saturday, April 10, 2027, 6:00 PM–11:30 PM',
      'Monday, February 1, 2027',
      '$118,200.00',
      '$25,000.00',
      '1,200 guests',
      'Monday, January 4, 2027',
    ]) {
      assert.ok(text.includes(words), `the proposal says "${words}":\n${text}`);
    }
    assert.doesNotMatch(text, /US\$|18:00|10 April/, 'no British days, 24-hour times or US$');
    // The API keeps ISO 8601 and minor units.
    const kept = await admin<{ data: { attributes: Record<string, unknown> } }>(`/v2/bookings/${booking}`);
    assert.equal(kept.body.data.attributes.grand_total, 11_820_000);
    assert.equal(kept.body.data.attributes.start_at, '2027-04-10T22:00:00.000Z');
    // Its pages as PNG, for people to look at (test-results/ is not kept in git).
    const dir = path.resolve('test-results/locale');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `proposal-en-US-${suite.database.dialect}.pdf`), bytes);
    try {
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '60',
        path.join(dir, `proposal-en-US-${suite.database.dialect}.pdf`),
        path.join(dir, `proposal-en-US-${suite.database.dialect}`),
      ]);
    } catch {
      // pdftoppm (poppler-utils) is for people to look; the words above are the test.
    }
  });

  it('shows a US venue’s client portal page with American days and $', async () => {
    await settings({ timezone: 'America/New_York', currency: 'USD', locale: 'en-US' });
    const account = await created(admin, '/v2/accounts', accountDocument({ name: 'Reyes family' }));
    const contact = await created(
      admin,
      '/v2/contacts',
      contactDocument({ first_name: 'Ana', last_name: 'Reyes', email: 'ana@reyes.example' }, account),
    );
    const booking = await created(admin, '/v2/bookings', {
      data: {
        type: 'bookings',
        attributes: {
          name: 'Reyes wedding',
          start_at: '2027-04-10T22:00:00Z',
          end_at: '2027-04-11T03:30:00Z',
          currency: 'USD',
        },
        relationships: { account: ref('accounts', account), contact: ref('contacts', contact) },
      },
    });
    await created(admin, '/v2/line_items', {
      data: {
        type: 'line_items',
        attributes: {
          name: 'Dinner',
          category: 'food',
          unit: 'per_person',
          quantity: '100',
          unit_price: 9_850,
        },
        relationships: { booking: ref('bookings', booking) },
      },
    });
    await created(admin, '/v2/installments', {
      data: {
        type: 'installments',
        attributes: { label: 'Deposit', amount: 250_000, due_date: '2027-02-01' },
        relationships: { booking: ref('bookings', booking) },
      },
    });
    const made = await admin<{ data: { id: string } }>('/v2/documents', {
      method: 'POST',
      body: documentBody('proposal', booking),
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const sent = await admin<{ meta?: { share_url: string } }>(`/v2/documents/${made.body.data.id}/send`, {
      method: 'POST',
    });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const page = await server.fetch(`${server.url}${new URL(sent.body.meta!.share_url).pathname}`);
    assert.equal(page.status, 200);
    const body = await page.text();
    for (const words of ['Monday, February 1, 2027', '$2,500.00', '$9,850.00']) {
      assert.ok(body.includes(words), `the portal says "${words}"`);
    }
    assert.doesNotMatch(body, /US\$|£|1 February 2027/, 'no British days or other currencies');
  });
});

it('labels the workspace’s days and times in the venue’s locale: US short days, a 12-hour clock and $', () => {
  assert.equal(dayLabel('2027-04-10', 'en-US'), 'Sat, Apr 10, 2027');
  assert.equal(dayLabel('2027-04-10'), 'Sat 10 Apr 2027', 'British by default');
  assert.equal(
    timeRange('2027-04-10T22:00:00Z', '2027-04-11T03:30:00Z', 'America/New_York', 'en-US'),
    'Sat, Apr 10, 2027, 6:00 PM–11:30 PM',
  );
  assert.equal(
    timeRange('2027-04-10T22:00:00Z', '2027-04-11T03:30:00Z', 'America/New_York'),
    'Sat 10 Apr 2027, 18:00–23:30',
  );
  assert.equal(moneyText(11_820_000, 'USD', 'en-US'), '$118,200.00');
  assert.equal(moneyText(11_820_000, 'USD'), 'US$118,200.00', 'en-GB says whose dollars');
});
