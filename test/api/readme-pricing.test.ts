/**
 * The README's worked examples of the arithmetic (SPEC §12) say exactly what the code does: each
 * table is read from README.md — the venue's service charge and taxes from the sentence above it,
 * each line's quantity, price, service charge and taxes from its row — and every printed figure
 * (amount, service charge, tax, total, and the booking's sums) is worked out again by
 * line-arithmetic.ts, then priced through /v2/line_items on both databases with the same result.
 * The London table is an inclusive VAT contained in a taxable service charge.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, it } from 'node:test';
import { lineFigures, priceTotals } from '../../src/crm/pricing/line-arithmetic.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue } from '../helpers/oauth.js';
import {
  accountDocument,
  apiFor,
  bookingDocument,
  changeDocument,
  created,
  type Many,
} from '../helpers/writes.js';

interface ReadmeLine {
  name: string;
  quantity: string;
  unitPrice: number;
  serviceCharge: boolean;
  tax: { percentage: string; inclusive: boolean } | undefined;
  printed: { amount: number; service_charge_amount: number; tax_amount: number; total: number };
}

interface ReadmeTable {
  venue: string;
  serviceCharge: { percentage: string; taxable: boolean };
  tax: { name: string; percentage: string; inclusive: boolean };
  lines: ReadmeLine[];
  printed: { subtotal: number; service_charge_total: number; tax_total: number; grand_total: number };
}

/** The last amount a cell prints ("20% of 10,030.00 = 2,006.00" → 200600; "none" → 0), in cents. */
function lastAmount(cell: string): number {
  const all = [...cell.matchAll(/(−?)(\d{1,3}(?:,\d{3})*)\.(\d{2})(?!\d)/g)];
  const last = all.at(-1);
  if (!last) {
    assert.equal(cell.trim(), 'none', `"${cell}" prints no amount`);
    return 0;
  }
  const cents = Number(last[2]!.replace(/,/g, '')) * 100 + Number(last[3]);
  return last[1] === '−' ? -cents : cents;
}

/** Every worked example of the README's section on prices. */
function readmeTables(): ReadmeTable[] {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(
    readme.indexOf('### Prices: line items'),
    readme.indexOf('**The payment schedule and payments.**'),
  );
  // The sentence above a table, whichever words its lines break at.
  const caption = String.raw`A (.+?) venue, with a service charge of ([\d.]+)% that is (taxed|not taxed) and (?:a )?(.+?) of ([\d.]+)% (added to|inside) its prices:`;
  const tables = [
    ...section.matchAll(new RegExp(`^${caption.replace(/ /g, '\\s+')}\\n\\n((?:\\|.*\\|\\n)+)`, 'gm')),
  ];
  return tables.map((m) => {
    const rows = m[7]!
      .trim()
      .split('\n')
      .slice(2)
      .map((row) =>
        row
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    const sums = rows.at(-1)!;
    assert.equal(sums[0], '**Booking**');
    const lines = rows.slice(0, -1).map(([name, quantityPrice, amount, service, tax, total]): ReadmeLine => {
      const qp = /^([\d.]+) × (−?[\d,]+\.\d{2})$/.exec(quantityPrice!);
      assert.ok(qp, `"${quantityPrice}" is a quantity × a price`);
      const exclusive = /^([\d.]+)% of /.exec(tax!);
      const inclusive = /^includes ([\d.]+)% /.exec(tax!);
      return {
        name: name!,
        quantity: qp[1]!,
        unitPrice: lastAmount(qp[2]!),
        serviceCharge: service !== 'none',
        tax: exclusive
          ? { percentage: exclusive[1]!, inclusive: false }
          : inclusive
            ? { percentage: inclusive[1]!, inclusive: true }
            : undefined,
        printed: {
          amount: lastAmount(amount!),
          service_charge_amount: lastAmount(service!),
          tax_amount: lastAmount(tax!),
          total: lastAmount(total!),
        },
      };
    });
    return {
      venue: m[1]!,
      serviceCharge: { percentage: m[2]!, taxable: m[3] === 'taxed' },
      tax: { name: m[4]!, percentage: m[5]!, inclusive: m[6] === 'inside' },
      lines,
      printed: {
        subtotal: lastAmount(sums[2]!),
        service_charge_total: lastAmount(sums[3]!),
        tax_total: lastAmount(sums[4]!),
        grand_total: lastAmount(sums[5]!),
      },
    };
  });
}

const TABLES = readmeTables();

it('reads the README’s worked examples: sales tax added, and VAT contained in a taxed service charge', () => {
  assert.deepEqual(
    TABLES.map((t) => [t.venue, t.tax.inclusive, t.serviceCharge.taxable, t.lines.length]),
    [
      ['New York', false, true, 2],
      ['London', true, true, 2],
    ],
  );
  const london = TABLES[1]!.lines[0]!;
  assert.ok(
    london.serviceCharge && london.tax?.inclusive,
    'an inclusive tax on a line with a taxed service charge',
  );
});

it('works out every figure the README prints, by the code’s arithmetic', () => {
  for (const table of TABLES) {
    const figures = table.lines.map((line) => {
      const line_ = lineFigures(
        {
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          serviceCharge: line.serviceCharge,
          taxes: line.tax ? [{ id: 'tax', ...line.tax }] : [],
        },
        table.serviceCharge,
      );
      assert.deepEqual(
        {
          amount: line_.amount,
          service_charge_amount: line_.service_charge_amount,
          tax_amount: line_.tax_amount,
          total: line_.total,
        },
        line.printed,
        `${table.venue}: ${line.name}`,
      );
      return { ...line_, category: 'other' };
    });
    const { category_totals: _categories, ...sums } = priceTotals(figures);
    assert.deepEqual(sums, table.printed, `${table.venue}: the booking's sums`);
  }
});

eachDatabase((suite) => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
  });
  after(() => server.close());

  it('prices the README’s examples through the API to the same figures', async () => {
    for (const table of TABLES) {
      const venue = await makeVenue(suite.db);
      const api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
      const settings = await api('/v2/organization', {
        method: 'PATCH',
        body: changeDocument('organizations', venue.orgId, {
          service_charge_percentage: table.serviceCharge.percentage,
          service_charge_taxable: table.serviceCharge.taxable,
        }),
      });
      assert.equal(settings.status, 200, JSON.stringify(settings.body));
      const rate = await created(api, '/v2/tax_rates', {
        data: {
          type: 'tax_rates',
          attributes: {
            name: table.tax.name,
            percentage: table.tax.percentage,
            inclusive: table.tax.inclusive,
          },
        },
      });
      const account = await created(api, '/v2/accounts', accountDocument({ name: `${table.venue} client` }));
      const booking = await created(
        api,
        '/v2/bookings',
        bookingDocument(account, { name: `${table.venue} example`, guest_count: 118 }),
      );
      for (const line of table.lines) {
        await created(api, '/v2/line_items', {
          data: {
            type: 'line_items',
            attributes: {
              name: line.name,
              category: 'other',
              quantity: line.quantity,
              unit_price: line.unitPrice,
              service_charge: line.serviceCharge,
            },
            relationships: {
              booking: { data: { type: 'bookings', id: booking } },
              tax_rates: { data: line.tax ? [{ type: 'tax_rates', id: rate }] : [] },
            },
          },
        });
      }
      const lines = await api<Many>(`/v2/line_items?filter[booking_id][eq]=${booking}`);
      assert.deepEqual(
        lines.body.data.map((l) => ({
          amount: l.attributes.amount,
          service_charge_amount: l.attributes.service_charge_amount,
          tax_amount: l.attributes.tax_amount,
          total: l.attributes.total,
        })),
        table.lines.map((l) => l.printed),
        `${table.venue}: each line`,
      );
      const read = await api(`/v2/bookings/${booking}`);
      const attributes = read.body.data.attributes as Record<string, unknown>;
      assert.deepEqual(
        {
          subtotal: attributes.subtotal,
          service_charge_total: attributes.service_charge_total,
          tax_total: attributes.tax_total,
          grand_total: attributes.grand_total,
        },
        table.printed,
        `${table.venue}: the booking's sums`,
      );
    }
  });
});
