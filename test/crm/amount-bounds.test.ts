/**
 * The bounds of money amounts are the rules' own (SPEC §12), not only the API schema's: an
 * installment's and a payment's amount are whole minor units from 1 to AMOUNT_LIMIT, and a
 * booking's F&B minimum from 0 to UNIT_PRICE_LIMIT, whatever door the input came through, so the
 * sums they enter stay exact.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { checkBooking } from '../../src/crm/bookings/booking-rules.js';
import { venueFacts } from '../../src/crm/facts.js';
import { checkInstallment } from '../../src/crm/payments/installment-rules.js';
import { paymentProblems } from '../../src/crm/payments/payments.js';
import { AMOUNT_LIMIT, UNIT_PRICE_LIMIT, wholeAmount } from '../../src/crm/money.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';

const facts = { booking: { id: 'b1', grand_total: 0, currency: 'USD' }, others: [], nextPosition: 1 };
const installment = (amount: number) =>
  checkInstallment({ bookingId: 'b1', label: 'Deposit', amount, due_on_signing: true }, undefined, facts);
const amountProblems = (checked: { problems: ReadonlyArray<{ field?: string | undefined }> }) =>
  checked.problems.filter((p) => p.field === 'amount');

it('knows a whole amount within bounds', () => {
  assert.equal(wholeAmount(1, 1, 10), true);
  assert.equal(wholeAmount(10, 1, 10), true);
  for (const value of [0, 11, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])
    assert.equal(wholeAmount(value, 1, 10), false, String(value));
});

it('refuses an installment amount past its bounds, or not whole', () => {
  for (const amount of [0, -5, 2.5, AMOUNT_LIMIT + 1, Number.MAX_SAFE_INTEGER + 2])
    assert.equal(amountProblems(installment(amount)).length, 1, String(amount));
  // Past the grand total, but not past the bounds: that is over_total, another problem.
  assert.deepEqual(
    amountProblems(installment(AMOUNT_LIMIT)).map((p) => (p as { code?: string }).code),
    ['over_total'],
  );
});

it('refuses an F&B minimum past its bounds, or not whole', () => {
  const venue = venueFacts('u1', {
    accounts: new Set(['a1']),
    contacts: new Set(),
    members: new Set(['u1']),
    spaces: new Map(),
  });
  const minimumProblems = (fnb_minimum: number) =>
    checkBooking(
      {
        name: 'Gala',
        accountId: 'a1',
        start_at: '2030-05-01T18:00:00Z',
        end_at: '2030-05-01T23:00:00Z',
        fnb_minimum,
      },
      undefined,
      venue,
    ).problems.filter((p) => p.field === 'fnb_minimum');
  for (const fnb of [-1, 0.5, UNIT_PRICE_LIMIT + 1])
    assert.equal(minimumProblems(fnb).length, 1, String(fnb));
  for (const fnb of [0, UNIT_PRICE_LIMIT]) assert.deepEqual(minimumProblems(fnb), [], String(fnb));
});

eachDatabase((suite) => {
  it('refuses a payment amount past its bounds, or not whole', async () => {
    const org = (await makeOrganization(suite.db)).id;
    for (const amount of [0, 2.5, AMOUNT_LIMIT + 1]) {
      const problems = await paymentProblems(
        suite.db,
        { organizationId: org },
        { bookingId: 'none', amount },
      );
      assert.ok(
        problems.some((p) => p.field === 'amount' && /whole number of minor units/.test(p.detail)),
        `${amount}: ${JSON.stringify(problems)}`,
      );
    }
    const fine = await paymentProblems(
      suite.db,
      { organizationId: org },
      { bookingId: 'none', amount: AMOUNT_LIMIT },
    );
    assert.deepEqual(
      fine.map((p) => p.field),
      ['booking'],
      'only the booking is wrong',
    );
  });
});
