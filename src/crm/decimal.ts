/**
 * Decimal strings read exactly (SPEC §12): quantities and percentages are decimal strings, read
 * into big integers over a power of ten, and every quotient is rounded once, half away from zero.
 * Never a float. Prices (pricing/line-arithmetic.ts), payment schedules and an organization's
 * service charge read them here.
 */

/** A decimal string read exactly: `units / 10^scale` ("8.875" is 8875 / 1000). */
export interface Decimal {
  units: bigint;
  scale: bigint;
}

const DECIMAL = /^(\d{1,12})(?:\.(\d{1,6}))?$/;

/** A non-negative decimal string with at most `maxDecimals` decimals; undefined when it is not one. */
export function readDecimal(text: string, maxDecimals: number): Decimal | undefined {
  const match = DECIMAL.exec(text);
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > maxDecimals) return undefined;
  return { units: BigInt(`${match[1]}${fraction}`), scale: 10n ** BigInt(fraction.length) };
}

/** A decimal written plainly: no leading zeros, no trailing zeros after the point ("08.50" → "8.5"). */
export function decimalText(value: Decimal): string {
  const decimals = value.scale.toString().length - 1;
  const digits = value.units.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A percentage from 0 to 100 with at most four decimals, written plainly; undefined when it is not one. */
export function readPercentage(text: string): string | undefined {
  const value = readDecimal(text.trim(), 4);
  if (!value || value.units > 100n * value.scale) return undefined;
  return decimalText(value);
}

/** What the rules say of a percentage readPercentage refuses (a service charge, a tax rate). */
export const notAPercentage = (text: string) =>
  `"${text}" is not a percentage from 0 to 100 with at most four decimals, such as 20 or 8.875.`;

/** numerator ÷ denominator (denominator > 0), rounded half away from zero. */
export function roundedQuotient(numerator: bigint, denominator: bigint): bigint {
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  return numerator < 0n ? -rounded : rounded;
}
