/**
 * A BEO's setup and teardown by their clocks, and by their day too when it is not the event's: a
 * dinner to 23:30 with 90 minutes of teardown is cleared "Until 01:00 on Tuesday 23 March 2027",
 * across midnight and a change of clocks alike, in the venue's zone and locale.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { edgeOf } from '../../src/crm/documents/document-words.js';

const at = (iso: string) => Date.parse(iso);

it('says the clock alone on the event’s own day', () => {
  assert.equal(
    edgeOf(at('2027-03-22T20:30:00Z'), at('2027-03-22T22:00:00Z'), 'Europe/London', 'en-GB'),
    '20:30',
  );
  assert.equal(
    edgeOf(at('2027-03-22T20:30:00Z'), at('2027-03-22T22:00:00Z'), 'Europe/London', 'en-US'),
    '8:30 PM',
  );
});

it('says the day of a teardown past midnight and of a setup the day before', () => {
  // Dinner in Boston to 23:30 local (03:30 UTC); teardown to 01:00 local the next day.
  assert.equal(
    edgeOf(at('2027-03-23T05:00:00Z'), at('2027-03-23T03:30:00Z'), 'America/New_York', 'en-US'),
    '1:00 AM on Tuesday, March 23, 2027',
  );
  assert.equal(
    edgeOf(at('2027-06-11T20:00:00Z'), at('2027-06-12T07:00:00Z'), 'Europe/London', 'en-GB'),
    '21:00 on Friday 11 June 2027',
  );
});

it('counts the day in the venue’s zone across a change of clocks', () => {
  // 28 March 2027, London's clocks go forward at 01:00: an event ending 00:30 GMT, cleared by 02:30 BST.
  assert.equal(
    edgeOf(at('2027-03-28T01:30:00Z'), at('2027-03-28T00:30:00Z'), 'Europe/London', 'en-GB'),
    '02:30',
  );
  assert.equal(
    edgeOf(at('2027-03-28T00:30:00Z'), at('2027-03-27T23:30:00Z'), 'Europe/London', 'en-GB'),
    '00:30 on Sunday 28 March 2027',
  );
});
