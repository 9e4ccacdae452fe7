/**
 * Imported bookings keep the booking rules (SPEC §7): the statuses a booking may start with,
 * start before end, capacity, currencies, time zones, accounts by name, and no double booking
 * of a space by two definite bookings (half-open intervals) within the file.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { addSpace, count, csvFile, importJson } from './csv-fixtures.js';

eachDatabase((suite) => {
  const env = () => suite.database.env;
  let org: string;

  before(async () => {
    org = (await makeOrganization(suite.db)).id;
  });

  it('keeps the booking rules: statuses, times, capacity and no double booking', async () => {
    await importJson(env(), org, 'accounts', csvFile('name\nRules Account\n'));
    const hall = await addSpace(suite.db, org, 'Rules Hall', 50);
    const member = await makeUser(suite.db, org);
    const file = csvFile(
      [
        'name,status,start_at,end_at,guest_count,currency,timezone,account_name,owner_id,space_ids',
        `Lost,lost,2027-01-01T10:00:00Z,2027-01-01T12:00:00Z,,,,Rules Account,,`,
        `Backwards,lead,2027-01-01T12:00:00Z,2027-01-01T10:00:00Z,,,,Rules Account,,`,
        `Crowd,lead,2027-01-02T10:00:00Z,2027-01-02T12:00:00Z,51,,,Rules Account,,${hall}`,
        `Odd,wrong,2027-01-03 10:00,2027-01-03T12:00:00Z,-1,EURO,Mars/Base,Nobody,,`,
        `First,definite,2027-01-04T10:00:00Z,2027-01-04T12:00:00Z,,,,Rules Account,${member.id},${hall}`,
        `Overlap,definite,2027-01-04T11:00:00Z,2027-01-04T11:30:00Z,,,,Rules Account,,${hall}`,
        `Adjacent,definite,2027-01-04T12:00:00Z,2027-01-04T14:00:00Z,,,,Rules Account,,${hall}`,
        `Option,tentative,2027-01-04T10:00:00Z,2027-01-04T12:00:00Z,,,,Rules Account,,${hall}`,
      ].join('\n'),
    );
    const result = await importJson(env(), org, 'bookings', file);
    const errors = (result.errors as Array<{ row: number; column: string; message: string }>).map(
      (e) => `${e.row} ${e.column}: ${e.message}`,
    );
    // The messages are the API's (and the forms'): the same rule says the same sentence at every door.
    // Within a row, what could not be read comes first, then what the rules refused.
    assert.deepEqual(errors, [
      '2 lost_reason: Say why the booking was lost.',
      '3 end_at: A booking must end after it starts.',
      '4 guest_count: 51 guests do not fit: the smallest of its spaces takes 50.',
      '5 start_at: "2027-01-03 10:00" is not a date-time with an offset, such as 2026-05-01T18:00:00Z.',
      '5 guest_count: "-1" is not a whole number from 0 to 1000000.',
      '5 account_name: No account of this organization is named "Nobody".',
      '5 timezone: "Mars/Base" is not an IANA time zone such as Europe/Berlin or UTC.',
      '5 currency: "EURO" is not an ISO 4217 currency code such as USD.',
      '5 status: "wrong" is not a status; one of lead, tentative, definite, closed, lost.',
      '7 space_ids: Rules Hall is already held by row 6 of this file (definite), its event "Main event", from 2027-01-04T10:00:00.000Z to 2027-01-04T12:00:00.000Z.',
    ]);
    assert.equal(await count(suite.db, 'bookings', org), 0);
  });

  it('imports closed and lost bookings as an export wrote them (their history moves too)', async () => {
    const history = csvFile(
      [
        'name,status,start_at,end_at,account_name,lost_reason',
        `Last year's gala,closed,2025-05-01T18:00:00Z,2025-05-01T23:00:00Z,Rules Account,`,
        `Went elsewhere,lost,2027-02-01T18:00:00Z,2027-02-01T23:00:00Z,Rules Account,Budget`,
      ].join('\n'),
    );
    const result = await importJson(env(), org, 'bookings', history);
    assert.deepEqual(result.errors, []);
    const rows = await suite.db
      .selectFrom('bookings')
      .select(['name', 'status', 'lost_reason'])
      .where('organization_id', '=', org)
      .orderBy('reference')
      .execute();
    assert.deepEqual(rows, [
      { name: "Last year's gala", status: 'closed', lost_reason: null },
      { name: 'Went elsewhere', status: 'lost', lost_reason: 'Budget' },
    ]);
  });
});
