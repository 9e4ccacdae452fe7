/**
 * The arithmetic of prices (src/crm/pricing/line-arithmetic.ts, SPEC §12): worked examples, and
 * properties over generated quantities, prices, service charges and tax rates — each figure is
 * the exact one rounded half away from zero, a discount mirrors a charge, an inclusive tax is
 * contained in its base (the amount, and the service charge when that is taxed) and never adds,
 * and totals are the sums of the printed line figures in any order.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import {
  type LineFigures,
  lineFigures,
  type PricedLineInput,
  priceTotals,
  type ServiceChargeRule,
} from '../../src/crm/pricing/line-arithmetic.js';
import { readDecimal, readPercentage, roundedQuotient } from '../../src/crm/decimal.js';

const NO_CHARGE: ServiceChargeRule = { percentage: '0', taxable: false };

it('works the examples a venue would check by hand', () => {
  // 3 × $45.00 with a 20% service charge that is taxed, and 8.875% sales tax:
  // 135.00 + 27.00 service, tax (135.00 + 27.00) × 8.875% = 14.3775 → 14.38, total 176.38.
  const dinner = lineFigures(
    {
      quantity: '3',
      unitPrice: 4500,
      serviceCharge: true,
      taxes: [{ id: 'ny', percentage: '8.875', inclusive: false }],
    },
    { percentage: '20', taxable: true },
  );
  assert.deepEqual(dinner, {
    amount: 13500,
    service_charge_amount: 2700,
    tax_amount: 1438,
    taxes: [{ id: 'ny', inclusive: false, amount: 1438 }],
    total: 17638,
  });
  // 2.5 hours at 9.99: 24.975 → 24.98; as a discount, −24.98 (half away from zero).
  const hours = { quantity: '2.5', unitPrice: 999, serviceCharge: false, taxes: [] };
  assert.equal(lineFigures(hours, NO_CHARGE).amount, 2498);
  assert.equal(lineFigures({ ...hours, unitPrice: -999 }, NO_CHARGE).amount, -2498);
  // €120.00 with 20% VAT inside it: 20.00 of it is tax, and the line still costs 120.00.
  const vat = lineFigures(
    {
      quantity: '1',
      unitPrice: 12000,
      serviceCharge: false,
      taxes: [{ id: 'vat', percentage: '20', inclusive: true }],
    },
    NO_CHARGE,
  );
  assert.deepEqual([vat.amount, vat.tax_amount, vat.total], [12000, 2000, 12000]);
  // £65.00 with VAT inside it and a 12.5% service charge that is taxed: the service charge
  // contains VAT as the price does, so the VAT is taken out of 65.00 + 8.13 = 73.13:
  // 73.13 − 73.13 ÷ 1.2 = 12.188… → 12.19, and the line costs 73.13.
  const vatCharged = lineFigures(
    {
      quantity: '1',
      unitPrice: 6500,
      serviceCharge: true,
      taxes: [{ id: 'vat', percentage: '20', inclusive: true }],
    },
    { percentage: '12.5', taxable: true },
  );
  assert.deepEqual(
    [vatCharged.amount, vatCharged.service_charge_amount, vatCharged.tax_amount, vatCharged.total],
    [6500, 813, 1219, 7313],
  );
  // A service charge that is not taxed: the tax is on the amount alone.
  const untaxed = lineFigures(
    {
      quantity: '1',
      unitPrice: 10000,
      serviceCharge: true,
      taxes: [{ id: 't', percentage: '10', inclusive: false }],
    },
    { percentage: '18', taxable: false },
  );
  assert.deepEqual([untaxed.service_charge_amount, untaxed.tax_amount, untaxed.total], [1800, 1000, 12800]);
  // ¥ has no minor unit: the same rules on whole yen.
  assert.equal(
    lineFigures({ quantity: '0.333', unitPrice: 1000, serviceCharge: false, taxes: [] }, NO_CHARGE).amount,
    333,
  );
});

it('reads quantities and percentages as exact decimals, and refuses anything else', () => {
  assert.deepEqual(readDecimal('8.875', 4), { units: 8875n, scale: 1000n });
  assert.deepEqual(readDecimal('120', 3), { units: 120n, scale: 1n });
  for (const bad of ['', '-1', '1.2345', '1e3', ' 1', '1.', '.5', '0x10', '1,5', 'NaN']) {
    assert.equal(readDecimal(bad, 3), undefined, bad);
  }
  assert.deepEqual(
    ['020.50', '8.875', '100', '100.0000', '0.0000', ' 7 ', '100.0001', '8.87501', '-5'].map(readPercentage),
    ['20.5', '8.875', '100', '100', '0', '7', undefined, undefined, undefined],
    'a percentage from 0 to 100, written plainly',
  );
  assert.throws(
    () => lineFigures({ quantity: '1.2345', unitPrice: 1, serviceCharge: false, taxes: [] }, NO_CHARGE),
    RangeError,
  );
  assert.throws(
    () =>
      lineFigures(
        { quantity: '999999999999', unitPrice: 9_000_000_000_000, serviceCharge: false, taxes: [] },
        NO_CHARGE,
      ),
    /beyond what can be held exactly/,
  );
});

it('rounds a quotient half away from zero, and only a half', () => {
  fc.assert(
    fc.property(
      fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
      fc.bigInt({ min: 1n, max: 10n ** 9n }),
      (n, d) => {
        const q = roundedQuotient(n, d);
        // |q − n/d| ≤ 1/2, that is |2qd − 2n| ≤ d; at exactly a half, q is the one further from zero.
        const twice = 2n * q * d - 2n * n;
        assert.ok(twice <= d && twice >= -d, `${n}/${d} → ${q}`);
        if (twice === d || twice === -d)
          assert.ok(n >= 0n ? q * d > n : q * d < n, `${n}/${d} away from zero`);
      },
    ),
    { numRuns: 3000 },
  );
});

// Quantities up to 10,000 with up to 3 decimals; prices up to ±1,000,000.00; percentages up to
// 100 with up to 4 decimals.
const decimalText = (max: number, decimals: number) =>
  fc.integer({ min: 0, max: max * 10 ** decimals }).map((n) => {
    const text = (n / 10 ** decimals).toFixed(decimals);
    return decimals === 0 ? text : text.replace(/\.?0+$/, '') || '0';
  });
const quantity = decimalText(10_000, 3).filter((q) => q !== '0');
const percentage = decimalText(100, 4);
const tax = fc.record({ id: fc.uuid(), percentage, inclusive: fc.boolean() });
const line: fc.Arbitrary<PricedLineInput> = fc.record({
  quantity,
  unitPrice: fc.integer({ min: -100_000_000, max: 100_000_000 }),
  serviceCharge: fc.boolean(),
  taxes: fc.array(tax, { maxLength: 3 }),
});
const rule: fc.Arbitrary<ServiceChargeRule> = fc.record({ percentage, taxable: fc.boolean() });

/** A decimal string as an exact fraction. */
const exact = (text: string) => readDecimal(text, 4)!;

it('gives each figure of a line as the exact one rounded half away from zero', () => {
  fc.assert(
    fc.property(line, rule, (input, charge) => {
      const figures = lineFigures(input, charge);
      const q = exact(input.quantity);
      const within = (printed: number, numerator: bigint, denominator: bigint, what: string) =>
        assert.equal(BigInt(printed), roundedQuotient(numerator, denominator), what);
      within(figures.amount, q.units * BigInt(input.unitPrice), q.scale, 'amount');
      const amount = BigInt(figures.amount);
      const c = exact(charge.percentage);
      const service = input.serviceCharge ? roundedQuotient(amount * c.units, 100n * c.scale) : 0n;
      assert.equal(BigInt(figures.service_charge_amount), service, 'service charge');
      const base = amount + (charge.taxable ? service : 0n);
      input.taxes.forEach((t, i) => {
        const r = exact(t.percentage);
        if (t.inclusive)
          within(figures.taxes[i]!.amount, base * r.units, 100n * r.scale + r.units, 'inclusive');
        else within(figures.taxes[i]!.amount, base * r.units, 100n * r.scale, 'exclusive');
      });
      const exclusive = figures.taxes.filter((t) => !t.inclusive).reduce((s, t) => s + t.amount, 0);
      assert.equal(figures.total, figures.amount + figures.service_charge_amount + exclusive);
      assert.equal(
        figures.tax_amount,
        figures.taxes.reduce((s, t) => s + t.amount, 0),
      );
    }),
    { numRuns: 2000 },
  );
});

it('makes a discount the mirror of a charge, and keeps an inclusive tax inside its amount', () => {
  fc.assert(
    fc.property(line, rule, (input, charge) => {
      const plus = lineFigures(input, charge);
      const minus = lineFigures({ ...input, unitPrice: -input.unitPrice }, charge);
      assert.deepEqual(
        [minus.amount, minus.service_charge_amount, minus.tax_amount, minus.total],
        [-plus.amount, -plus.service_charge_amount, -plus.tax_amount, -plus.total].map((n) => n + 0),
      );
      const base = plus.amount + (charge.taxable ? plus.service_charge_amount : 0);
      for (const t of plus.taxes.filter((t) => t.inclusive)) {
        assert.ok(Math.abs(t.amount) <= Math.abs(base), 'an inclusive tax is part of its base');
      }
    }),
    { numRuns: 1000 },
  );
});

it('never adds an inclusive tax: the total is the amount, the service charge and the exclusive taxes only', () => {
  fc.assert(
    fc.property(line, rule, (input, charge) => {
      const figures = lineFigures(input, charge);
      const exclusiveOnly = lineFigures({ ...input, taxes: input.taxes.filter((t) => !t.inclusive) }, charge);
      assert.equal(figures.total, exclusiveOnly.total, 'taking the inclusive taxes away changes no total');
      assert.equal(figures.amount, exclusiveOnly.amount);
      assert.equal(figures.service_charge_amount, exclusiveOnly.service_charge_amount);
      const exclusive = figures.taxes.filter((t) => !t.inclusive).reduce((s, t) => s + t.amount, 0);
      assert.equal(figures.total, figures.amount + figures.service_charge_amount + exclusive);
    }),
    { numRuns: 1000 },
  );
});

it('contains an inclusive tax in the amount and a taxed service charge as one base', () => {
  fc.assert(
    fc.property(line, rule, (input, charge) => {
      const figures = lineFigures(input, charge);
      // The same tax in one flat price of amount + service charge (when taxed), with no charge.
      const base = figures.amount + (charge.taxable ? figures.service_charge_amount : 0);
      const whole = lineFigures(
        { quantity: '1', unitPrice: base, serviceCharge: false, taxes: input.taxes },
        { percentage: '0', taxable: false },
      );
      figures.taxes.forEach((t, i) => {
        if (t.inclusive) assert.equal(t.amount, whole.taxes[i]!.amount, `inclusive tax ${i}`);
      });
      // A service charge that is not taxed contains no tax: the tax is the amount's alone.
      if (!charge.taxable || !input.serviceCharge) {
        const alone = lineFigures({ ...input, serviceCharge: false }, charge);
        figures.taxes.forEach((t, i) => assert.equal(t.amount, alone.taxes[i]!.amount));
      }
    }),
    { numRuns: 1000 },
  );
});

it('adds totals from the printed line figures, the same in any order', () => {
  const category = fc.constantFrom('food', 'beverage', 'rental', 'av', 'labor', 'fee', 'other');
  fc.assert(
    fc.property(fc.array(fc.tuple(line, category), { maxLength: 30 }), rule, (lines, charge) => {
      const figures: Array<LineFigures & { category: string }> = lines.map(([input, c]) => ({
        ...lineFigures(input, charge),
        category: c,
      }));
      const totals = priceTotals(figures);
      const sum = (pick: (f: LineFigures) => number) => figures.reduce((s, f) => s + pick(f), 0);
      assert.equal(
        totals.subtotal,
        sum((f) => f.amount),
      );
      assert.equal(
        totals.service_charge_total,
        sum((f) => f.service_charge_amount),
      );
      assert.equal(
        totals.tax_total,
        sum((f) => f.tax_amount),
      );
      assert.equal(
        totals.grand_total,
        sum((f) => f.total),
      );
      const exclusive = sum((f) => f.taxes.filter((t) => !t.inclusive).reduce((s, t) => s + t.amount, 0));
      assert.equal(totals.grand_total, totals.subtotal + totals.service_charge_total + exclusive);
      assert.equal(
        Object.values(totals.category_totals).reduce((s, n) => s + n, 0),
        totals.subtotal,
        'the categories add up to the subtotal',
      );
      assert.deepEqual(priceTotals([...figures].reverse()), totals);
    }),
    { numRuns: 300 },
  );
});
