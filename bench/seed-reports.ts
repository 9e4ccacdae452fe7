/**
 * The reports venue of the benchmark (SPEC §14, issue 57: each report over 100,000 bookings): the
 * events venue's shape (bench/seed-events.ts: 30 spaces, bookings of 1 to 9 events, options and
 * lost enquiries over them) from four years before today, stopped at `bookings` bookings (about
 * six years at its pace), so it has a past and a future around today; then, in bulk SQL inside the database, what money the
 * reports read:
 * - a line for each event (the menu, per person: guests × 45.00) and one for the booking as a
 *   whole (room hire, flat), and each booking's line count, subtotal and grand total;
 * - definite and closed bookings' schedules: a deposit of 25% due on signing, paid, and the
 *   balance due 14 days before the first event: paid for closed bookings and for definite ones
 *   due more than 60 days ago, unpaid (overdue, due or scheduled by its day) otherwise; a payment
 *   for each paid installment, and each booking's paid total.
 * It also turns on the venue's inquiry form (slug `bench-venue`), which the inquiry row posts to.
 */
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { isoTime } from '../src/clock.js';
import { SQLITE_FILE_NAME } from '../src/db/connect.js';
import { seedEventVenue } from './seed-events.js';

const DAY = 86_400_000;
export const INQUIRY_SLUG = 'bench-venue';

const LINE_COLUMNS =
  'id, organization_id, booking_id, event_id, item_id, name, description, category, unit, quantity, ' +
  'quantity_from_guests, unit_price, service_charge, service_charge_percentage, service_charge_taxable, ' +
  'taxes, position, amount, service_charge_amount, tax_amount, total, created_at, updated_at';

/** The statements, in order, with $1 the organization, $2 today and $3 the day before which balances were paid. */
function statements(dialect: 'sqlite' | 'postgres'): string[] {
  // The balance's day: 14 days before the first event, in the venue's zone (Europe/London).
  const balanceDay =
    dialect === 'sqlite'
      ? `date(b.start_at, '-14 days')`
      : `to_char((b.start_at - interval '14 days') at time zone 'Europe/London', 'YYYY-MM-DD')`;
  const form = JSON.stringify({
    enabled: true,
    slug: INQUIRY_SLUG,
    intro: 'Tell us about your event.',
    thank_you: 'Thank you: we will be in touch.',
    event_types: [],
    embed_origins: [],
  });
  return [
    // One message from the client on each booking, read (SPEC §17: the messages list's goal is
    // set at 100,000 messages).
    `insert into messages (id, organization_id, booking_id, contact_id, direction, from_name, from_email,
        to_list, cc_list, subject, text, html, sent_at, state, message_id, in_reply_to, thread_ids, attachments,
        dismissed, read_at, created_at, updated_at)
      select b.id || '-msg', b.organization_id, b.id, null, 'in', 'The client', 'client@bench.example', '[]',
        '[]', 'About ' || b.name, 'Could we see the menu and the evening plan?', null, b.created_at, 'received',
        b.id || '@bench.example', null, '[]', '[]', 0, b.created_at, b.created_at, b.created_at
      from bookings b where b.organization_id = $1`,
    `insert into line_items (${LINE_COLUMNS})
      select e.id || '-menu', e.organization_id, e.booking_id, e.id, null, 'Dinner menu', null, 'food',
        'per_person', cast(e.guest_count as text), 0, 4500, 0, '0', 0, '[]', 2, e.guest_count * 4500, 0, 0,
        e.guest_count * 4500, e.created_at, e.created_at
      from events e where e.organization_id = $1`,
    `insert into line_items (${LINE_COLUMNS})
      select b.id || '-hire', b.organization_id, b.id, null, null, 'Room hire', null, 'rental', 'flat', '1', 0,
        150000, 0, '0', 0, '[]', 1, 150000, 0, 0, 150000, b.created_at, b.created_at
      from bookings b where b.organization_id = $1`,
    `update bookings set
        line_count = (select count(*) from line_items l where l.booking_id = bookings.id),
        subtotal = (select coalesce(sum(l.total), 0) from line_items l where l.booking_id = bookings.id),
        grand_total = (select coalesce(sum(l.total), 0) from line_items l where l.booking_id = bookings.id)
      where organization_id = $1`,
    `insert into installments (id, organization_id, booking_id, label, amount, percentage, remainder, due_date,
        due_days_before, due_on_signing, position, amount_due, due_on, paid_amount, state, created_at, updated_at)
      select b.id || '-deposit', b.organization_id, b.id, 'Deposit', null, '25', 0, null, null, 1, 1,
        (b.grand_total * 25 + 50) / 100, null, (b.grand_total * 25 + 50) / 100, 'paid', b.created_at, b.created_at
      from bookings b where b.organization_id = $1 and b.status in ('definite', 'closed')`,
    `insert into installments (id, organization_id, booking_id, label, amount, percentage, remainder, due_date,
        due_days_before, due_on_signing, position, amount_due, due_on, paid_amount, state, created_at, updated_at)
      select b.id || '-balance', b.organization_id, b.id, 'Balance', null, null, 1, null, 14, 0, 2,
        b.grand_total - (b.grand_total * 25 + 50) / 100, ${balanceDay},
        case when b.status = 'closed' or ${balanceDay} < $3 then b.grand_total - (b.grand_total * 25 + 50) / 100 else 0 end,
        case when b.status = 'closed' or ${balanceDay} < $3 then 'paid'
          when ${balanceDay} < $2 then 'overdue' when ${balanceDay} = $2 then 'due' else 'scheduled' end,
        b.created_at, b.created_at
      from bookings b where b.organization_id = $1 and b.status in ('definite', 'closed')`,
    `insert into payments (id, organization_id, booking_id, installment_id, kind, amount, method, received_at,
        reference, note, created_at, updated_at)
      select i.id || '-paid', i.organization_id, i.booking_id, i.id, 'payment', i.paid_amount, 'bank_transfer',
        i.created_at, 'PAY-' || i.id, null, i.created_at, i.created_at
      from installments i where i.organization_id = $1 and i.paid_amount > 0`,
    `update bookings set
        paid_total = (select coalesce(sum(p.amount), 0) from payments p where p.booking_id = bookings.id)
      where organization_id = $1 and status in ('definite', 'closed')`,
    `update organizations set timezone = 'Europe/London', inquiry_slug = '${INQUIRY_SLUG}',
        inquiry_form = '${form}' where id = $1`,
  ];
}

export interface ReportVenue {
  bookings: number;
  events: number;
  lines: number;
  installments: number;
  payments: number;
  messages: number;
  /** Installments due or overdue now (payments_due's rows without a range). */
  owed: number;
}

export async function seedReportVenue(
  dialect: 'sqlite' | 'postgres',
  target: { dataDir: string; databaseUrl?: string | undefined },
  organizationId: string,
  bookings: number,
): Promise<ReportVenue> {
  const now = Date.now();
  const venue = await seedEventVenue(dialect, target, organizationId, Number.MAX_SAFE_INTEGER, {
    bookings,
    // About six years of days at this venue's pace: four behind today and two ahead.
    firstDay: Math.floor((now - 4 * 365 * DAY) / DAY) * DAY,
    closedBefore: now,
  });
  const today = isoTime(now).slice(0, 10);
  const paidBefore = isoTime(now - 60 * DAY).slice(0, 10);
  const values = [organizationId, today, paidBefore];
  const count = `select (select count(*) from line_items where organization_id = $1) as lines,
      (select count(*) from installments where organization_id = $1) as installments,
      (select count(*) from payments where organization_id = $1) as payments,
      (select count(*) from messages where organization_id = $1) as messages,
      (select count(*) from installments where organization_id = $1 and state in ('due', 'overdue')) as owed`;
  let counts: Record<string, number | string>;
  if (dialect === 'sqlite') {
    const file = new Sqlite(path.join(target.dataDir, SQLITE_FILE_NAME));
    file.pragma('busy_timeout = 10000');
    file.pragma('cache_size = -262144');
    // $n as a named parameter: each statement is given the ones it names.
    const bind = (sql: string) => {
      const used = new Set([...sql.matchAll(/\$(\d)/g)].map((m) => Number(m[1])));
      const args = Object.fromEntries([...used].map((n) => [`p${n}`, values[n - 1]]));
      return { sql: sql.replace(/\$(\d)/g, '@p$1'), args };
    };
    file.transaction(() => {
      for (const statement of statements('sqlite')) {
        const { sql, args } = bind(statement);
        file.prepare(sql).run(args);
      }
    })();
    const { sql, args } = bind(count);
    counts = file.prepare(sql).get(args) as Record<string, number>;
    file.close();
  } else {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    await client.query('begin');
    for (const statement of statements('postgres')) {
      const used = Math.max(...[...statement.matchAll(/\$(\d)/g)].map((m) => Number(m[1])));
      await client.query(statement, values.slice(0, used));
    }
    await client.query('commit');
    counts = (await client.query(count, [organizationId])).rows[0] as Record<string, string>;
    await client.end();
  }
  return {
    bookings: venue.bookings,
    events: venue.events,
    lines: Number(counts.lines),
    installments: Number(counts.installments),
    payments: Number(counts.payments),
    messages: Number(counts.messages),
    owed: Number(counts.owed),
  };
}
