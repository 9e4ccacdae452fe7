/**
 * Settings → Task e-mails (SPEC §18), over HTTP: a member finds their own choice of task e-mails
 * among the settings tabs (each e-mail by default), changes it to the daily digest, and sees it
 * kept, on the page and on GET /v2/me for that organization; a choice that is none of the three is
 * refused beside its field, changing nothing; another member's choice is their own.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import type { BrowserSession } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { codeFlowTokens, makeVenue, type Venue } from '../helpers/oauth.js';
import { makeUser } from '../helpers/factories.js';
import { fieldError, workspaceSession } from '../helpers/workspace-data.js';
import { apiFor } from '../helpers/writes.js';

interface MeBody {
  meta: { organizations: Array<{ id: string; task_emails: string }> };
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let path: string;
  let member: { session: BrowserSession; csrf: string };
  let colleague: { id: string };

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.stopAt(Date.parse('2031-06-02T14:00:00Z'));
    venue = await makeVenue(suite.db);
    path = `/orgs/${venue.orgId}/settings/task-emails`;
    member = await workspaceSession(server, venue.user.email, venue.orgId);
    colleague = await makeUser(suite.db, venue.orgId, { role: 'member' });
  });
  after(() => server.close());

  const chosen = (body: string) => /<option value="([a-z]+)" selected>/.exec(body)?.[1];
  const shownOnMe = async () => {
    const api = apiFor(server, (await codeFlowTokens(server, venue)).tokens.access_token, venue.orgId);
    const me = await api<MeBody>('/v2/me');
    assert.equal(me.status, 200, JSON.stringify(me.body));
    return me.body.meta.organizations.find((o) => o.id === venue.orgId)?.task_emails;
  };
  const stored = async (userId: string) =>
    (
      await suite.db
        .selectFrom('memberships')
        .select('task_emails')
        .where('organization_id', '=', venue.orgId)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).task_emails;

  it('shows each e-mail by default, and keeps the digest once chosen', async () => {
    const tasks = await member.session.request(`/orgs/${venue.orgId}/settings/calendar-feeds`);
    assert.ok(tasks.body.includes(`href="${path}"`), 'the settings tabs lead to it');
    const page = await member.session.request(path);
    assert.equal(page.status, 200, page.body);
    assert.match(page.body, /<h1>Task e-mails<\/h1>/);
    assert.equal(chosen(page.body), 'each');
    assert.equal(await shownOnMe(), 'each');

    const saved = await member.session.request(path, {
      form: { _csrf: member.csrf, task_emails: 'digest' },
    });
    assert.equal(saved.status, 303, saved.body);
    const after = await member.session.follow(saved.location!);
    assert.match(after.body, /role="status">Saved\./);
    assert.equal(chosen(after.body), 'digest');
    assert.equal(await shownOnMe(), 'digest');
    assert.equal(await stored(colleague.id), 'each', 'a colleague’s choice is their own');
  });

  it('refuses a choice that is none of the three beside its field', async () => {
    const refused = await member.session.request(path, {
      form: { _csrf: member.csrf, task_emails: 'weekly' },
    });
    assert.equal(refused.status, 422, refused.body);
    assert.match(fieldError(refused.body, 'task_emails'), /Choose each e-mail, a daily digest, or none\./);
    assert.equal(await stored(venue.user.id), 'digest');
  });
});
