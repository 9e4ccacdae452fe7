/**
 * The signature page a signed proposal ends with (SPEC §13) writes when the client accepted as
 * the pages before it do: in the venue's zone and its locale (an American venue's "Monday,
 * December 7, 2026, 6:38 PM", a British one's "Monday 7 December 2026, 18:38"), with the zone
 * named and the instant in UTC beside it, whatever the day and the zone's offset that day.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signaturePage } from '../../src/crm/documents/document-signing.js';

const signer = (signedAt: number) => ({
  name: '  Olivia Brennan ',
  address: '203.0.113.9',
  userAgent: 'Mozilla/5.0 (iPhone)',
  signedAt,
  seenSha256: 'ab'.repeat(32),
});
const facts = { documentName: 'Proposal BK-00154', venue: 'Harborview Hall' };

describe('the signature page', () => {
  it("writes the moment of acceptance in the venue's locale and zone, and in UTC", () => {
    const at = Date.parse('2026-12-07T23:38:00.000Z');
    const american = signaturePage(signer(at), { ...facts, zone: 'America/New_York', locale: 'en-US' });
    assert.equal(
      american.signedAt,
      'Monday, December 7, 2026, 6:38 PM (America/New York); 2026-12-07T23:38:00.000Z',
    );
    assert.equal(american.name, 'Olivia Brennan');
    const british = signaturePage(signer(at), { ...facts, zone: 'Europe/London', locale: 'en-GB' });
    assert.equal(british.signedAt, 'Monday 7 December 2026, 23:38 (Europe/London); 2026-12-07T23:38:00.000Z');
  });

  it("takes the zone's day across midnight and a change of the clocks", () => {
    // 03:30 UTC on Sunday 8 March 2026 is 22:30 on Saturday in New York (EST, before the change);
    // 07:30 UTC that day is 03:30 EDT, after the clocks went forward at 02:00.
    const before = signaturePage(signer(Date.parse('2026-03-08T03:30:00.000Z')), {
      ...facts,
      zone: 'America/New_York',
      locale: 'en-US',
    });
    assert.match(before.signedAt, /^Saturday, March 7, 2026, 10:30 PM \(America\/New York\)/);
    const after = signaturePage(signer(Date.parse('2026-03-08T07:30:00.000Z')), {
      ...facts,
      zone: 'America/New_York',
      locale: 'en-US',
    });
    assert.match(after.signedAt, /^Sunday, March 8, 2026, 3:30 AM \(America\/New York\)/);
  });
});
