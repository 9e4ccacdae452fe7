/**
 * Event Temple's own integrations run against Marquee unchanged (SPEC §15). Three kinds recur in
 * public code, and each is replayed here as it is written, over HTTP with fetch, authenticated by
 * an API key an admin made on Settings → Developers → API keys:
 * - a lead form: lists the organizations, referral sources, pipelines and stages, pushes an
 *   inquiry as a lead booking with an embedded contact, its days, stage and source, then attaches
 *   a note; the lead shows on the pipeline board in its stage;
 * - lobby signage: the day's events per room, with their times and the room's name;
 * - a reporting script: pages through spaces and through the events touching a date range by
 *   meta.after_cursor and has_more, reading Event Temple's names.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import type { BrowserSession } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeWorkspaceVenue, type WorkspaceVenue, workspaceSession } from '../helpers/workspace-data.js';

const KEY = /<code class="secret" id="api-key">(mqk_[^<]+)<\/code>/;

interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<
    string,
    { data: { type: string; id: string } | null | Array<{ type: string; id: string }> }
  >;
}
interface Document {
  data: Resource | Resource[];
  included?: Resource[];
  meta?: { has_more?: boolean; after_cursor?: string | null };
  errors?: unknown[];
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let session: BrowserSession;
  let key: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    venue = await makeWorkspaceVenue(suite.db, 'Event Temple Hall');
    const signedIn = await workspaceSession(server, venue.admin.email, venue.orgId);
    session = signedIn.session;
    const made = await session.request(`/orgs/${venue.orgId}/settings/developers/api-keys`, {
      form: { _csrf: signedIn.csrf, name: 'Website and signage', scopes: ['crm_read', 'crm_manage'] },
    });
    assert.equal(made.status, 201);
    key = KEY.exec(made.body)![1]!;
  });
  after(() => server.close());

  /** A request as Event Temple's clients send it: X-API-KEY, and X-API-ORG where they name one. */
  async function eventTemple(
    path: string,
    init: { method?: string; body?: unknown; org?: string | null } = {},
  ) {
    const headers: Record<string, string> = { 'X-API-KEY': key, Accept: 'application/vnd.api+json' };
    if (init.org !== null) headers['X-API-ORG'] = init.org ?? venue.orgId;
    if (init.body !== undefined) headers['Content-Type'] = 'application/vnd.api+json';
    const response = await fetch(`${server.url}${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    const document = (await response.json()) as Document;
    return { status: response.status, document };
  }
  const many = (d: Document) => d.data as Resource[];
  const one = (d: Document) => d.data as Resource;

  it('takes a lead from a website form, with its note, and shows it on the pipeline board', async () => {
    const organizations = await eventTemple('/v2/organizations', { org: null });
    assert.equal(organizations.status, 200);
    const organizationId = many(organizations.document)[0]!.id;
    assert.equal(organizationId, venue.orgId);

    const sources = await eventTemple('/v2/referral_sources', { org: organizationId });
    const pipelines = await eventTemple('/v2/pipelines', { org: organizationId });
    const stages = await eventTemple('/v2/stages?include=pipeline', { org: organizationId });
    assert.deepEqual([sources.status, pipelines.status, stages.status], [200, 200, 200]);
    const sales = many(pipelines.document).find((p) => p.attributes.name === 'Sales')!;
    const firstStage = many(stages.document)
      .filter((s) => s.attributes.pipeline_id === sales.id)
      .sort((a, b) => Number(a.attributes.position) - Number(b.attributes.position))[0]!;
    assert.ok(stages.document.included?.some((r) => r.type === 'pipelines' && r.id === sales.id));
    const website =
      many(sources.document).find((s) => s.attributes.name === 'Website') ??
      one(
        (
          await eventTemple('/v2/referral_sources', {
            method: 'POST',
            body: { data: { type: 'referral_sources', attributes: { name: 'Website' } } },
          })
        ).document,
      );

    const pushed = await eventTemple('/v2/bookings', {
      method: 'POST',
      org: organizationId,
      body: {
        data: {
          type: 'bookings',
          attributes: {
            name: 'Inquiry: Mensah wedding',
            status: 'lead',
            start_date: '2027-05-22',
            end_date: '2027-05-22',
            guest_count: 110,
            stage_id: firstStage.id,
            referral_source_id: website.id,
            contact: {
              first_name: 'Efua',
              last_name: 'Mensah',
              email: 'efua.mensah@example.com',
              phone_number: '+44 20 7946 0123',
            },
          },
        },
      },
    });
    assert.equal(pushed.status, 201, JSON.stringify(pushed.document));
    const booking = one(pushed.document);
    assert.deepEqual(booking.relationships!.stage!.data, { type: 'stages', id: firstStage.id });
    assert.deepEqual(booking.relationships!.referral_source!.data, {
      type: 'referral_sources',
      id: website.id,
    });

    const note = await eventTemple('/v2/notes', {
      method: 'POST',
      org: organizationId,
      body: {
        data: {
          type: 'notes',
          attributes: {
            content: 'Website inquiry: garden ceremony, then dinner for 110.',
            notable_type: 'Booking',
            notable_id: booking.id,
          },
        },
      },
    });
    assert.equal(note.status, 201, JSON.stringify(note.document));

    const board = await session.request(`/orgs/${venue.orgId}/pipeline`);
    assert.equal(board.status, 200);
    const start = board.body.indexOf(`id="stage-${firstStage.id}"`);
    const column = board.body.slice(start, board.body.indexOf('</section>', start));
    assert.match(column, /Inquiry: Mensah wedding/, 'the lead is a card in its stage');
    const page = await session.request(`/orgs/${venue.orgId}/bookings/${booking.id}`);
    assert.match(page.body, /Website inquiry: garden ceremony/);
  });

  it('serves lobby signage the day’s events per room, and a reporting script its pages', async () => {
    const space = async (attributes: Record<string, unknown>) => {
      const made = await eventTemple('/v2/spaces', {
        method: 'POST',
        body: { data: { type: 'spaces', attributes } },
      });
      assert.equal(made.status, 201, JSON.stringify(made.document));
      return one(made.document).id;
    };
    const garden = await space({ name: 'Walled Garden', capacity: 150, area: 600 });
    const library = await space({ name: 'Library', capacity: 40, area: 90 });
    await space({ name: 'Old Barn', capacity: 60, area: 200, archived_at: '2026-01-01T00:00:00Z' });
    const accounts = await eventTemple('/v2/accounts');
    const accountId = many(accounts.document)[0]!.id;
    const booking = await eventTemple('/v2/bookings', {
      method: 'POST',
      body: {
        data: {
          type: 'bookings',
          attributes: {
            name: 'Mensah wedding day',
            status: 'definite',
            event_type: 'Wedding',
            timezone: 'Europe/London',
            start_at: '2027-05-22T14:00:00Z',
            end_at: '2027-05-22T15:00:00Z',
            guest_count: 110,
          },
          relationships: {
            account: { data: { type: 'accounts', id: accountId } },
            spaces: { data: [{ type: 'spaces', id: garden }] },
          },
        },
      },
    });
    assert.equal(booking.status, 201, JSON.stringify(booking.document));
    const bookingId = one(booking.document).id;
    for (const [name, date, start, end, spaceId, expected] of [
      ['Drinks', '2027-05-22', '16:00', '18:00', garden, 110],
      ['Speeches', '2027-05-22', '19:00', '20:00', library, 30],
      ['Farewell brunch', '2027-05-23', '10:00', '12:00', library, 25],
    ] as const) {
      const made = await eventTemple('/v2/events', {
        method: 'POST',
        body: {
          data: {
            type: 'events',
            attributes: {
              name,
              start_date: date,
              start_time: start,
              end_date: date,
              end_time: end,
              expected,
            },
            relationships: {
              booking: { data: { type: 'bookings', id: bookingId } },
              space: { data: { type: 'spaces', id: spaceId } },
            },
          },
        },
      });
      assert.equal(made.status, 201, JSON.stringify(made.document));
    }

    // Lobby signage: today's events in the garden, earliest first, with the room's name.
    const signage = await eventTemple(
      `/v2/events?filter[start_date][eq]=2027-05-22&filter[space_id][eq]=${garden}&include=space,event_type&sort=start_at`,
    );
    assert.equal(signage.status, 200, JSON.stringify(signage.document));
    const rooms = new Map(
      (signage.document.included ?? [])
        .filter((r) => r.type === 'spaces')
        .map((r) => [r.id, r.attributes.name]),
    );
    const board = many(signage.document).map((e) => {
      const room = e.relationships!.space!.data as { id: string };
      return `${String(e.attributes.start_time)}–${String(e.attributes.end_time)} ${String(e.attributes.name)} (${String(rooms.get(room.id))})`;
    });
    assert.deepEqual(board, ['15:00–16:00 Wedding (Walled Garden)', '16:00–18:00 Drinks (Walled Garden)']);

    // A reporting script: every space, then the events touching 22–23 May, a page at a time.
    const pages = async (first: string) => {
      const rows: Resource[] = [];
      const included: Resource[] = [];
      let path: string | null = first;
      while (path) {
        const page = await eventTemple(path);
        assert.equal(page.status, 200, JSON.stringify(page.document));
        rows.push(...many(page.document));
        included.push(...(page.document.included ?? []));
        const cursor = page.document.meta?.after_cursor;
        path =
          page.document.meta?.has_more && cursor
            ? `${first}&page[after]=${encodeURIComponent(cursor)}`
            : null;
      }
      return { rows, included };
    };
    const spaces = await pages('/v2/spaces?page[size]=2');
    const ours = new Set(['Library', 'Old Barn', 'Walled Garden']);
    assert.equal(new Set(spaces.rows.map((s) => s.id)).size, spaces.rows.length, 'no space twice');
    assert.deepEqual(
      spaces.rows
        .filter((s) => ours.has(String(s.attributes.name)))
        .map((s) => [s.attributes.name, s.attributes.area, s.attributes.archived_at !== null]),
      [
        ['Library', 90, false],
        ['Old Barn', 200, true],
        ['Walled Garden', 600, false],
      ],
    );
    const events = await pages(
      '/v2/events?filter[start_date][lteq]=2027-05-23&filter[end_date][gteq]=2027-05-22&include=space,booking,event_type&sort=start_at&page[size]=2',
    );
    const typeValue = new Map(
      events.included.filter((r) => r.type === 'event_types').map((r) => [r.id, r.attributes.value]),
    );
    assert.deepEqual(
      events.rows
        .filter((e) => (e.relationships!.booking!.data as { id: string }).id === bookingId)
        .map((e) => {
          const a = e.attributes;
          const type = e.relationships!.event_type!.data as { id: string } | null;
          return [
            a.name,
            a.start_date,
            a.end_date,
            a.start_time,
            a.end_time,
            a.all_day,
            a.expected,
            type && typeValue.get(type.id),
          ];
        }),
      [
        ['Wedding', '2027-05-22', '2027-05-22', '15:00', '16:00', false, 110, 'Wedding'],
        ['Drinks', '2027-05-22', '2027-05-22', '16:00', '18:00', false, 110, 'Wedding'],
        ['Speeches', '2027-05-22', '2027-05-22', '19:00', '20:00', false, 30, 'Wedding'],
        ['Farewell brunch', '2027-05-23', '2027-05-23', '10:00', '12:00', false, 25, 'Wedding'],
      ],
    );
    assert.ok(events.included.some((r) => r.type === 'bookings' && r.id === bookingId));
  });
});
