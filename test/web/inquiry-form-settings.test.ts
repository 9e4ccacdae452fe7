/**
 * Settings → Inquiry form (SPEC §14) over plain HTTP: an administrator turns the public inquiry
 * form on with its slug, texts, event types (ticked among the venue's own) and embedding origins;
 * the page then gives its public address and an embedding snippet, and /inquire/<slug> shows the
 * intro and offers the types ticked; turned off, the address is gone. Bad fields (a bad slug, a
 * slug another venue has, a bad origin) are shown at once in the API's words and nothing is saved;
 * a save over a newer change is a 412 that keeps what was typed; a member cannot open or post the
 * page.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { createEventType } from '../../src/crm/event-types/event-types.js';
import { updateOrganization } from '../../src/crm/organization/organization.commands.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import type { BrowserSession } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import {
  fieldError,
  makeWorkspaceVenue,
  versionIn,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';
import { staffActor } from '../../src/policy/actor.js';

const ORIGINS = ['https://www.harbour.example', 'https://events.harbour.example'];

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  let admin: { session: BrowserSession; csrf: string };

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db);
    o = `/orgs/${venue.orgId}`;
    admin = await workspaceSession(server, venue.admin.email, venue.orgId);
    for (const value of ['Wedding', 'Conference', 'Gala dinner']) {
      await write({ db: suite.db, clock: systemClock }, venue.actor, createEventType, { value });
    }
    // Another venue's form has the slug "the-mill".
    const other = await makeOrganization(suite.db);
    const otherAdmin = await makeUser(suite.db, other.id, { role: 'admin' });
    await write(
      { db: suite.db, clock: systemClock },
      staffActor({ organizationId: other.id, userId: otherAdmin.id, role: 'admin', door: 'workspace' }),
      updateOrganization,
      { ifMatch: undefined, input: { inquiry_form: { enabled: true, slug: 'the-mill' } } },
    );
  });
  after(() => server.close());

  const savedForm = async () => {
    const row = await suite.db
      .selectFrom('organizations')
      .select(['inquiry_form', 'inquiry_slug'])
      .where('id', '=', venue.orgId)
      .executeTakeFirstOrThrow();
    return {
      slug: row.inquiry_slug,
      form: row.inquiry_form ? (JSON.parse(row.inquiry_form) as unknown) : null,
    };
  };

  /** Posts the form drawn in `page` with `values`, as the admin. */
  const post = (page: string, values: Record<string, string | string[]>) =>
    admin.session.request(`${o}/settings/inquiry-form`, {
      form: { _csrf: admin.csrf, version: versionIn(page), ...values },
    });

  const publicPage = (slug: string) => server.app.inject({ url: `/inquire/${slug}` });

  it('turns the public form on with its texts, types and origins, and shows where it is', async () => {
    const first = await admin.session.request(`${o}/settings/inquiry-form`);
    assert.equal(first.status, 200, first.body);
    assert.match(first.body, /<a href="[^"]*\/settings\/inquiry-form" aria-current="page">Inquiry form<\/a>/);
    for (const type of ['Wedding', 'Conference', 'Gala dinner']) {
      assert.ok(first.body.includes(`name="event_types" value="${type}"`), `offers ${type}`);
    }
    assert.doesNotMatch(first.body, /Public address/, 'no address while the form is off');
    assert.equal((await publicPage('harbour-rooms')).statusCode, 404);

    const saved = await post(first.body, {
      enabled: 'yes',
      slug: 'Harbour-Rooms',
      intro: 'Tell us about the day you have in mind.',
      thank_you: 'Thank you: we answer within a day.',
      event_types: ['Wedding', 'Gala dinner'],
      embed_origins: `${ORIGINS[0]}\r\n\r\n${ORIGINS[1]}/\r\n`,
    });
    assert.equal(saved.status, 303, saved.body);
    assert.equal(saved.location, `${server.url}${o}/settings/inquiry-form?notice=saved`);
    assert.deepEqual(await savedForm(), {
      slug: 'harbour-rooms',
      form: {
        enabled: true,
        slug: 'harbour-rooms',
        intro: 'Tell us about the day you have in mind.',
        thank_you: 'Thank you: we answer within a day.',
        event_types: ['Wedding', 'Gala dinner'],
        embed_origins: ORIGINS,
      },
    });

    const shown = await admin.session.request(saved.location!);
    assert.match(shown.body, /Changes saved\./);
    const address = `${server.url}/inquire/harbour-rooms`;
    assert.ok(shown.body.includes(`<a href="${address}">${address}</a>`), 'links the public address');
    assert.ok(
      shown.body.includes(`&lt;iframe src=&quot;${address}&quot; title=&quot;Inquiry form&quot;`),
      'gives the embedding snippet',
    );
    assert.match(shown.body, /name="event_types" value="Wedding" checked/);
    assert.match(shown.body, /name="event_types" value="Conference"\s+\/>/);
    assert.ok(shown.body.includes(`>${ORIGINS.join('\n')}</textarea>`), 'the origins one a line');

    const hosted = await publicPage('harbour-rooms');
    assert.equal(hosted.statusCode, 200);
    assert.match(hosted.body, /<p>Tell us about the day you have in mind\.<\/p>/);
    assert.match(hosted.body, /<option\s*>Wedding<\/option>/);
    assert.doesNotMatch(hosted.body, /Conference/);
    assert.match(
      String(hosted.headers['content-security-policy']),
      new RegExp(`frame-ancestors ${ORIGINS.join(' ')}`),
    );

    // Turned off: no public page, no address; the rest is kept.
    const off = await post(shown.body, {
      slug: 'harbour-rooms',
      intro: 'Tell us about the day you have in mind.',
      thank_you: 'Thank you: we answer within a day.',
      event_types: ['Wedding', 'Gala dinner'],
      embed_origins: ORIGINS.join('\n'),
    });
    assert.equal(off.status, 303, off.body);
    assert.equal((await publicPage('harbour-rooms')).statusCode, 404);
    const offPage = await admin.session.request(off.location!);
    assert.doesNotMatch(offPage.body, /Public address|iframe/);
    assert.match(offPage.body, /name="slug" type="text" value="harbour-rooms"/);
  });

  it('gives no embedding snippet while no site may embed the form, only its address and what to do', async () => {
    const page = await admin.session.request(`${o}/settings/inquiry-form`);
    const saved = await post(page.body, {
      enabled: 'yes',
      slug: 'harbour-rooms',
      intro: 'Tell us about the day you have in mind.',
      thank_you: 'Thank you: we answer within a day.',
      event_types: ['Wedding'],
      embed_origins: '',
    });
    assert.equal(saved.status, 303, saved.body);
    const shown = await admin.session.request(saved.location!);
    const address = `${server.url}/inquire/harbour-rooms`;
    assert.ok(shown.body.includes(`<a href="${address}">${address}</a>`), 'links the public address');
    assert.doesNotMatch(shown.body, /iframe|copy this snippet/);
    assert.match(
      shown.body,
      /No site may embed it yet: list a site under “Sites that may embed it” below before the form can be embedded/,
    );
  });

  it('shows every bad field at once in the API’s words and saves nothing', async () => {
    const page = await admin.session.request(`${o}/settings/inquiry-form`);
    const before = await savedForm();
    const typed = {
      enabled: 'yes',
      slug: 'the old mill!',
      intro: 'Typed intro',
      thank_you: 'Typed thanks',
      embed_origins: 'https://ok.example\nhttp://evil.example/page',
    };
    const refused = await post(page.body, typed);
    assert.equal(refused.status, 422);
    assert.match(
      fieldError(refused.body, 'slug'),
      /"the old mill!" is not a slug: lower-case letters, digits and hyphens/,
    );
    assert.match(
      fieldError(refused.body, 'embed_origins'),
      /"http:\/\/evil\.example\/page" \(not https\): an origin is https:\/\/host\[:port\], nothing else/,
    );
    assert.match(refused.body, /Please correct these fields/);
    assert.match(refused.body, /name="slug" type="text" value="the old mill!"/, 'what was typed stays');
    assert.ok(refused.body.includes('>https://ok.example\nhttp://evil.example/page</textarea>'));
    assert.deepEqual(await savedForm(), before);

    // Words after an origin, a wildcard, plain http: each named, nothing saved.
    const loose = await post(refused.body, {
      ...typed,
      slug: 'harbour-rooms',
      embed_origins: 'https://ok.example\nhttps://ok.example;sandbox\n*\nhttp://localhost:8080',
    });
    assert.equal(loose.status, 422);
    const said = fieldError(loose.body, 'embed_origins');
    for (const entry of ['"https://ok.example;sandbox"', '"*"', '"http://localhost:8080"'])
      assert.ok(said.includes(entry), `names ${entry}: ${said}`);
    assert.ok(!said.includes('"https://ok.example"'), 'names only the bad ones');
    assert.deepEqual(await savedForm(), before);

    // A slug another venue has, with a bad origin: both at once.
    const taken = await post(refused.body, { ...typed, slug: 'the-mill' });
    assert.equal(taken.status, 422);
    assert.match(
      fieldError(taken.body, 'slug'),
      /The address \/inquire\/the-mill is taken: choose another slug\./,
    );
    assert.match(fieldError(taken.body, 'embed_origins'), /"http:\/\/evil\.example\/page"/);
    // On without a slug.
    const bare = await post(taken.body, { ...typed, slug: '', embed_origins: '' });
    assert.equal(bare.status, 422);
    assert.match(fieldError(bare.body, 'slug'), /An inquiry form needs a slug to be enabled\./);
    assert.deepEqual(await savedForm(), before);
  });

  it('answers a save over a newer change with 412, keeping what was typed', async () => {
    const page = await admin.session.request(`${o}/settings/inquiry-form`);
    await write({ db: suite.db, clock: systemClock }, venue.actor, updateOrganization, {
      ifMatch: undefined,
      input: { inquiry_form: { intro: 'Changed elsewhere.' } },
    });
    const typed = { slug: 'harbour-rooms', intro: 'Typed here.', thank_you: 'Thanks.' };
    const stale = await post(page.body, typed);
    assert.equal(stale.status, 412);
    assert.match(stale.body, /This changed while you were looking at it/);
    assert.match(stale.body, /<li>Intro: Changed elsewhere\.<\/li>/);
    assert.ok(stale.body.includes('>Typed here.</textarea>'), 'what was typed stays');
    assert.equal(((await savedForm()).form as { intro: string }).intro, 'Changed elsewhere.');
    const again = await post(stale.body, typed);
    assert.equal(again.status, 303, again.body);
    assert.equal(((await savedForm()).form as { intro: string }).intro, 'Typed here.');
  });

  it('lets only the venue’s administrators open and post Settings → Inquiry form', async () => {
    const before = await savedForm();
    const member = await workspaceSession(server, venue.member.email, venue.orgId);
    const page = await member.session.request(`${o}/settings/inquiry-form`);
    assert.equal(page.status, 403);
    assert.match(page.body, /Administrators only/);
    const posted = await member.session.request(`${o}/settings/inquiry-form`, {
      form: {
        _csrf: member.csrf,
        version: versionIn((await admin.session.request(`${o}/settings/inquiry-form`)).body),
        enabled: 'yes',
        slug: 'taken-over',
      },
    });
    assert.equal(posted.status, 403);
    assert.deepEqual(await savedForm(), before);
    const catalogue = await member.session.request(`${o}/settings/catalogue`);
    assert.ok(!catalogue.body.includes(`href="${o}/settings/inquiry-form"`));

    // A post without the form's CSRF token is refused too.
    const forged = await admin.session.request(`${o}/settings/inquiry-form`, {
      form: {
        version: versionIn((await admin.session.request(`${o}/settings/inquiry-form`)).body),
        slug: 'forged',
      },
    });
    assert.equal(forged.status, 403);
    assert.deepEqual(await savedForm(), before);
  });
});
