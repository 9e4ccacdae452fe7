/**
 * `marquee export --type line_items|payments` (SPEC §12): each line with its booking's reference,
 * its event's name, its taxes as they print and its figures in minor units; each payment with its
 * booking's reference and its installment's label; text a spreadsheet would run as a formula is
 * neutralised; import takes neither.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { systemClock } from '../../src/clock.js';
import { createInstallment } from '../../src/crm/payments/installments.js';
import { createPayment } from '../../src/crm/payments/payments.js';
import { createLineItem } from '../../src/crm/pricing/line-items.js';
import { createTaxRate } from '../../src/crm/pricing/tax-rates.js';
import { write } from '../../src/writes/unit-of-work.js';
import { eachDatabase } from '../helpers/databases.js';
import { csvFile, importCsv } from './csv-fixtures.js';
import { eventVenue, exportOf } from './event-fixtures.js';
import { importActor } from '../../src/policy/actor.js';
import { ROLES } from '../../src/policy/roles.js';

const records = (csv: string) => parse(csv, { bom: true, columns: true }) as Array<Record<string, string>>;

eachDatabase((suite) => {
  it('writes a venue’s lines and payments with their bookings’ references, and imports neither', async () => {
    const v = await eventVenue(suite.db, suite.database.env);
    const writer = { db: suite.db, clock: systemClock };
    const actor = importActor(v.org, ROLES.admin.grants);
    const tax = await write(writer, actor, createTaxRate, { name: 'City tax', percentage: '8.875' });
    const [event] = await suite.db
      .selectFrom('events')
      .select(['id', 'name'])
      .where('booking_id', '=', v.wedding)
      .execute();
    const line = await write(writer, actor, createLineItem, {
      bookingId: v.wedding,
      eventId: event!.id,
      name: '=SUM(A1)',
      category: 'food',
      unit: 'each',
      quantity: '2.5',
      unit_price: 1999,
      tax_rate_ids: [tax.id],
    });
    const deposit = await write(writer, actor, createInstallment, {
      bookingId: v.wedding,
      label: 'Deposit',
      amount: 1000,
      due_date: '2027-05-01',
    });
    await write(writer, actor, createPayment, {
      bookingId: v.wedding,
      amount: 1000,
      method: 'cash',
      reference: 'R-1',
    });

    const lines = await exportOf(suite.database.env, v.org, 'line_items');
    assert.equal(lines.code, 0, lines.stderr);
    const [row] = records(lines.stdout);
    assert.deepEqual(
      [
        row!.id,
        row!.booking_reference,
        row!.event_name,
        row!.name,
        row!.quantity,
        row!.unit_price,
        row!.taxes,
      ],
      [line.id, 'BK-00001', event!.name, "'=SUM(A1)", '2.5', '1999', 'City tax 8.875%'],
    );
    // 2.5 × 19.99 = 49.975 → 49.98; tax 8.875% of it = 4.4357… → 4.44.
    assert.deepEqual(
      [row!.amount, row!.tax_amount, row!.total, row!.currency],
      ['4998', '444', '5442', 'USD'],
    );

    const payments = await exportOf(suite.database.env, v.org, 'payments');
    assert.equal(payments.code, 0, payments.stderr);
    const [paid] = records(payments.stdout);
    assert.deepEqual(
      [
        paid!.booking_reference,
        paid!.installment_label,
        paid!.kind,
        paid!.amount,
        paid!.method,
        paid!.reference,
      ],
      ['BK-00001', '', 'payment', '1000', 'cash', 'R-1'],
    );
    assert.equal(deposit.label, 'Deposit');

    const refused = await importCsv(suite.database.env, v.org, 'line_items', csvFile(lines.stdout));
    assert.notEqual(refused.code, 0);
    assert.match(
      refused.stderr,
      /--type must be one of accounts, contacts, bookings, events, not "line_items"/,
    );
  });
});
