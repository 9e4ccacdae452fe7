/**
 * A booking's F&B minimum (food and beverage it commits to), in minor units of its currency: the
 * range the booking rules take, which a form that reads it in major units checks by too.
 */
import { UNIT_PRICE_LIMIT, wholeAmount } from '../money.js';

/** The largest F&B minimum. */
export const FNB_MINIMUM_MOST = UNIT_PRICE_LIMIT;

/** Whether `minor` is an F&B minimum the booking rules take: a whole number from 0 to FNB_MINIMUM_MOST. */
export function fnbMinimumInRange(minor: number): boolean {
  return wholeAmount(minor, 0, FNB_MINIMUM_MOST);
}
