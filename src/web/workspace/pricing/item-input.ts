/**
 * An item's form on Settings → Catalogue: its values as saved and as posted, and what they ask of
 * the rules (src/crm/pricing/items.ts), which judge them for the page as for the API. The price is
 * typed as a person writes money ("1.234,50", "85") and read by the one reader of amounts
 * (src/crm/money.ts) in the organization's currency.
 */
import {
  isItemCategory,
  ITEM_UNITS,
  type ItemInput,
  type ItemUnit,
  type ItemValue as Item,
} from '../../../crm/pricing/index.js';
import { majorText, readAmount } from '../../../crm/money.js';
import { type Form, formList, formText } from '../../forms.js';
import type { FieldErrors } from '../forms/form-fields.js';

export interface ItemValues {
  name: string;
  description: string;
  category: string;
  unit: string;
  unit_price: string;
  service_charge: boolean;
  active: boolean;
  tax_rates: string[];
}

/** The add form as it starts: counted each, offered for new lines unless unticked. */
export function blankItem(): ItemValues {
  return {
    name: '',
    description: '',
    category: '',
    unit: 'each',
    unit_price: '',
    service_charge: false,
    active: true,
    tax_rates: [],
  };
}

/** The form's values of an item as saved, its price in the organization's currency. */
export function itemValuesOf(item: Item, currency: string): ItemValues {
  return {
    name: item.name,
    description: item.description ?? '',
    category: item.category,
    unit: item.unit,
    unit_price: majorText(item.unitPrice, currency),
    service_charge: item.serviceCharge,
    active: item.active,
    tax_rates: item.taxRateIds,
  };
}

/** The form's values as posted (a checkbox left unticked is not sent at all). */
export function itemValuesPosted(body: Form): ItemValues {
  return {
    name: formText(body, 'name'),
    description: formText(body, 'description'),
    category: formText(body, 'category'),
    unit: formText(body, 'unit'),
    unit_price: formText(body, 'unit_price').trim(),
    service_charge: formText(body, 'service_charge') === 'yes',
    active: formText(body, 'active') === 'yes',
    tax_rates: formList(body, 'tax_rates'),
  };
}

const isItemUnit = (value: string): value is ItemUnit => (ITEM_UNITS as readonly string[]).includes(value);

/**
 * What the form asks of the rules, and what it could not read: a price that is no amount, or none
 * (which on an edit would otherwise leave the saved price as it was), and a unit not offered.
 */
export function itemInput(values: ItemValues, currency: string): { input: ItemInput; unread: FieldErrors } {
  const unread: FieldErrors = {};
  let price: number | undefined;
  if (values.unit_price === '') unread.unit_price = 'An item needs a unit price, such as 85 (0 for none).';
  else {
    const read = readAmount(values.unit_price, currency);
    if (read.problem !== undefined) unread.unit_price = read.problem;
    price = read.minor;
  }
  if (!isItemUnit(values.unit)) unread.unit = 'Choose how it is counted: each, per person, per hour or flat.';
  const input: ItemInput = {
    name: values.name,
    description: values.description,
    category: isItemCategory(values.category) ? values.category : undefined,
    unit: isItemUnit(values.unit) ? values.unit : undefined,
    unit_price: price,
    service_charge: values.service_charge,
    active: values.active,
    tax_rate_ids: values.tax_rates,
  };
  return { input, unread };
}
