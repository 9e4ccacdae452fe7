/**
 * What a line says it is (SPEC §12): what the request gives, else what its catalogue item says
 * now (a new line, or one given a new item), else what the line already holds. Its tax rates are
 * copied as they are at that moment.
 */
import { optionalText, type Problems } from '../validation.js';
import type { ItemCategory, ItemUnit } from './categories.js';
import type { Item } from './item.table.js';
import { UNIT_PRICE_LIMIT } from '../money.js';
import type { CopiedTax, LineItem } from './line-item.table.js';
import { copiedTaxes, taxRateIdsOf } from './line-item.codec.js';
import type { TaxRate } from './tax-rate.table.js';
import { checkTaxRateIds } from './tax-rate-links.js';
import { flag } from '../data/row-mappers.js';

/** What a create or an update of a line may give; undefined leaves a field as it is. */
export interface LineItemInput {
  bookingId?: string | undefined;
  /** null: the booking as a whole. */
  eventId?: string | null | undefined;
  itemId?: string | undefined;
  name?: string | undefined;
  description?: string | null | undefined;
  category?: ItemCategory | undefined;
  unit?: ItemUnit | undefined;
  /** null: a per-person line takes its event's guests again. */
  quantity?: string | null | undefined;
  unit_price?: number | undefined;
  service_charge?: boolean | undefined;
  position?: number | undefined;
  tax_rate_ids?: readonly string[] | undefined;
}

const NAME_MAX = 200;

export interface DescribedLine {
  name: string;
  description: string | null;
  category: ItemCategory | undefined;
  unit: ItemUnit;
  unitPrice: number | undefined;
  serviceCharge: boolean;
}

export function describedLine(
  input: LineItemInput,
  item: Item | undefined,
  current: LineItem | undefined,
  problems: Problems,
): DescribedLine {
  const name = (input.name ?? item?.name ?? current?.name ?? '').trim();
  if (name === '')
    problems.attribute('name', 'A line item needs a name, or an item to take it from.', 'blank');
  else if (name.length > NAME_MAX)
    problems.attribute('name', `A line item's name is at most ${NAME_MAX} characters long.`, 'too_long');
  problems.text('name', name, 'name');
  const description =
    input.description !== undefined
      ? optionalText(input.description)
      : (item?.description ?? current?.description ?? null);
  problems.text('description', description, 'lines');
  const category = input.category ?? item?.category ?? current?.category;
  if (category === undefined)
    problems.attribute('category', 'A line item needs a category, or an item to take it from.', 'blank');
  const unitPrice =
    input.unit_price ?? (item ? Number(item.unit_price) : current ? Number(current.unit_price) : undefined);
  if (unitPrice === undefined)
    problems.attribute('unit_price', 'A line item needs a unit price, or an item to take it from.', 'blank');
  else if (Math.abs(unitPrice) > UNIT_PRICE_LIMIT)
    problems.attribute(
      'unit_price',
      `A unit price is at most ${UNIT_PRICE_LIMIT} minor units either side of zero.`,
      'too_large',
    );
  const charged = item?.service_charge ?? current?.service_charge ?? 0;
  return {
    name,
    description,
    category,
    unit: input.unit ?? item?.unit ?? current?.unit ?? 'each',
    unitPrice,
    serviceCharge: input.service_charge ?? flag(charged),
  };
}

function copied(ids: readonly string[], rates: ReadonlyMap<string, TaxRate>): CopiedTax[] {
  return ids.flatMap((id) => {
    const rate = rates.get(id);
    if (!rate) return [];
    const inclusive = flag(rate.inclusive);
    return [{ id, name: rate.name, percentage: rate.percentage, inclusive, amount: 0 }];
  });
}

/** The line's taxes: those named (the organization's), else its new item's, else those it holds. */
export function lineTaxes(
  input: LineItemInput,
  item: Item | undefined,
  current: LineItem | undefined,
  rates: ReadonlyMap<string, TaxRate>,
  problems: Problems,
): CopiedTax[] {
  if (input.tax_rate_ids !== undefined) {
    const ids = checkTaxRateIds(problems, input.tax_rate_ids, new Set(rates.keys()));
    const retired = ids.map((id) => rates.get(id)).find((rate) => rate && !flag(rate.active));
    // A line keeps a rate retired since it was copied; a rate is not newly named once retired.
    const kept = new Set(current ? copiedTaxes(current).map((t) => t.id) : []);
    if (retired && !kept.has(retired.id)) {
      problems.relationship(
        'tax_rates',
        `"${retired.name}" is no longer offered: it is not active.`,
        'inactive',
      );
    }
    return copied(ids, rates);
  }
  if (item) return copied(taxRateIdsOf(item), rates);
  return current ? (JSON.parse(current.taxes) as CopiedTax[]) : [];
}
