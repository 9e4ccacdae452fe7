/**
 * After a refused post, the refusal page's *Go back* leads to a page that exists: the record the
 * post was about, or the list an Inbox message or a drafted mail is shown on.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backPathOf } from '../../src/web/workspace/refusals.js';

describe('the refusal page’s way back', () => {
  it('leads to the record or list a refused post was about', () => {
    const cases: Array<[string, string | undefined]> = [
      ['/orgs/o1/bookings/b1', '/orgs/o1/bookings/b1'],
      ['/orgs/o1/bookings/b1/status', '/orgs/o1/bookings/b1'],
      ['/orgs/o1/bookings/b1/delete', '/orgs/o1/bookings/b1'],
      ['/orgs/o1/bookings/b1/notes', '/orgs/o1/bookings/b1'],
      ['/orgs/o1/bookings/b1/notes/n1', undefined],
      ['/orgs/o1/documents/d1/send', '/orgs/o1/documents/d1'],
      ['/orgs/o1/approvals/r1/send', '/orgs/o1/approvals'],
      ['/orgs/o1/approvals/r1/skip', '/orgs/o1/approvals'],
      ['/orgs/o1/inbox/m1/file', '/orgs/o1/inbox'],
      ['/orgs/o1/inbox/m1/lead', '/orgs/o1/inbox'],
      ['/orgs/o1/inbox/m1/dismiss', '/orgs/o1/inbox'],
    ];
    for (const [posted, back] of cases) assert.equal(backPathOf(posted), back, posted);
  });
});
