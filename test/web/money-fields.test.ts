/**
 * Every workspace form that takes money reads an amount by one rule (src/crm/money.ts): an amount
 * with more decimals than its currency's ISO 4217 exponent is refused beside its field, in words,
 * and nothing is written — `0.001` typed in a US dollar amount is never read as 1.00, and yen take
 * no decimals at all. Over HTTP, on both databases: the booking form's total, a line by hand, a
 * catalogue item's price, the F&B minimum, an installment's amount and a payment's amount.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { updateOrganization } from '../../src/crm/organization/organization.commands.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  addBooking,
  fieldError,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db, 'Decimal Rooms');
    o = `/orgs/${venue.orgId}`;
    await write({ db: suite.db, clock: systemClock }, venue.actor, updateOrganization, {
      ifMatch: undefined,
      input: { currency: 'USD' },
    });
  });
  after(() => server.close());

  const booking = (currency: string) =>
    addBooking(suite.db, venue.actor, {
      name: `Dinner in ${currency}`,
      start_at: '2027-06-01T18:00:00Z',
      end_at: '2027-06-01T22:00:00Z',
      currency,
      accountId: venue.accountId,
    });

  /** What each table holds of the organization, to show that nothing was written. */
  const counts = async () =>
    Promise.all(
      (['bookings', 'line_items', 'items', 'installments', 'payments'] as const).map(async (table) =>
        Number(
          (
            await suite.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('organization_id', '=', venue.orgId)
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    );

  it('refuses 0.001 in every form that takes US dollars, beside its field, writing nothing', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const usd = await booking('USD');
    const page = `${o}/bookings/${usd.id}`;
    const forms: Array<{ form: string; action: string; field: string; fields: Record<string, string> }> = [
      {
        form: `${o}/bookings/new`,
        action: `${o}/bookings`,
        field: 'total_amount',
        fields: {
          name: 'Tiny total',
          start_at: '2027-06-02T18:00',
          end_at: '2027-06-02T22:00',
          timezone: 'UTC',
          currency: 'USD',
          account: venue.accountId,
          status: 'lead',
        },
      },
      {
        form: `${page}/line-items/new`,
        action: `${page}/line-items`,
        field: 'unit_price',
        fields: { from: 'hand', name: 'Corkage', category: 'fee', unit: 'each', quantity: '1', event: '' },
      },
      {
        form: `${o}/settings/catalogue`,
        action: `${o}/settings/catalogue`,
        field: 'unit_price',
        fields: { name: 'Corkage', category: 'fee', unit: 'each', active: 'yes' },
      },
      { form: page, action: `${page}/fnb-minimum`, field: 'fnb_minimum', fields: {} },
      {
        form: `${page}/installments/new`,
        action: `${page}/installments`,
        field: 'amount',
        fields: { label: 'Deposit', basis: 'amount', due: 'signing' },
      },
      {
        form: `${page}/payments/new`,
        action: `${page}/payments`,
        field: 'amount',
        fields: { kind: 'payment', method: 'card', received_on: '2027-01-05' },
      },
    ];
    const before = await counts();
    for (const { form, action, field, fields } of forms) {
      const drawn = await session.request(form);
      assert.equal(drawn.status, 200, `${form}: ${drawn.body.slice(0, 300)}`);
      for (const typed of ['0.001', '0,001', '-0.001']) {
        if (typed === '-0.001' && field !== 'unit_price') continue;
        const sent = await session.request(action, {
          form: { ...formFields(drawn.body, action), ...fields, [field]: typed },
        });
        assert.equal(sent.status, 422, `${action} ${field} ${typed}: ${sent.status}`);
        assert.match(
          fieldError(sent.body, field),
          new RegExp(`^USD amounts have at most 2 decimals; "${typed.replace('.', '\\.')}" has 3\\.`),
          `${action} ${field}`,
        );
        assert.match(sent.body, new RegExp(`name="${field}"[^>]*value="${typed.replace('.', '\\.')}"`));
      }
    }
    assert.deepEqual(await counts(), before, 'nothing was written');
  });

  it('refuses decimals in yen, and reads a grouped amount as the venue wrote it', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const jpy = await booking('JPY');
    const page = `${o}/bookings/${jpy.id}`;
    const drawn = await session.request(`${page}/payments/new`);
    const action = `${page}/payments`;
    const fields = { kind: 'payment', method: 'cash', received_on: '2027-01-05' };
    const refused = await session.request(action, {
      form: { ...formFields(drawn.body, action), ...fields, amount: '0.5' },
    });
    assert.equal(refused.status, 422);
    assert.match(fieldError(refused.body, 'amount'), /^JPY amounts have no decimals; "0\.5" has 1\./);
    const paid = await session.request(action, {
      form: { ...formFields(drawn.body, action), ...fields, amount: '12,000' },
    });
    assert.equal(paid.status, 303, paid.body.slice(0, 500));
    const row = await suite.db
      .selectFrom('payments')
      .select('amount')
      .where('booking_id', '=', jpy.id)
      .executeTakeFirstOrThrow();
    assert.equal(Number(row.amount), 12_000);
  });
});
