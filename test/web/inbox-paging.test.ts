/**
 * The Inbox a page at a time (SPEC §17): 50 messages a page, newest sent first; "Older messages"
 * leads on after the last one shown (`?before=<its id>`) with no message twice and none left out,
 * the last page has no such link, and "Newest" leads back. Dismissed pages the same way. A post
 * from an older page comes back to that page; a cursor of any other shape, or one naming no
 * message, is the first page, never an error.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { messageVersion, type Message, updateMessage } from '../../src/crm/messages/index.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { type BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { receive } from '../helpers/inbox-mail.js';
import { makeWorkspaceVenue, type WorkspaceVenue, workspaceSession } from '../helpers/workspace-data.js';

const START = Date.parse('2026-11-01T08:00:00Z');
const MINUTE = 60_000;

/** The ids of the messages a page shows, in its order. */
const shownIds = (body: string) =>
  [...body.matchAll(/<article class="inbox-message" aria-labelledby="message-([^"]+)">/g)].map((m) => m[1]!);
const olderLink = (body: string) =>
  /<a class="button secondary" href="([^"]+)" rel="next">Older messages<\/a>/.exec(body)?.[1];
const newestLink = (body: string) => /<a class="button secondary" href="([^"]+)">Newest<\/a>/.exec(body)?.[1];

/** Newest sent first; of two sent at once, the greater id first (the page's own order). */
const newestFirst = (messages: readonly Message[]) =>
  [...messages].sort((x, y) => y.sentAt.localeCompare(x.sentAt) || y.id.localeCompare(x.id)).map((m) => m.id);

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  let member: { session: BrowserSession; csrf: string };
  let waiting: string[];

  /** `count` messages, sent a minute apart but written in another order, and two of them at the same minute. */
  async function mailFrom(sender: string, count: number, offset: number): Promise<Message[]> {
    const made: Message[] = [];
    for (let n = 0; n < count; n += 1) {
      const minute = n === 1 ? 0 : (n * 37) % count;
      made.push(
        await receive(server, venue.orgId, {
          subject: `${sender} ${n}`,
          from: { name: '', email: `${sender}@elsewhere.example` },
          sentAt: new Date(START + (offset + minute) * MINUTE).toISOString(),
        }),
      );
    }
    return made;
  }

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db);
    o = `/orgs/${venue.orgId}`;
    member = await workspaceSession(server, venue.member.email, venue.orgId);
    waiting = newestFirst(await mailFrom('waiting', 120, 0));
  });
  after(() => server.close());

  /** Every page from the first, by its Older messages link: each page's ids. */
  async function walk(first: string): Promise<{ pages: string[][]; bodies: string[] }> {
    const pages: string[][] = [];
    const bodies: string[] = [];
    let next: string | undefined = first;
    while (next) {
      const page = await member.session.request(next);
      assert.equal(page.status, 200, page.body);
      pages.push(shownIds(page.body));
      bodies.push(page.body);
      next = olderLink(page.body);
      assert.ok(pages.length < 10, 'the pages end');
    }
    return { pages, bodies };
  }

  it('shows the newest 50 first, then 50 older ones with none twice, then the rest with no Older link', async () => {
    const { pages, bodies } = await walk(`${o}/inbox`);
    assert.deepEqual(
      pages.map((p) => p.length),
      [50, 50, 20],
    );
    assert.deepEqual(pages[0], waiting.slice(0, 50), 'the newest 50, newest first');
    assert.deepEqual(pages[1], waiting.slice(50, 100), 'the next 50, with no overlap');
    assert.deepEqual(pages[2], waiting.slice(100), 'the rest');
    assert.equal(olderLink(bodies[0]!), `${o}/inbox?before=${waiting[49]}`, 'after the last one shown');
    assert.equal(newestLink(bodies[0]!), undefined, 'the first page has no Newest link');
    assert.equal(olderLink(bodies[2]!), undefined, 'the last page has no Older link');

    // Newest leads back to the first page from any older one.
    for (const body of bodies.slice(1)) assert.equal(newestLink(body), `${o}/inbox`);
    const back = await member.session.request(newestLink(bodies[2]!)!);
    assert.deepEqual(shownIds(back.body), waiting.slice(0, 50));
  });

  it('reads a cursor of another shape, or one naming no message, as the first page', async () => {
    const first = waiting.slice(0, 50);
    for (const before of ['a b', 'x'.repeat(5000), "'; drop table messages; --", '0'.repeat(26), '']) {
      const page = await member.session.request(`${o}/inbox?before=${encodeURIComponent(before)}`);
      assert.equal(page.status, 200, `before=${before.slice(0, 30)}`);
      assert.deepEqual(shownIds(page.body), first);
    }
    const twice = await member.session.request(`${o}/inbox?before=${waiting[49]}&before=${waiting[99]}`);
    assert.ok(twice.status < 500, `two cursors: ${twice.status}`);
  });

  it('brings a post from an older page back to that page', async () => {
    const path = `${o}/inbox?before=${waiting[49]}`;
    const page = await member.session.request(path);
    const id = waiting[50]!;
    const action = `${o}/inbox/${id}/dismiss`;
    const dismissed = await member.session.request(action, {
      form: { _csrf: member.csrf, ...formFields(page.body, action) },
    });
    assert.equal(dismissed.status, 303, dismissed.body);
    assert.equal(dismissed.location, `${server.url}${o}/inbox?notice=dismissed&before=${waiting[49]}`);
    const after = await member.session.request(dismissed.location ?? '');
    assert.match(after.body, /Message dismissed\./);
    assert.deepEqual(shownIds(after.body), waiting.slice(51, 101));
    // Restored from Dismissed's first page, it waits again.
    const restorePage = await member.session.request(`${o}/inbox/dismissed`);
    const restore = `${o}/inbox/${id}/restore`;
    const restored = await member.session.request(restore, {
      form: { _csrf: member.csrf, ...formFields(restorePage.body, restore) },
    });
    assert.equal(restored.location, `${server.url}${o}/inbox/dismissed?notice=restored`);
  });

  it('pages the dismissed messages the same way', async () => {
    const made = await mailFrom('dismissed', 60, 200);
    for (const message of made)
      await write(server.app.ctx.writer, venue.actor, updateMessage, {
        id: message.id,
        ifMatch: messageVersion(message),
        input: { dismissed: true },
      });
    const dismissed = newestFirst(made);
    const { pages, bodies } = await walk(`${o}/inbox/dismissed`);
    assert.deepEqual(pages, [dismissed.slice(0, 50), dismissed.slice(50)]);
    assert.equal(olderLink(bodies[0]!), `${o}/inbox/dismissed?before=${dismissed[49]}`);
    assert.equal(newestLink(bodies[1]!), `${o}/inbox/dismissed`);
    assert.equal(olderLink(bodies[1]!), undefined);
    // The waiting Inbox is as it was: dismissed mail is not in it.
    const inbox = await walk(`${o}/inbox`);
    assert.deepEqual(inbox.pages.flat().sort(), [...waiting].sort());
  });
});
