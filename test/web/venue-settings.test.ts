/**
 * Settings → Venue (SPEC §12) over plain HTTP: its administrators change the venue's time zone
 * and currency there, and every page follows — the bookings list, a booking's page and the week
 * view show a booking at 2027-06-12T22:30Z as 18:30 in America/New_York and as 07:30 the next day
 * in Asia/Tokyo; a booking made over the API in another time zone says so beside its times; the
 * New booking form starts in the venue's zone and currency; the zones are offered by their current
 * IANA names (Asia/Kolkata, Europe/Kyiv; not Asia/Calcutta, Europe/Kiev); bad values are refused
 * beside their fields; a save over a newer change is a 412 that keeps what was typed; a member
 * cannot open or post the page.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import type { BrowserSession } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeIntegration, makeOrganization, makeUser } from '../helpers/factories.js';
import { postForm } from '../helpers/oauth.js';
import {
  addBooking,
  fieldError,
  makeWorkspaceVenue,
  versionIn,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';
import { type Api, apiFor, bookingDocument, created } from '../helpers/writes.js';

/** The value of the option chosen in a page's <select name="…">. */
function selected(body: string, name: string): string | undefined {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(body)?.[1] ?? '';
  return /<option value="([^"]*)"\s+selected>/.exec(select)?.[1];
}

/** Every option value of a page's <select name="…">. */
function options(body: string, name: string): string[] {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(body)?.[1] ?? '';
  return [...select.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]!);
}

/** The row of the bookings list that names `name`. */
function listRow(body: string, name: string): string {
  const row = body.split('<tr>').find((part) => part.includes(`>${name}</a>`));
  assert.ok(row, `the list shows ${name}`);
  return row.slice(0, row.indexOf('</tr>'));
}

/** What the booking page says under "When". */
function whenOnPage(body: string): string {
  const when = /<dt>When<\/dt><dd>([^<]*)<\/dd>/.exec(body)?.[1];
  assert.ok(when, 'the booking page says when');
  return when;
}

/** The phone list's section of one day of the week view. */
function daySection(body: string, date: string): string {
  const start = body.indexOf(`<section aria-labelledby="day-${date}"`);
  assert.notEqual(start, -1, `the week shows ${date}`);
  return body.slice(start, body.indexOf('</section>', start));
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  let admin: { session: BrowserSession; csrf: string };
  let api: Api;
  let dinnerId: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db);
    o = `/orgs/${venue.orgId}`;
    admin = await workspaceSession(server, venue.admin.email, venue.orgId);
    // A booking kept in UTC: 22:30–23:30 UTC on Saturday 12 June 2027.
    const dinner = await addBooking(suite.db, venue.actor, {
      name: 'Midsummer dinner',
      start_at: '2027-06-12T22:30:00Z',
      end_at: '2027-06-12T23:30:00Z',
      timezone: 'UTC',
      accountId: venue.accountId,
    });
    dinnerId = dinner.id;
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

  /** Saves Settings → Venue through its form, as the admin. */
  async function setVenue(values: { timezone: string; currency: string; locale?: string }) {
    const page = await admin.session.request(`${o}/settings/venue`);
    assert.equal(page.status, 200, page.body);
    const saved = await admin.session.request(`${o}/settings/venue`, {
      form: {
        _csrf: admin.csrf,
        version: versionIn(page.body),
        name: 'Harbour Rooms',
        // These say times the British way; the locale's own test is below.
        locale: 'en-GB',
        ...values,
      },
    });
    assert.equal(saved.status, 303, saved.body);
    assert.match(
      saved.location ?? '',
      new RegExp(`^${server.url}${o}/settings/venue\\?notice=(saved|currency)$`),
    );
    const shown = await admin.session.request(saved.location!);
    assert.match(shown.body, /Changes saved\./);
    assert.equal(selected(shown.body, 'timezone'), values.timezone);
    return shown;
  }

  it('shows every page’s times in the zone chosen on Settings → Venue', async () => {
    const first = await admin.session.request(`${o}/settings/venue`);
    assert.equal(first.status, 200);
    assert.equal(selected(first.body, 'timezone'), 'Europe/London', 'the venue starts in London');

    await setVenue({ timezone: 'America/New_York', currency: 'USD' });
    const row = await suite.db
      .selectFrom('organizations')
      .select(['timezone', 'currency'])
      .where('id', '=', venue.orgId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { timezone: 'America/New_York', currency: 'USD' });

    let list = await admin.session.request(`${o}/bookings?from=`);
    assert.match(list.body, /Times are in America\/New_York, the venue's time zone/);
    assert.ok(listRow(list.body, 'Midsummer dinner').includes('Sat 12 Jun 2027, 18:30–19:30'));
    let page = await admin.session.request(`${o}/bookings/${dinnerId}`);
    assert.ok(whenOnPage(page.body).startsWith('Sat 12 Jun 2027, 18:30–19:30'), whenOnPage(page.body));
    let week = await admin.session.request(`${o}/week?week=2027-06-07`);
    assert.match(week.body, /Times in America\/New_York, the venue's time zone/);
    assert.match(
      daySection(week.body, '2027-06-12'),
      /<span class="slot-time">18:30–19:30<\/span>\s*<span class="slot-name">Midsummer dinner<\/span>/,
    );
    assert.doesNotMatch(daySection(week.body, '2027-06-13'), /Midsummer dinner/);

    await setVenue({ timezone: 'Asia/Tokyo', currency: 'JPY' });
    list = await admin.session.request(`${o}/bookings?from=`);
    assert.match(list.body, /Times are in Asia\/Tokyo, the venue's time zone/);
    const tokyoRow = listRow(list.body, 'Midsummer dinner');
    assert.ok(tokyoRow.includes('Sun 13 Jun 2027, 07:30–08:30'), tokyoRow);
    assert.ok(!tokyoRow.includes('18:30'), tokyoRow);
    page = await admin.session.request(`${o}/bookings/${dinnerId}`);
    assert.ok(whenOnPage(page.body).startsWith('Sun 13 Jun 2027, 07:30–08:30'), whenOnPage(page.body));
    week = await admin.session.request(`${o}/week?week=2027-06-07`);
    assert.match(
      daySection(week.body, '2027-06-13'),
      /<span class="slot-time">07:30–08:30<\/span>\s*<span class="slot-name">Midsummer dinner<\/span>/,
    );
    assert.doesNotMatch(daySection(week.body, '2027-06-12'), /Midsummer dinner/);
    // The list's date filter reads dates in the venue's zone too: the 13th in Tokyo holds it.
    const onThe13th = await admin.session.request(`${o}/bookings?from=2027-06-13&to=2027-06-13`);
    assert.ok(onThe13th.body.includes('>Midsummer dinner</a>'));
    const onThe12th = await admin.session.request(`${o}/bookings?from=2027-06-12&to=2027-06-12`);
    assert.ok(!onThe12th.body.includes('>Midsummer dinner</a>'));
  });

  it('says beside its times when a booking made over the API is in another time zone', async () => {
    await setVenue({ timezone: 'America/New_York', currency: 'USD' });
    const abroad = await created(
      api,
      '/v2/bookings',
      bookingDocument(venue.accountId, {
        name: 'Tokyo launch',
        start_at: '2027-06-12T22:30:00Z',
        end_at: '2027-06-12T23:30:00Z',
        timezone: 'Asia/Tokyo',
      }),
    );
    const coastal = await created(
      api,
      '/v2/bookings',
      bookingDocument(venue.accountId, {
        name: 'Coast dinner',
        start_at: '2027-06-12T22:30:00Z',
        end_at: '2027-06-12T23:30:00Z',
        timezone: 'America/Los_Angeles',
      }),
    );
    const local = await created(
      api,
      '/v2/bookings',
      bookingDocument(venue.accountId, {
        name: 'Brooklyn brunch',
        start_at: '2027-06-13T14:00:00Z',
        end_at: '2027-06-13T16:00:00Z',
        timezone: 'America/New_York',
      }),
    );

    const tokyo = 'Sat 12 Jun 2027, 18:30–19:30 (in Asia/Tokyo: Sun 13 Jun 2027, 07:30–08:30)';
    const la = 'Sat 12 Jun 2027, 18:30–19:30 (in America/Los Angeles: Sat 12 Jun 2027, 15:30–16:30)';
    const list = await admin.session.request(`${o}/bookings?from=`);
    assert.ok(listRow(list.body, 'Tokyo launch').includes(tokyo), listRow(list.body, 'Tokyo launch'));
    assert.ok(listRow(list.body, 'Coast dinner').includes(la), listRow(list.body, 'Coast dinner'));
    const brunch = listRow(list.body, 'Brooklyn brunch');
    assert.ok(brunch.includes('Sun 13 Jun 2027, 10:00–12:00'), brunch);
    assert.ok(!brunch.includes('(in '), 'a booking in the venue’s own zone needs no second time');

    assert.equal(whenOnPage((await admin.session.request(`${o}/bookings/${abroad}`)).body), tokyo);
    assert.equal(whenOnPage((await admin.session.request(`${o}/bookings/${coastal}`)).body), la);
    assert.equal(
      whenOnPage((await admin.session.request(`${o}/bookings/${local}`)).body),
      'Sun 13 Jun 2027, 10:00–12:00',
    );
    // The booking keeps its own zone on its edit form: its local times are Tokyo's.
    const edit = await admin.session.request(`${o}/bookings/${abroad}/edit`);
    assert.equal(selected(edit.body, 'timezone'), 'Asia/Tokyo');
    assert.match(edit.body, /name="start_at" type="datetime-local" value="2027-06-13T07:30"/);
  });

  it('starts a new booking in the venue’s time zone and currency', async () => {
    await setVenue({ timezone: 'Asia/Tokyo', currency: 'JPY' });
    let form = await admin.session.request(`${o}/bookings/new`);
    assert.equal(form.status, 200);
    assert.equal(selected(form.body, 'timezone'), 'Asia/Tokyo');
    assert.match(form.body, /name="currency" type="text" value="JPY"/);

    await setVenue({ timezone: 'Europe/Kyiv', currency: 'UAH' });
    form = await admin.session.request(`${o}/bookings/new`);
    assert.equal(selected(form.body, 'timezone'), 'Europe/Kyiv');
    assert.match(form.body, /name="currency" type="text" value="UAH"/);
    // A member's form starts the same way.
    const member = await workspaceSession(server, venue.member.email, venue.orgId);
    const theirs = await member.session.request(`${o}/bookings/new`);
    assert.equal(selected(theirs.body, 'timezone'), 'Europe/Kyiv');
    assert.match(theirs.body, /name="currency" type="text" value="UAH"/);

    // Submitted as it starts, the booking is made in that zone and currency.
    const made = await admin.session.request(`${o}/bookings`, {
      form: {
        _csrf: admin.csrf,
        name: 'Kyiv reception',
        status: 'lead',
        account: venue.accountId,
        start_at: '2027-07-01T19:00',
        end_at: '2027-07-01T22:00',
        timezone: selected(form.body, 'timezone')!,
        currency: 'UAH',
      },
    });
    assert.equal(made.status, 303, made.body);
    const row = await suite.db
      .selectFrom('bookings')
      .select(['timezone', 'currency', 'start_at'])
      .where('name', '=', 'Kyiv reception')
      .executeTakeFirstOrThrow();
    assert.equal(row.timezone, 'Europe/Kyiv');
    assert.equal(row.currency, 'UAH');
    assert.equal(Date.parse(row.start_at), Date.parse('2027-07-01T16:00:00Z'), '19:00 in Kyiv (UTC+3)');
  });

  it('says by the currency, and again once it is changed, that catalogue prices are not converted', async () => {
    const page = await admin.session.request(`${o}/settings/venue`);
    const notConverted =
      /Catalogue prices are not converted: each keeps its figure, read in the new currency\. Bookings keep their own currency\./;
    assert.match(
      page.body,
      /id="field-currency-hint">Three letters, such as EUR: new bookings start in it\. Catalogue prices are not converted/,
    );
    const zone = selected(page.body, 'timezone')!;
    const post = async (currency: string) => {
      const form = await admin.session.request(`${o}/settings/venue`);
      return admin.session.request(`${o}/settings/venue`, {
        form: {
          _csrf: admin.csrf,
          version: versionIn(form.body),
          name: 'Harbour Rooms',
          timezone: zone,
          currency,
        },
      });
    };
    const current = /name="currency" type="text" value="([A-Z]{3})"/.exec(page.body)![1]!;
    const other = current === 'CHF' ? 'SEK' : 'CHF';
    const changed = await post(other.toLowerCase());
    assert.equal(changed.location, `${server.url}${o}/settings/venue?notice=currency`);
    const shown = await admin.session.request(changed.location!);
    const notice = /<p class="notice" role="status">([^<]*)<\/p>/.exec(shown.body)?.[1] ?? '';
    assert.match(notice, new RegExp(`^Changes saved\\. New bookings start in ${other}\\. `));
    assert.match(notice, notConverted);
    const same = await post(other);
    assert.equal(
      same.location,
      `${server.url}${o}/settings/venue?notice=saved`,
      'no word of it when it stays',
    );
  });

  it('offers time zones by their current names: Asia/Kolkata and Europe/Kyiv, not Asia/Calcutta or Europe/Kiev', async () => {
    for (const path of [`${o}/settings/venue`, `${o}/bookings/new`]) {
      const page = await admin.session.request(path);
      const zones = options(page.body, 'timezone');
      assert.ok(zones.length > 300, `${path} lists the zones`);
      assert.equal(zones[0], 'UTC');
      for (const current of ['Asia/Kolkata', 'Europe/Kyiv', 'America/New_York', 'Asia/Tokyo']) {
        assert.ok(zones.includes(current), `${path} offers ${current}`);
      }
      for (const retired of ['Asia/Calcutta', 'Europe/Kiev', 'Asia/Saigon', 'America/Godthab']) {
        assert.ok(!zones.includes(retired), `${path} does not offer ${retired}`);
      }
      assert.equal(new Set(zones).size, zones.length, 'each zone once');
      assert.match(page.body, /<option value="America\/New_York"\s*>America\/New York<\/option>/);
    }
    await setVenue({ timezone: 'Asia/Kolkata', currency: 'INR' });
  });

  it('refuses a bad zone and a bad currency beside their fields, changing nothing', async () => {
    await setVenue({ timezone: 'Europe/London', currency: 'GBP' });
    const page = await admin.session.request(`${o}/settings/venue`);
    const refused = await admin.session.request(`${o}/settings/venue`, {
      form: {
        _csrf: admin.csrf,
        version: versionIn(page.body),
        name: 'Harbour Rooms',
        timezone: 'Mars/Olympus',
        currency: 'XYZ',
      },
    });
    assert.equal(refused.status, 422);
    assert.match(fieldError(refused.body, 'timezone'), /"Mars\/Olympus" is not an IANA time zone/);
    assert.match(fieldError(refused.body, 'currency'), /"XYZ" is not an ISO 4217 currency/);
    const row = await suite.db
      .selectFrom('organizations')
      .select(['timezone', 'currency'])
      .where('id', '=', venue.orgId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { timezone: 'Europe/London', currency: 'GBP' });
  });

  it('changes the locale on Settings → Venue as the API does, refusing one that is no BCP 47 tag beside its field', async () => {
    await setVenue({ timezone: 'Europe/London', currency: 'GBP' });
    let page = await admin.session.request(`${o}/settings/venue`);
    assert.match(page.body, /name="locale" type="text" value="en-GB"/, 'the locale the venue reads now');
    const saved = await admin.session.request(`${o}/settings/venue`, {
      form: {
        _csrf: admin.csrf,
        version: versionIn(page.body),
        name: 'Harbour Rooms',
        timezone: 'Europe/London',
        currency: 'GBP',
        locale: ' en-us ',
      },
    });
    assert.equal(saved.status, 303, saved.body);
    const read = await api('/v2/organization');
    assert.equal(read.body.data.attributes.locale, 'en-US');
    page = await admin.session.request(`${o}/settings/venue`);
    assert.match(page.body, /name="locale" type="text" value="en-US"/);
    const refused = await admin.session.request(`${o}/settings/venue`, {
      form: {
        _csrf: admin.csrf,
        version: versionIn(page.body),
        name: 'Harbour Rooms',
        timezone: 'Europe/London',
        currency: 'GBP',
        locale: 'English please',
      },
    });
    assert.equal(refused.status, 422);
    assert.match(fieldError(refused.body, 'locale'), /"English please" is not a locale/);
    assert.match(refused.body, /name="locale" type="text" value="English please"/, 'what was typed stays');
    const row = await suite.db
      .selectFrom('organizations')
      .select(['locale'])
      .where('id', '=', venue.orgId)
      .executeTakeFirstOrThrow();
    assert.equal(row.locale, 'en-US');
    await setVenue({ timezone: 'Europe/London', currency: 'GBP', locale: 'en-GB' });
  });

  it('keeps the service charge, whether it is taxed and the F&B categories, refusing bad ones beside their fields', async () => {
    const page = await admin.session.request(`${o}/settings/venue`);
    assert.match(page.body, /name="service_charge_percentage" type="text" value="0"/);
    assert.match(page.body, /<legend>Food and beverage<\/legend>/);
    const form = (fields: Record<string, string | string[]>, body: string) => ({
      form: {
        _csrf: admin.csrf,
        version: versionIn(body),
        name: 'Harbour Rooms',
        timezone: 'UTC',
        currency: 'USD',
        ...fields,
      },
    });
    const saved = await admin.session.request(
      `${o}/settings/venue`,
      form(
        {
          service_charge_percentage: '18,50',
          service_charge_taxable: 'yes',
          fnb_categories: ['food', 'beverage', 'rental'],
        },
        page.body,
      ),
    );
    assert.equal(saved.status, 303, saved.body);
    const shown = await admin.session.request(`${o}/settings/venue`);
    assert.match(shown.body, /name="service_charge_percentage" type="text" value="18.5"/);
    assert.match(shown.body, /name="service_charge_taxable" value="yes"[^>]*checked/);
    assert.match(shown.body, /name="fnb_categories" value="rental" checked/);
    assert.doesNotMatch(shown.body, /name="fnb_categories" value="av" checked/);
    const settings = await api<{ data: { attributes: Record<string, unknown> } }>('/v2/organization');
    assert.deepEqual(
      [
        settings.body.data.attributes.service_charge_percentage,
        settings.body.data.attributes.service_charge_taxable,
        settings.body.data.attributes.fnb_categories,
      ],
      ['18.5', true, ['food', 'beverage', 'rental']],
    );

    const refused = await admin.session.request(
      `${o}/settings/venue`,
      form({ service_charge_percentage: '150', fnb_categories: ['food', 'drinks'] }, shown.body),
    );
    assert.equal(refused.status, 422);
    assert.match(
      fieldError(refused.body, 'service_charge_percentage'),
      /"150" is not a percentage from 0 to 100/,
    );
    assert.match(fieldError(refused.body, 'fnb_categories'), /"drinks" is not a category/);
    assert.match(
      refused.body,
      /name="service_charge_percentage" type="text" value="150"/,
      'what was typed stays',
    );
    // Left empty and unticked: no service charge, not taxed.
    const none = await admin.session.request(
      `${o}/settings/venue`,
      form({ service_charge_percentage: '', fnb_categories: ['food', 'beverage'] }, refused.body),
    );
    assert.equal(none.status, 303, none.body);
    const row = await suite.db
      .selectFrom('organizations')
      .select(['service_charge_percentage', 'service_charge_taxable', 'fnb_categories'])
      .where('id', '=', venue.orgId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      [row.service_charge_percentage, Number(row.service_charge_taxable), JSON.parse(row.fnb_categories)],
      ['0', 0, ['food', 'beverage']],
    );
  });

  it('answers a save over a newer change with 412, keeping what was typed, and saves it again', async () => {
    await setVenue({ timezone: 'Europe/London', currency: 'GBP' });
    const page = await admin.session.request(`${o}/settings/venue`);
    const read = await api('/v2/organization');
    const changed = await api('/v2/organization', {
      method: 'PATCH',
      body: { data: { type: 'organizations', id: venue.orgId, attributes: { currency: 'EUR' } } },
      headers: { 'if-match': read.headers.get('etag')! },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const typed = { name: 'Harbour Rooms', timezone: 'Europe/Dublin', currency: 'GBP' };
    const stale = await admin.session.request(`${o}/settings/venue`, {
      form: { _csrf: admin.csrf, version: versionIn(page.body), ...typed },
    });
    assert.equal(stale.status, 412);
    assert.match(stale.body, /This changed while you were looking at it/);
    assert.match(stale.body, /<li>Time zone: Europe\/London<\/li>/);
    assert.match(stale.body, /<li>Currency: EUR<\/li>/);
    assert.equal(selected(stale.body, 'timezone'), 'Europe/Dublin', 'what was typed stays');
    assert.match(stale.body, /name="currency" type="text" value="GBP"/);
    let row = await suite.db
      .selectFrom('organizations')
      .select(['timezone', 'currency'])
      .where('id', '=', venue.orgId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { timezone: 'Europe/London', currency: 'EUR' });
    const again = await admin.session.request(`${o}/settings/venue`, {
      form: { _csrf: admin.csrf, version: versionIn(stale.body), ...typed },
    });
    assert.equal(again.status, 303);
    row = await suite.db
      .selectFrom('organizations')
      .select(['timezone', 'currency'])
      .where('id', '=', venue.orgId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { timezone: 'Europe/Dublin', currency: 'GBP' });
    await setVenue({ timezone: 'Europe/London', currency: 'GBP' });
  });

  it('lets only the venue’s administrators open and post Settings → Venue', async () => {
    const member = await workspaceSession(server, venue.member.email, venue.orgId);
    const page = await member.session.request(`${o}/settings/venue`);
    assert.equal(page.status, 403);
    assert.match(page.body, /Administrators only/);
    const posted = await member.session.request(`${o}/settings/venue`, {
      form: {
        _csrf: member.csrf,
        version: versionIn((await admin.session.request(`${o}/settings/venue`)).body),
        name: 'Taken over',
        timezone: 'Asia/Tokyo',
        currency: 'JPY',
      },
    });
    assert.equal(posted.status, 403);
    const row = await suite.db
      .selectFrom('organizations')
      .select(['name', 'timezone'])
      .where('id', '=', venue.orgId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { name: 'Harbour Rooms', timezone: 'Europe/London' });
    // The member's pages do not link to it; the admin's do.
    const memberWeek = await member.session.request(`${o}/week?week=2027-06-07`);
    assert.ok(!memberWeek.body.includes(`href="${o}/settings/venue"`));
    const adminWeek = await admin.session.request(`${o}/week?week=2027-06-07`);
    assert.ok(adminWeek.body.includes(`href="${o}/settings/venue"`));

    // An admin of another venue finds nothing here.
    const elsewhere = await makeOrganization(suite.db);
    const stranger = await makeUser(suite.db, elsewhere.id, { role: 'admin' });
    const theirs = await workspaceSession(server, stranger.email, elsewhere.id);
    assert.equal((await theirs.session.request(`${o}/settings/venue`)).status, 404);
  });
});
