/**
 * The payment schedule's arithmetic (src/crm/payments/schedule.ts), by properties over any
 * schedule and payments: with a remainder, the amounts due add up to the grand total exactly;
 * what is paid of the installments never passes what was paid in all, nor any installment's due
 * beyond what named it; payments fill the installments in the order they fall due, those due on
 * signing first, and refunds take back from the latest; and the states follow the day.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import { resolveSchedule, type ScheduleTerm } from '../../src/crm/payments/schedule.js';

const day = fc
  .integer({ min: 0, max: 400 })
  .map((n) => new Date(Date.UTC(2027, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
const term = (id: string, position: number) =>
  fc
    .record({
      kind: fc.constantFrom('amount', 'percentage'),
      amount: fc.integer({ min: 1, max: 200_000 }),
      percentage: fc.integer({ min: 0, max: 2500 }).map((n) => String(n / 100)),
      due: fc.option(day, { nil: null }),
    })
    .map((t): ScheduleTerm => ({
      id,
      position,
      amount: t.kind === 'amount' ? t.amount : null,
      percentage: t.kind === 'percentage' ? t.percentage : null,
      remainder: false,
      due_date: t.due,
      due_days_before: null,
      due_on_signing: t.due === null,
    }));
const schedule = fc
  .integer({ min: 0, max: 4 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => term(`i${i}`, i + 1))))
  .map((terms) => [
    ...terms,
    {
      id: 'rest',
      position: 99,
      amount: null,
      percentage: null,
      remainder: true,
      due_date: '2028-01-01',
      due_days_before: null,
      due_on_signing: false,
    },
  ]);
const payments = fc.array(fc.record({ amount: fc.integer({ min: 1, max: 500_000 }), refund: fc.boolean() }), {
  maxLength: 6,
});

it('adds the amounts due up to the grand total, and never applies more than was paid', () => {
  fc.assert(
    fc.property(
      schedule,
      payments,
      fc.integer({ min: 0, max: 5_000_000 }),
      day,
      (terms, paid, grandTotal, today) => {
        const fixed = resolveSchedule(
          terms.filter((t) => !t.remainder),
          [],
          {
            grandTotal,
            firstEventDay: null,
            today,
            signed: false,
          },
        );
        const parts = [...fixed.values()].reduce((sum, i) => sum + i.amount_due, 0);
        fc.pre(parts <= grandTotal);
        let net = 0;
        const applied = paid.map((p) => {
          const kind = p.refund && net >= p.amount ? 'refund' : 'payment';
          net += kind === 'refund' ? -p.amount : p.amount;
          return { installment_id: null, kind, amount: p.amount } as const;
        });
        const resolved = [
          ...resolveSchedule(terms, applied, {
            grandTotal,
            firstEventDay: null,
            today,
            signed: false,
          }).values(),
        ];
        assert.equal(
          resolved.reduce((sum, i) => sum + i.amount_due, 0),
          grandTotal,
        );
        const spread = resolved.reduce((sum, i) => sum + i.paid_amount, 0);
        assert.equal(spread, Math.min(net, grandTotal));
        // In the order they fall due (due on signing first, then by day, then by position), what
        // was paid fills a prefix: nothing later is paid while an earlier one is short.
        const byId = resolveSchedule(terms, applied, {
          grandTotal,
          firstEventDay: null,
          today,
          signed: false,
        });
        const order = [...terms].sort(
          (a, b) =>
            Number(!a.due_on_signing) - Number(!b.due_on_signing) ||
            (a.due_date ?? '').localeCompare(b.due_date ?? '') ||
            a.position - b.position,
        );
        let short = false;
        for (const t of order) {
          const i = byId.get(t.id)!;
          if (short) assert.equal(i.paid_amount, 0, `${t.id} is paid while an earlier one is short`);
          if (i.paid_amount < i.amount_due) short = true;
        }
        for (const i of resolved) {
          assert.ok(i.paid_amount >= 0 && i.paid_amount <= i.amount_due);
          assert.equal(i.state === 'paid', i.amount_due > 0 && i.paid_amount >= i.amount_due);
          if (i.state === 'overdue') assert.ok(i.due_on !== null && i.due_on < today && i.amount_due > 0);
        }
      },
    ),
  );
});

it('fills the installments in the order they fall due, every one due on signing first', () => {
  const facts = { grandTotal: 300, firstEventDay: '2027-10-01', today: '2027-03-15', signed: true };
  const terms: ScheduleTerm[] = [
    {
      id: 'late',
      position: 1,
      amount: 100,
      percentage: null,
      remainder: false,
      due_date: '2027-09-01',
      due_days_before: null,
      due_on_signing: false,
    },
    {
      id: 'signing',
      position: 2,
      amount: 100,
      percentage: null,
      remainder: false,
      due_date: null,
      due_days_before: null,
      due_on_signing: true,
    },
    {
      id: 'early',
      position: 3,
      amount: 100,
      percentage: null,
      remainder: false,
      due_date: null,
      due_days_before: 200,
      due_on_signing: false,
    },
  ];
  const figures = (resolved: ReturnType<typeof resolveSchedule>) =>
    ['signing', 'early', 'late'].map((id) => [
      resolved.get(id)!.due_on,
      resolved.get(id)!.paid_amount,
      resolved.get(id)!.state,
    ]);
  const paid = resolveSchedule(terms, [{ installment_id: null, kind: 'payment', amount: 150 }], facts);
  assert.deepEqual(
    figures(paid),
    [
      [null, 100, 'paid'],
      ['2027-03-15', 50, 'due'],
      ['2027-09-01', 0, 'scheduled'],
    ],
    'the deposit due on signing is paid before the installment due earliest by day',
  );
  // The latest is the last in that order: a refund takes back from the dated ones first, the
  // latest day first, and from the deposit due on signing last.
  const refunded = resolveSchedule(
    terms,
    [
      { installment_id: null, kind: 'payment', amount: 250 },
      { installment_id: null, kind: 'refund', amount: 120 },
    ],
    facts,
  );
  assert.deepEqual(
    figures(refunded).map(([, amount]) => amount),
    [100, 30, 0],
  );
  // Not yet dated (days before an event not yet placed): after the dated ones.
  const undated = resolveSchedule(terms, [{ installment_id: null, kind: 'payment', amount: 250 }], {
    ...facts,
    firstEventDay: null,
  });
  assert.deepEqual(
    figures(undated).map(([, amount]) => amount),
    [100, 50, 100],
  );
});

it('spills what a payment pays past the installment it names onto the others, and refunds back', () => {
  const term = (id: string, position: number, amount: number | null, remainder = false): ScheduleTerm => ({
    id,
    position,
    amount,
    percentage: null,
    remainder,
    due_date: `2027-0${position}-01`,
    due_days_before: null,
    due_on_signing: false,
  });
  const terms = [term('deposit', 1, 100), term('balance', 2, null, true)];
  const facts = { grandTotal: 1000, firstEventDay: null, today: '2027-01-15', signed: false };
  const paid = resolveSchedule(terms, [{ installment_id: 'deposit', kind: 'payment', amount: 1000 }], facts);
  assert.deepEqual(
    [paid.get('deposit')!.paid_amount, paid.get('balance')!.paid_amount, paid.get('balance')!.state],
    [100, 900, 'paid'],
  );
  const refunded = resolveSchedule(
    terms,
    [
      { installment_id: null, kind: 'payment', amount: 300 },
      { installment_id: 'balance', kind: 'refund', amount: 250 },
    ],
    facts,
  );
  assert.deepEqual(
    [refunded.get('deposit')!.paid_amount, refunded.get('balance')!.paid_amount],
    [50, 0],
    'the named installment gives back what it holds, the latest the rest',
  );
  const unpriced = resolveSchedule([{ ...term('deposit', 1, null), percentage: '25' }], [], {
    ...facts,
    grandTotal: -1000,
  });
  assert.deepEqual([unpriced.get('deposit')!.amount_due, unpriced.get('deposit')!.state], [0, 'scheduled']);
});

/** A schedule resolved again after the grand total changed, as the keeping does: paid ones settle. */
const settledFrom = (
  terms: readonly ScheduleTerm[],
  before: Map<string, { amount_due: number; state: string }>,
) =>
  terms.map((t) => {
    const was = before.get(t.id)!;
    return { ...t, settled: was.state === 'paid' ? was.amount_due : null };
  });

it('keeps what a paid installment was paid at when the total changes, and the rest still adds up to the balance', () => {
  const paymentsOf = (amounts: readonly number[]) =>
    amounts.map((amount) => ({ installment_id: null, kind: 'payment', amount }) as const);
  fc.assert(
    fc.property(
      schedule,
      fc.boolean(),
      fc.integer({ min: 0, max: 5_000_000 }),
      fc.integer({ min: 0, max: 5_000_000 }),
      fc.array(fc.integer({ min: 1, max: 2_000_000 }), { maxLength: 3 }),
      fc.array(fc.integer({ min: 1, max: 2_000_000 }), { maxLength: 3 }),
      day,
      (withRemainder, remainderKept, before, after, paidBefore, paidAfter, today) => {
        // Without a remainder, the last installment's terms are whatever was drawn.
        const terms = remainderKept ? withRemainder : withRemainder.slice(0, -1);
        fc.pre(terms.length > 0);
        const facts = (grandTotal: number) => ({ grandTotal, firstEventDay: null, today, signed: false });
        const first = resolveSchedule(terms, paymentsOf(paidBefore), facts(before));
        const net = [...paidBefore, ...paidAfter].reduce((sum, p) => sum + p, 0);
        const settledTerms = settledFrom(terms, first);
        const second = resolveSchedule(settledTerms, paymentsOf([...paidBefore, ...paidAfter]), facts(after));
        const rows = [...second.values()];
        const stillToPay = rows.reduce((sum, i) => sum + (i.amount_due - i.paid_amount), 0);
        for (const i of rows)
          assert.ok(0 <= i.paid_amount && i.paid_amount <= i.amount_due, 'paid within its due');
        // Never asked for more than the balance.
        assert.ok(
          stillToPay <= Math.max(0, after - net),
          `${stillToPay} to pay of a balance of ${after - net}`,
        );
        // Paid in full before, paid in full still, at the same amount (payments only came in).
        for (const t of settledTerms) {
          if (!t.settled || t.remainder) continue;
          assert.equal(second.get(t.id)!.amount_due, t.settled, `${t.id} keeps what it was paid at`);
          assert.equal(second.get(t.id)!.state, 'paid');
        }
        // A schedule with a remainder covers the total: what is left to pay is the balance.
        const settledSum = settledTerms.reduce((sum, t) => sum + (t.remainder ? 0 : (t.settled ?? 0)), 0);
        if (remainderKept && settledSum <= after) {
          assert.equal(
            rows.reduce((sum, i) => sum + i.amount_due, 0),
            after,
            'the amounts due come to the grand total',
          );
          assert.equal(stillToPay, Math.max(0, after - net), 'what is still to pay is the balance due');
        }
        // Resolving again changes nothing (the keeping is idempotent).
        const third = resolveSchedule(
          settledFrom(settledTerms, second),
          paymentsOf([...paidBefore, ...paidAfter]),
          facts(after),
        );
        assert.deepEqual([...third.values()], rows);
      },
    ),
    { numRuns: 500 },
  );
});

it('lets a settled deposit go back to its terms once a refund leaves it short', () => {
  const terms: ScheduleTerm[] = [
    {
      id: 'deposit',
      position: 1,
      amount: null,
      percentage: '30',
      remainder: false,
      due_date: null,
      due_days_before: null,
      due_on_signing: true,
      settled: 30_000,
    },
    {
      id: 'rest',
      position: 2,
      amount: null,
      percentage: null,
      remainder: true,
      due_date: '2027-09-01',
      due_days_before: null,
      due_on_signing: false,
    },
  ];
  const facts = { grandTotal: 200_000, firstEventDay: null, today: '2027-03-01', signed: true };
  const kept = resolveSchedule(terms, [{ installment_id: null, kind: 'payment', amount: 30_000 }], facts);
  assert.deepEqual(
    [kept.get('deposit'), kept.get('rest')].map((i) => [i!.amount_due, i!.paid_amount, i!.state]),
    [
      [30_000, 30_000, 'paid'],
      [170_000, 0, 'scheduled'],
    ],
  );
  const short = resolveSchedule(
    terms,
    [
      { installment_id: null, kind: 'payment', amount: 30_000 },
      { installment_id: null, kind: 'refund', amount: 10_000 },
    ],
    facts,
  );
  assert.deepEqual(
    [short.get('deposit'), short.get('rest')].map((i) => [i!.amount_due, i!.paid_amount, i!.state]),
    [
      [60_000, 20_000, 'due'],
      [140_000, 0, 'scheduled'],
    ],
  );
});
