/**
 * @marquee/client's view of the caller's own membership (SPEC §18) through a real server: read,
 * then the task e-mails changed, as /v2/me then shows them; a choice that is none of the three is
 * a ValidationError at its pointer.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type MarqueeApi, type TaskEmails, ValidationError } from '../../client/src/index.js';
import type { TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import type { Venue } from '../helpers/oauth.js';
import { startVenue } from './connect.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: MarqueeApi;
  before(async () => {
    ({ server, venue, api } = await startVenue(suite.database));
  });
  after(() => server.close());

  it('reads and changes the caller’s own task e-mails', async () => {
    assert.deepEqual(await api.myMembership(venue.orgId), {
      organization_id: venue.orgId,
      user_id: venue.user.id,
      role: 'admin',
      task_emails: 'each',
    });
    const changed = await api.updateMyMembership(venue.orgId, { task_emails: 'digest' });
    assert.equal(changed.task_emails, 'digest');
    const me = await api.me();
    assert.equal(me.organizations.find((o) => o.id === venue.orgId)?.task_emails, 'digest');

    await assert.rejects(
      api.updateMyMembership(venue.orgId, { task_emails: 'weekly' as TaskEmails }),
      (error: unknown) =>
        error instanceof ValidationError && error.pointer === '/data/attributes/task_emails',
    );
    assert.equal((await api.myMembership(venue.orgId)).task_emails, 'digest');
  });
});
