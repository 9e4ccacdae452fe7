/**
 * Every report has something true to show over the demo venue (SPEC §14): its bookings reach from
 * a year before the clock's today to a year after; the pipeline report has every status, in past
 * and coming months, and the board every stage; conversion has leads won and lost, with reasons;
 * revenue by space has several spaces over the past months; payments due has installments due
 * today and overdue. The figures are worked out here from the bookings, lines and installments
 * themselves, not read back from the reports.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { BOOKING_STATUSES } from '../../src/crm/bookings/booking.table.js';
import { DEFAULT_STAGES } from '../../src/crm/pipelines/index.js';
import { runReport } from '../../src/crm/reports/reports.js';
import { DEMO_ZONE } from '../../src/demo/demo-data.js';
import { DEMO_REFERRAL_SOURCES } from '../../src/demo/demo-pipeline.js';
import { seedDemo } from '../../src/demo/seed-demo.js';
import { addDays, localDate } from '../../src/web/workspace/time-zones.js';
import { eachDatabase } from '../helpers/databases.js';

/** Friday 31 October 2031, 09:00 in Boston. */
const NOW = Date.parse('2031-10-31T13:00:00Z');
const TODAY = '2031-10-31';
const THIS_MONTH = '2031-10';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const countBy = <T>(items: readonly T[], key: (item: T) => string) => {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
};

eachDatabase((suite) => {
  let orgId: string;
  let bookings: Array<{
    id: string;
    status: string;
    start_at: string;
    lost_reason: string | null;
    line_count: number;
    grand_total: number;
    total_amount: number;
  }>;

  before(async () => {
    orgId = (await seedDemo(suite.db, { now: () => NOW })).org_id;
    bookings = await suite.db
      .selectFrom('bookings')
      .select(['id', 'status', 'start_at', 'lost_reason', 'line_count', 'grand_total', 'total_amount'])
      .where('organization_id', '=', orgId)
      .execute();
  });
  const report = (name: Parameters<typeof runReport>[2], range = {}) =>
    runReport(suite.db, orgId, name, range);
  const worth = (b: (typeof bookings)[number]) =>
    Number(b.line_count) > 0 ? Number(b.grand_total) : Number(b.total_amount);

  it('books from a year before today to a year after, dated by the clock', () => {
    const days = bookings.map((b) => localDate(Date.parse(b.start_at), DEMO_ZONE)).sort();
    assert.ok(days[0]! >= addDays(TODAY, -366) && days[0]! < addDays(TODAY, -350), days[0]);
    assert.ok(days.at(-1)! <= addDays(TODAY, 366) && days.at(-1)! > addDays(TODAY, 330), days.at(-1));
    const months = new Set(days.map((d) => d.slice(0, 7)));
    assert.ok(months.size >= 24, `${months.size} months hold a booking`);
  });

  it('has every status in the pipeline report, past and coming, as the bookings add up', async () => {
    const rows = await report('pipeline');
    for (const status of BOOKING_STATUSES) {
      const mine = bookings.filter((b) => b.status === status);
      const of = rows.filter((r) => r.status === status);
      assert.ok(mine.length > 0, `some ${status} bookings`);
      assert.equal(sum(of.map((r) => Number(r.count))), mine.length, status);
      assert.equal(sum(of.map((r) => Number(r.grand_total))), sum(mine.map(worth)), status);
    }
    const past = new Set(rows.filter((r) => String(r.month) < THIS_MONTH).map((r) => r.status));
    const coming = new Set(rows.filter((r) => String(r.month) > THIS_MONTH).map((r) => r.status));
    assert.deepEqual([...past].sort(), ['closed', 'lost']);
    assert.deepEqual([...coming].sort(), ['definite', 'lead', 'lost', 'tentative']);

    const placed = await suite.db
      .selectFrom('bookings as b')
      .innerJoin('stages as s', 's.id', 'b.stage_id')
      .leftJoin('referral_sources as r', 'r.id', 'b.referral_source_id')
      .select(['s.name as stage', 'r.name as source'])
      .where('b.organization_id', '=', orgId)
      .execute();
    assert.deepEqual([...new Set(placed.map((p) => p.stage))].sort(), [...DEFAULT_STAGES].sort());
    const sources = await suite.db
      .selectFrom('bookings as b')
      .innerJoin('referral_sources as r', 'r.id', 'b.referral_source_id')
      .select('r.name')
      .where('b.organization_id', '=', orgId)
      .execute();
    assert.deepEqual([...new Set(sources.map((s) => s.name))].sort(), [...DEMO_REFERRAL_SOURCES].sort());
  });

  it('converts some leads and loses others, each for a reason', async () => {
    const rows = await report('conversion');
    const won = bookings.filter((b) => b.status === 'definite' || b.status === 'closed');
    const lost = bookings.filter((b) => b.status === 'lost');
    assert.equal(sum(rows.map((r) => Number(r.leads))), bookings.length);
    assert.equal(sum(rows.map((r) => Number(r.won))), won.length);
    assert.equal(sum(rows.map((r) => Number(r.won_total))), sum(won.map(worth)));
    assert.equal(sum(rows.map((r) => Number(r.lost))), lost.length);
    assert.ok(won.length > 20 && lost.length > 5, `${won.length} won, ${lost.length} lost`);
    const reasons: Record<string, number> = {};
    for (const row of rows)
      for (const [reason, n] of Object.entries(row.lost_reasons as Record<string, number>))
        reasons[reason] = (reasons[reason] ?? 0) + n;
    assert.deepEqual(
      reasons,
      countBy(lost, (b) => b.lost_reason!),
    );
    assert.ok(Object.keys(reasons).length >= 3, Object.keys(reasons).join(', '));
    assert.ok(!('No reason given' in reasons));
    assert.ok(rows.some((r) => Number(r.won) > 0 && Number(r.lost) > 0 && String(r.month) < THIS_MONTH));
  });

  it('shows revenue by space over the past months, every line of a won booking counted once', async () => {
    const lines = await suite.db
      .selectFrom('line_items as l')
      .innerJoin('bookings as b', 'b.id', 'l.booking_id')
      .select(['l.amount', 'b.status'])
      .where('l.organization_id', '=', orgId)
      .execute();
    const counted = lines.filter((l) => l.status === 'definite' || l.status === 'closed');
    const rows = await report('revenue_by_space');
    assert.equal(sum(rows.map((r) => Number(r.amount))), sum(counted.map((l) => Number(l.amount))));

    const yearAgo = addDays(TODAY, -365);
    const past = await report('revenue_by_space', { from: yearAgo, to: addDays(TODAY, -1) });
    const months = new Set(past.map((r) => r.month));
    const spaces = new Set(past.map((r) => r.space_name));
    assert.ok(months.size >= 10, `${months.size} past months with revenue`);
    assert.ok(spaces.size >= 4, [...spaces].join(', '));
    assert.ok(past.every((r) => String(r.month) >= yearAgo.slice(0, 7) && String(r.month) <= THIS_MONTH));
    assert.ok(past.every((r) => Number(r.amount) > 0));
  });

  it('lists installments due today and overdue, with what is still owed', async () => {
    const rows = await report('payments_due');
    const states = countBy(rows, (r) => String(r.state));
    assert.deepEqual(Object.keys(states).sort(), ['due', 'overdue']);
    assert.ok(states.due! >= 2 && states.overdue! >= 3, JSON.stringify(states));
    for (const row of rows) {
      assert.equal(row.outstanding, Number(row.amount) - Number(row.paid));
      assert.ok(Number(row.outstanding) > 0);
      assert.equal(row.overdue, row.state === 'overdue');
      if (row.state === 'due') assert.equal(row.due_on, TODAY);
      else assert.ok(String(row.due_on) < TODAY, String(row.due_on));
    }
    assert.deepEqual(
      new Set(rows.filter((r) => r.overdue).map((r) => r.label)),
      new Set(['Deposit', 'Balance']),
    );
    const owing = new Set(rows.map((r) => r.booking_id));
    const statusOf = new Map(bookings.map((b) => [b.id, b.status]));
    assert.deepEqual(new Set([...owing].map((id) => statusOf.get(String(id)))), new Set(['definite']));

    // Paid ones are not listed: closed bookings were paid in full, and some deposits ahead too.
    const paid = await suite.db
      .selectFrom('installments as i')
      .innerJoin('bookings as b', 'b.id', 'i.booking_id')
      .select(['b.status', 'i.state'])
      .where('i.organization_id', '=', orgId)
      .execute();
    assert.deepEqual(
      new Set(paid.filter((p) => p.status === 'closed').map((p) => p.state)),
      new Set(['paid']),
    );
    assert.ok(paid.some((p) => p.status === 'definite' && p.state === 'paid'));
    assert.ok(paid.some((p) => p.status === 'definite' && p.state === 'scheduled'));
  });
});
