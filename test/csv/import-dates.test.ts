/**
 * `marquee import --type events` refuses a day that does not exist (2027-02-31, which Date.parse
 * reads as 3 March) in the row and column it is in, on both databases, and imports nothing.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { eachDatabase } from '../helpers/databases.js';
import { csvFile, importJson } from './csv-fixtures.js';
import { described, EVENT_HEADER, eventsOf, eventVenue } from './event-fixtures.js';

eachDatabase((suite) => {
  it('refuses an event on a day that does not exist, naming the row and the column', async () => {
    const v = await eventVenue(suite.db, suite.database.env);
    const before = (await eventsOf(suite.db, v.org)).length;
    const file = csvFile(
      [
        EVENT_HEADER,
        `${v.wedding},,Dinner,2027-02-31T18:00:00Z,2027-03-01T23:00:00Z,,,,,,${v.hall}`,
        `${v.wedding},,Brunch,2027-06-06T10:00:00Z,2027-04-31T12:00:00+02:00,,,,,,${v.deck}`,
      ].join('\n'),
    );
    const result = await importJson(suite.database.env, v.org, 'events', file);
    assert.equal(result.imported, 0);
    assert.deepEqual(described(result.errors), [
      '2 start_at: "2027-02-31T18:00:00Z" is not a date and time that exists.',
      '3 end_at: "2027-04-31T12:00:00+02:00" is not a date and time that exists.',
    ]);
    assert.equal((await eventsOf(suite.db, v.org)).length, before);
  });
});
