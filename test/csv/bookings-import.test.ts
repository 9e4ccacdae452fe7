/**
 * Importing bookings (SPEC §10): rows naming the organization's accounts, contacts and spaces by
 * id import with their references (BK-00001, …), the spaces they hold and their events; their
 * export imports again, except where its definite bookings would double-book a space.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { addMember } from '../../src/identity/identity.service.js';
import { newId } from '../../src/db/ids.js';
import { addSpace, count, csvFile, exportOf, importCsv, importJson } from './csv-fixtures.js';

const records = (csv: string) => parse(csv, { bom: true, columns: true }) as Array<Record<string, string>>;

eachDatabase((suite) => {
  const env = () => suite.database.env;

  it('imports bookings that name existing accounts, contacts and spaces by id', async () => {
    const org = (await makeOrganization(suite.db)).id;
    await importJson(env(), org, 'accounts', csvFile('name\nNorth Pier\n'));
    const account = await suite.db
      .selectFrom('accounts')
      .select('id')
      .where('organization_id', '=', org)
      .executeTakeFirstOrThrow();
    await importJson(env(), org, 'contacts', csvFile(`first_name,account_id\nLin,${account.id}\n`));
    const contact = await suite.db
      .selectFrom('contacts')
      .select('id')
      .where('organization_id', '=', org)
      .executeTakeFirstOrThrow();
    const hall = await addSpace(suite.db, org, 'Great Hall', 300);
    const deck = await addSpace(suite.db, org, 'Sun Deck', 80);
    const file = csvFile(
      [
        'name,status,start_at,end_at,timezone,guest_count,event_type,currency,total_amount,account_id,contact_id,space_ids',
        `Gala,definite,2027-03-01T18:00:00Z,2027-03-01T23:00:00Z,Europe/London,75,gala,gbp,1250000,${account.id},${contact.id},${hall};${deck}`,
        `Next day,tentative,2027-03-02T18:00:00+01:00,2027-03-02T22:00:00+01:00,,,,,,${account.id},,${hall}`,
        `Same evening after,definite,2027-03-01T23:00:00Z,2027-03-02T01:00:00Z,,,,,,${account.id},,${hall}`,
      ].join('\n'),
    );
    const result = await importJson(env(), org, 'bookings', file);
    assert.deepEqual(result.errors, []);
    assert.equal(result.imported, 3);
    const bookings = await suite.db
      .selectFrom('bookings')
      .selectAll()
      .where('organization_id', '=', org)
      .orderBy('reference')
      .execute();
    assert.deepEqual(
      bookings.map((b) => [b.reference, b.name, b.status, b.currency, Number(b.total_amount)]),
      [
        ['BK-00001', 'Gala', 'definite', 'GBP', 1250000],
        ['BK-00002', 'Next day', 'tentative', 'USD', 0],
        ['BK-00003', 'Same evening after', 'definite', 'USD', 0],
      ],
    );
    assert.equal(bookings[1]?.start_at, '2027-03-02T17:00:00.000Z');
    // SPEC §14: a booking records the door it came through as its source.
    assert.deepEqual(
      bookings.map((b) => b.source),
      ['import', 'import', 'import'],
    );
    const spaceNames = new Map(
      (
        await suite.db
          .selectFrom('spaces')
          .select(['id', 'name'])
          .where('organization_id', '=', org)
          .execute()
      ).map((s) => [s.id, s.name]),
    );
    assert.deepEqual(
      (JSON.parse(bookings[0]!.space_ids) as string[]).map((id) => spaceNames.get(id)),
      ['Great Hall', 'Sun Deck'],
    );
    assert.equal(bookings[0]?.contact_id, contact.id);
    const holdings = await suite.db
      .selectFrom('booking_spaces')
      .select('space_id')
      .where('booking_id', '=', bookings[0]!.id)
      .execute();
    assert.deepEqual(holdings.map((h) => h.space_id).sort(), [hall, deck].sort());
    // An account, a contact, three bookings, each booking's first event, and the event type
    // "gala" its first row names.
    assert.equal(await count(suite.db, 'changes', org), 9);
    const [gala] = await suite.db
      .selectFrom('events')
      .innerJoin('event_types', 'event_types.id', 'events.event_type_id')
      .select(['event_types.value', 'events.start_date', 'events.start_time'])
      .where('events.booking_id', '=', bookings[0]!.id)
      .execute();
    assert.deepEqual(gala, { value: 'gala', start_date: '2027-03-01', start_time: '18:00' });

    // Its export imports into the same organization as new bookings, except that the definite
    // ones would now double-book their spaces.
    const exported = (await exportOf(env(), org, 'bookings')).stdout;
    const row = records(exported)[0]!;
    assert.equal(row.space_ids, `${hall};${deck}`);
    assert.equal(row.room_names, 'Great Hall;Sun Deck');
    assert.equal(row.account_name, 'North Pier');
    const twice = await importCsv(env(), org, 'bookings', csvFile(exported));
    assert.equal(twice.code, 2);
    assert.match(
      twice.stderr,
      /row 2, column space_ids: Great Hall is already held by BK-00001 \(definite\), its event/,
    );
    assert.match(
      twice.stderr,
      /row 4, column space_ids: Great Hall is already held by BK-00003 \(definite\), its event/,
    );
    const tentativeOnly = exported.replace(/,definite,/g, ',tentative,');
    assert.equal((await importJson(env(), org, 'bookings', csvFile(tentativeOnly))).imported, 3);
    const references = await suite.db
      .selectFrom('bookings')
      .select('reference')
      .where('organization_id', '=', org)
      .orderBy('reference')
      .execute();
    assert.deepEqual(references.map((r) => r.reference).slice(-3), ['BK-00004', 'BK-00005', 'BK-00006']);
  });

  it("imports and exports a booking's stage and referral source, by id or by name whatever its case", async () => {
    const org = (await makeOrganization(suite.db)).id;
    await importJson(env(), org, 'accounts', csvFile('name\nNorth Pier\n'));
    const stages = new Map(
      (
        await suite.db
          .selectFrom('stages')
          .select(['id', 'name'])
          .where('organization_id', '=', org)
          .execute()
      ).map((s) => [s.name, s.id]),
    );
    const fair = newId();
    await suite.db
      .insertInto('referral_sources')
      .values({
        id: fair,
        organization_id: org,
        name: 'Wedding fair',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    const evening = '2027-05-01T18:00:00Z,2027-05-01T23:00:00Z,North Pier';
    const file = csvFile(
      [
        'name,start_at,end_at,account_name,stage_id,stage_name,referral_source_id,referral_source_name',
        `By name,${evening},,proposal SENT,,wedding fair`,
        `By id,${evening},${stages.get('Negotiating')},,${fair},`,
        `In none,${evening},,,,`,
      ].join('\n'),
    );
    const result = await importJson(env(), org, 'bookings', file);
    assert.deepEqual(result.errors, []);
    const placed = async () =>
      (
        await suite.db
          .selectFrom('bookings')
          .select(['name', 'stage_id', 'referral_source_id'])
          .where('organization_id', '=', org)
          .orderBy('reference')
          .execute()
      ).map((b) => [b.name, b.stage_id, b.referral_source_id]);
    assert.deepEqual(await placed(), [
      ['By name', stages.get('Proposal sent'), fair],
      ['By id', stages.get('Negotiating'), fair],
      ['In none', null, null],
    ]);
    // A file without the columns puts a new booking at the first stage, as the API does.
    await importJson(
      env(),
      org,
      'bookings',
      csvFile(`name,start_at,end_at,account_name\nFirst,${evening}\n`),
    );
    assert.deepEqual((await placed())[3], ['First', stages.get('New inquiry'), null]);

    const rows = records((await exportOf(env(), org, 'bookings')).stdout);
    assert.deepEqual(
      rows.map((r) => [r.name, r.stage_name, r.referral_source_name]),
      [
        ['By name', 'Proposal sent', 'Wedding fair'],
        ['By id', 'Negotiating', 'Wedding fair'],
        ['In none', '', ''],
        ['First', 'New inquiry', ''],
      ],
    );

    const unknown = await importCsv(
      env(),
      org,
      'bookings',
      csvFile(
        `name,start_at,end_at,account_name,stage_name,referral_source_name\nX,${evening},Lost,Radio\nY,${evening},,${'r'.repeat(201)}\n`,
      ),
    );
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /row 2, column stage_name: No stage of this organization is named "Lost"\./);
    assert.match(unknown.stderr, /row 3, column referral_source_name: A referral source's name is at most/);
    // A source the organization has not yet is made once, whatever the case of its rows.
    const sourced = await importJson(
      env(),
      org,
      'bookings',
      csvFile(
        `name,start_at,end_at,account_name,referral_source_name\nA,${evening},Radio\nB,${evening},RADIO\n`,
      ),
    );
    assert.deepEqual(sourced.errors, []);
    const sources = await suite.db
      .selectFrom('referral_sources')
      .select(['id', 'name'])
      .where('organization_id', '=', org)
      .where('name', '=', 'Radio')
      .execute();
    assert.equal(sources.length, 1);
    assert.deepEqual(
      (await placed()).slice(4).map((b) => [b[0], b[2]]),
      [
        ['A', sources[0]!.id],
        ['B', sources[0]!.id],
      ],
    );
    const told = await suite.db
      .selectFrom('changes')
      .select('type')
      .where('organization_id', '=', org)
      .where('type', '=', 'referral_source.created')
      .execute();
    assert.equal(told.length, 1);
  });

  it("finds a booking's contact by e-mail, whatever its case, when its id is not the organization's", async () => {
    const contactIn = async (org: string, email: string) => {
      await importJson(env(), org, 'accounts', csvFile('name\nNorth Pier\n'));
      await importJson(
        env(),
        org,
        'contacts',
        csvFile(`first_name,email,account_name\nLin,${email},North Pier\n`),
      );
      return suite.db
        .selectFrom('contacts')
        .select('id')
        .where('organization_id', '=', org)
        .executeTakeFirstOrThrow();
    };
    const from = (await makeOrganization(suite.db)).id;
    const theirs = await contactIn(from, 'Lin@Example.org');
    const file = csvFile(
      `name,start_at,end_at,account_name,contact_id\nLaunch,2027-05-01T18:00:00Z,2027-05-01T23:00:00Z,North Pier,${theirs.id}\n`,
    );
    assert.deepEqual((await importJson(env(), from, 'bookings', file)).errors, []);
    const exported = (await exportOf(env(), from, 'bookings')).stdout;
    assert.equal(records(exported)[0]!.contact_email, 'Lin@Example.org');

    const to = (await makeOrganization(suite.db)).id;
    const ours = await contactIn(to, 'lin@example.ORG');
    assert.deepEqual((await importJson(env(), to, 'bookings', csvFile(exported))).errors, []);
    const booking = await suite.db
      .selectFrom('bookings')
      .select('contact_id')
      .where('organization_id', '=', to)
      .executeTakeFirstOrThrow();
    assert.equal(booking.contact_id, ours.id);

    const unknown = await importCsv(
      env(),
      to,
      'bookings',
      csvFile(
        `name,start_at,end_at,account_name,contact_email\nX,2027-05-02T18:00:00Z,2027-05-02T23:00:00Z,North Pier,nobody@example.org\n`,
      ),
    );
    assert.equal(unknown.code, 2);
    assert.match(
      unknown.stderr,
      /row 2, column contact_email: No contact of this organization has the e-mail address "nobody@example.org"\./,
    );
  });

  it('finds an owner by e-mail when the owner_id is not a member of the organization', async () => {
    const from = (await makeOrganization(suite.db)).id;
    const to = (await makeOrganization(suite.db)).id;
    const owner = await makeUser(suite.db, from, { email: `Owner.${from}@Test.Example` });
    await addMember(suite.db, to, owner.email);
    await importJson(env(), from, 'accounts', csvFile(`name,owner_id\nNorth Pier,${owner.id}\n`));
    const file = csvFile(
      `name,start_at,end_at,account_name,owner_id\nLaunch,2027-05-01T18:00:00Z,2027-05-01T23:00:00Z,North Pier,${owner.id}\n`,
    );
    assert.deepEqual((await importJson(env(), from, 'bookings', file)).errors, []);
    const accounts = (await exportOf(env(), from, 'accounts')).stdout;
    const bookings = (await exportOf(env(), from, 'bookings')).stdout;
    assert.equal(records(accounts)[0]!.owner_email, owner.email);
    assert.equal(records(bookings)[0]!.owner_email, owner.email);
    // The member's id is the same in both organizations here; a file naming another id finds them by e-mail.
    const elsewhere = (csv: string) => csv.replaceAll(owner.id, 'someone-of-another-installation');
    assert.deepEqual((await importJson(env(), to, 'accounts', csvFile(elsewhere(accounts)))).errors, []);
    assert.deepEqual((await importJson(env(), to, 'bookings', csvFile(elsewhere(bookings)))).errors, []);
    const owners = await suite.db
      .selectFrom('bookings')
      .select('owner_id')
      .where('organization_id', '=', to)
      .union(suite.db.selectFrom('accounts').select('owner_id').where('organization_id', '=', to))
      .execute();
    assert.deepEqual(owners, [{ owner_id: owner.id }]);

    const stranger = await importCsv(
      env(),
      to,
      'accounts',
      csvFile('name,owner_id,owner_email\nX,nobody-here,nobody@example.org\n'),
    );
    assert.equal(stranger.code, 2);
    assert.match(
      stranger.stderr,
      /row 2, column owner_email: No member of this organization has the e-mail address "nobody@example.org"\./,
    );
  });
});
