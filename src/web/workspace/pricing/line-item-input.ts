/**
 * The Pricing section's forms (SPEC §12): a line's values as saved and as posted, and what they
 * ask of the line rules (src/crm/pricing/line-item-rules.ts), which judge them for the page as for
 * /v2/line_items. Money is typed as a person writes it ("1.234,50", "85") and read by the one
 * reader of amounts (src/crm/money.ts) in the booking's currency; a quantity may be "2,5".
 */
import { majorText, moneyText, readAmount } from '../../../crm/money.js';
import {
  isItemCategory,
  ITEM_UNITS,
  type ItemUnit,
  type LineItemInput,
  type LineItemValue as LineItem,
} from '../../../crm/pricing/index.js';
import { FNB_MINIMUM_MOST, fnbMinimumInRange } from '../../../crm/bookings/index.js';
import type { FieldProblem } from '../../../errors.js';
import { decimalPoint, type Form, formList, formText } from '../../forms.js';
import type { FieldErrors } from '../forms/form-fields.js';

/** A line typed by hand, or a line changed. */
export interface LineValues {
  name: string;
  category: string;
  unit: string;
  /** '' on a per-person line: its event's guests; on any other: 1. */
  quantity: string;
  unit_price: string;
  service_charge: boolean;
  tax_rates: string[];
  /** One of the booking's events, '' for the booking as a whole. */
  event: string;
}

/** A line picked from the catalogue: its fields are named apart from the hand form's on the same page. */
export interface PickValues {
  item: string;
  item_quantity: string;
  item_event: string;
}

export const blankLine = (event: string): LineValues => ({
  name: '',
  category: '',
  unit: 'each',
  quantity: '',
  unit_price: '',
  service_charge: false,
  tax_rates: [],
  event,
});

export const blankPick = (event: string): PickValues => ({ item: '', item_quantity: '', item_event: event });

export function lineValuesOf(line: LineItem, currency: string): LineValues {
  return {
    name: line.name,
    category: line.category,
    unit: line.unit,
    quantity: line.quantityFromGuests ? '' : line.quantity,
    unit_price: majorText(line.unitPrice, currency),
    service_charge: line.serviceCharge,
    tax_rates: line.taxes.map((tax) => tax.id),
    event: line.eventId ?? '',
  };
}

/** The hand form as posted (a checkbox left unticked is not sent at all). */
export function lineValuesPosted(body: Form): LineValues {
  return {
    name: formText(body, 'name'),
    category: formText(body, 'category'),
    unit: formText(body, 'unit'),
    quantity: formText(body, 'quantity').trim(),
    unit_price: formText(body, 'unit_price').trim(),
    service_charge: formText(body, 'service_charge') === 'yes',
    tax_rates: formList(body, 'tax_rates'),
    event: formText(body, 'event'),
  };
}

export function pickValuesPosted(body: Form): PickValues {
  return {
    item: formText(body, 'item'),
    item_quantity: formText(body, 'item_quantity').trim(),
    item_event: formText(body, 'item_event'),
  };
}

const isItemUnit = (value: string): value is ItemUnit => (ITEM_UNITS as readonly string[]).includes(value);
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * What the hand form asks of the rules, and what it could not read: a price that is no amount, or
 * none (which on an edit would otherwise leave the saved price), and a unit not offered. A line's
 * rates ticked as it carries them are left as they were copied (the rates may have changed since).
 */
export function lineInput(
  values: LineValues,
  currency: string,
  current?: LineItem,
): { input: LineItemInput; unread: FieldErrors } {
  const unread: FieldErrors = {};
  let price: number | undefined;
  if (values.unit_price === '') {
    unread.unit_price = 'A line needs a unit price, such as 85 (0 for none, below 0 for a discount).';
  } else {
    const read = readAmount(values.unit_price, currency);
    if (read.problem !== undefined) unread.unit_price = read.problem;
    price = read.minor;
  }
  if (!isItemUnit(values.unit)) unread.unit = 'Choose how it is counted: each, per person, per hour or flat.';
  const carried = current?.taxes.map((tax) => tax.id);
  const input: LineItemInput = {
    name: values.name,
    category: isItemCategory(values.category) ? values.category : undefined,
    unit: isItemUnit(values.unit) ? values.unit : undefined,
    quantity: values.quantity === '' ? null : decimalPoint(values.quantity),
    unit_price: price,
    service_charge: values.service_charge,
    tax_rate_ids: carried && sameSet(carried, values.tax_rates) ? undefined : values.tax_rates,
    eventId: values.event || null,
  };
  return { input, unread };
}

/** What the catalogue form asks of the rules: the item's name, price and the rest come with it. */
export function pickInput(values: PickValues): { input: LineItemInput; unread: FieldErrors } {
  const unread: FieldErrors = values.item === '' ? { item: 'Choose an item from the catalogue.' } : {};
  const input: LineItemInput = {
    itemId: values.item || undefined,
    quantity: values.item_quantity === '' ? undefined : decimalPoint(values.item_quantity),
    eventId: values.item_event || null,
  };
  return { input, unread };
}

/** The rules' fields as each form names them: the booking's refusal (too many lines) at the form's first field. */
export async function onForm(
  problems: Promise<readonly FieldProblem[]>,
  form: 'pick' | 'line',
): Promise<FieldProblem[]> {
  const pick: Readonly<Record<string, string>> = { quantity: 'item_quantity', event: 'item_event' };
  const renamed = (field: string) =>
    form === 'line' ? (field === 'booking' ? 'name' : field) : (pick[field] ?? 'item');
  return (await problems).map((p) => (p.field ? { ...p, field: renamed(p.field) } : p));
}

/** A booking's F&B minimum as typed (empty: none), in minor units of its currency, or why it is not one. */
export function fnbMinimumInput(
  text: string,
  currency: string,
): { input: { fnb_minimum?: number }; unread: FieldErrors } {
  if (text.trim() === '') return { input: { fnb_minimum: 0 }, unread: {} };
  const read = readAmount(text, currency);
  if (read.problem !== undefined) return { input: {}, unread: { fnb_minimum: read.problem } };
  if (!fnbMinimumInRange(read.minor)) {
    const problem = `An F&B minimum is from 0 to ${moneyText(FNB_MINIMUM_MOST, currency)}.`;
    return { input: {}, unread: { fnb_minimum: problem } };
  }
  return { input: { fnb_minimum: read.minor }, unread: {} };
}

/** The F&B minimum form's refusal when the booking changed since its page was drawn. */
export const STALE_MINIMUM =
  'Someone changed this booking after you opened its page, so the minimum was not saved. Save again to apply it.';
