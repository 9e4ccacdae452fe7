/**
 * Amounts typed by people (src/crm/money.ts): every way a venue writes an amount — plain, with a
 * decimal comma, grouped by commas, dots, spaces, no-break spaces or apostrophes — reads as the
 * same number of minor units in the currency's ISO 4217 exponent, and what could read two ways, or
 * has more decimals than the currency (0.001 in USD), is refused rather than guessed. Properties
 * over generated amounts, currencies and writings.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import { currencyExponent, majorText, readAmount } from '../../src/crm/money.js';

const CURRENCIES = ['EUR', 'USD', 'GBP', 'JPY', 'KRW', 'KWD', 'BHD', 'CLF', 'CHF', 'SEK'];

/** The whole part grouped by three with `mark`. */
function grouped(whole: string, mark: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, mark);
}

/** The amount written in one of the ways people write it. */
function written(minor: number, currency: string, style: number): string {
  const exponent = currencyExponent(currency);
  const text = majorText(minor, currency);
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const sign = minor < 0 ? '-' : '';
  const decimals = (mark: string) => (exponent === 0 ? '' : `${mark}${fraction}`);
  switch (style) {
    case 0: // 1234.50
      return `${sign}${whole}${decimals('.')}`;
    case 1: // 1,234.50
      return `${sign}${grouped(whole, ',')}${exponent === 0 ? '' : `.${fraction}`}`;
    case 2: // 1.234,50
      return `${sign}${grouped(whole, '.')}${exponent === 0 ? '' : `,${fraction}`}`;
    case 3: // 1 234,50 (no-break space, as French writes it)
      return `${sign}${grouped(whole, '\u00a0')}${decimals(',')}`;
    case 4: // 1 234.50 (narrow no-break space)
      return `${sign}${grouped(whole, '\u202f')}${decimals('.')}`;
    case 5: // 1'234.50
      return `${sign}${grouped(whole, "'")}${decimals('.')}`;
    default: // 1234,50, with spaces around
      return `  ${sign}${whole}${decimals(',')} `;
  }
}

const amount = fc.integer({ min: -1_000_000_000_000, max: 10_000_000_000_000 });
const currency = fc.constantFrom(...CURRENCIES);

it('reads every writing of an amount as that amount, in the currency’s minor units', () => {
  fc.assert(
    fc.property(amount, currency, fc.integer({ min: 0, max: 6 }), (minor, code, style) => {
      const text = written(minor, code, style);
      const read = readAmount(text, code);
      // In a currency of three or more decimals, one comma before three digits reads two ways;
      // that, and only that, is refused.
      if (read.problem !== undefined) {
        const oneComma = !text.includes('.') && text.split(',').length === 2 && /,\d{3}\s*$/.test(text);
        assert.ok(currencyExponent(code) >= 3 && oneComma, `${text} ${code}: ${read.problem}`);
        assert.match(read.problem, /reads two ways/);
        return;
      }
      assert.equal(read.minor, minor, `${JSON.stringify(text)} in ${code}`);
    }),
    { numRuns: 3000 },
  );
});

it('never reads an amount wrong: what it accepts is what was typed, by the documented rule', () => {
  // Strings of digits, marks and spaces: whatever is read back, written plainly, reads the same.
  const typed = fc.stringMatching(/^-?[0-9][0-9 .,']{0,14}$/);
  fc.assert(
    fc.property(typed, currency, (text, code) => {
      const read = readAmount(text, code);
      if (read.problem !== undefined) {
        assert.ok(read.problem.endsWith('.'), 'a refusal is a sentence');
        return;
      }
      assert.ok(Number.isSafeInteger(read.minor));
      assert.equal(readAmount(majorText(read.minor, code), code).minor, read.minor);
      // Its digits are the typed digits, in order (marks only group or separate decimals).
      const typedDigits = text.replace(/\D/g, '').replace(/^0+/, '');
      const readDigits = String(Math.abs(read.minor)).replace(/^0+/, '');
      assert.ok(readDigits.startsWith(typedDigits) || typedDigits === '', `${text} → ${read.minor}`);
    }),
    { numRuns: 3000 },
  );
});

it('refuses more decimals than the currency has, never reading them as a grouping', () => {
  // Less than one unit of the currency, written with a decimal mark and more decimals than its
  // ISO 4217 exponent: refused in words, whatever the mark, the sign or the digits.
  fc.assert(
    fc.property(
      currency,
      fc.constantFrom('.', ','),
      fc.boolean(),
      fc.integer({ min: 1, max: 4 }),
      fc.nat(),
      (code, mark, negative, extra, seed) => {
        const exponent = currencyExponent(code);
        const digits = String(seed % 10 ** (exponent + extra)).padStart(exponent + extra, '0');
        const text = `${negative ? '-' : ''}0${mark}${digits}`;
        const read = readAmount(text, code);
        assert.equal(read.minor, undefined, `${text} in ${code} was read as ${read.minor}`);
        assert.match(
          read.problem ?? '',
          exponent === 0
            ? new RegExp(`^${code} amounts have no decimals`)
            : new RegExp(`^${code} amounts have at most ${exponent} decimals`),
        );
      },
    ),
    { numRuns: 2000 },
  );
});

it('reads the writings a venue manager met, and says why it refuses the rest', () => {
  const cases: Array<[string, string, number | RegExp]> = [
    ['1234,50', 'EUR', 123450],
    ['1 234,50', 'EUR', 123450],
    ['1.234,50', 'EUR', 123450],
    ['1,234.50', 'EUR', 123450],
    ['1234.5', 'EUR', 123450],
    ['1,234', 'EUR', 123400],
    ['1.234', 'JPY', 1234],
    ['4500', 'JPY', 4500],
    ['1.5', 'JPY', /JPY amounts have no decimals; "1\.5" has 1\./],
    // A first group of 0 groups nothing: these are decimals, more than the currency has.
    ['0.001', 'USD', /USD amounts have at most 2 decimals; "0\.001" has 3\./],
    ['-0.001', 'USD', /USD amounts have at most 2 decimals/],
    ['0,001', 'EUR', /EUR amounts have at most 2 decimals/],
    ['0.100', 'USD', /USD amounts have at most 2 decimals/],
    ['0.5', 'JPY', /JPY amounts have no decimals/],
    ['0,123', 'KWD', 123],
    ['0.0001', 'KWD', /KWD amounts have at most 3 decimals/],
    ['1,234', 'KWD', /reads two ways/],
    ['1234,567', 'KWD', 1234567],
    ['1,2345', 'EUR', /EUR amounts have at most 2 decimals/],
    ['12,34,567', 'EUR', /other than by thousands/],
    ['1.234.56', 'EUR', /other than by thousands/],
    ['twelve', 'EUR', /is not an amount/],
    ['', 'EUR', /is not an amount/],
  ];
  for (const [text, code, expected] of cases) {
    const read = readAmount(text, code);
    if (typeof expected === 'number') assert.equal(read.minor, expected, `${text} ${code}`);
    else assert.match(read.problem ?? '', expected, `${text} ${code}`);
  }
});
