/**
 * Settings → Catalogue (SPEC §12): the organization's items, by category then name, read by every
 * member; its admins add one under the list and open an item to change or delete it. A line copies
 * an item when it is made, so the pages say that changing or deleting one leaves those lines be.
 */
import { readAmount } from '../../../crm/money.js';
import {
  CATEGORY_LABELS,
  ITEM_ACTIONS,
  ITEM_CATEGORIES,
  ITEM_UNITS,
  type ItemValue as Item,
  type TaxRateValue as TaxRate,
  UNIT_LABELS,
} from '../../../crm/pricing/index.js';
import { percentText } from '../../../locale.js';
import { html, type SafeHtml } from '../../html.js';
import { money } from '../bookings/booking-badges.js';
import {
  checkboxesField,
  csrfField,
  errorSummary,
  type FieldErrors,
  inputField,
  selectField,
  textareaField,
} from '../forms/form-fields.js';
import type { ItemValues } from './item-input.js';
import { noticeOf } from '../forms/list-parts.js';
import { staleNotice } from '../forms/stale.view.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { mayTake, orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

const LABELS = {
  name: 'Name',
  description: 'Description',
  category: 'Category',
  unit: 'Unit',
  unit_price: 'Unit price',
  service_charge: 'Service charge',
  active: 'Active',
  tax_rates: 'Tax rates',
};
const NOTICES = { created: 'Item added.', saved: 'Changes saved.', deleted: 'Item deleted.' };
/** What changing or deleting an item leaves as it is (said on the pages and the delete confirmation). */
export const KEPT = 'Lines already priced keep what they copied from the item when they were made.';

/** What the catalogue pages know besides the items: the currency prices are in, and the rates. */
export interface CatalogueFacts {
  currency: string;
  rates: readonly TaxRate[];
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const ratesById = (rates: readonly TaxRate[]) => new Map(rates.map((r) => [r.id, r]));
const namesOf = (ids: readonly string[], rates: readonly TaxRate[]) => {
  const byId = ratesById(rates);
  return ids.map((id) => byId.get(id)?.name ?? id);
};

/** A ticked-or-not field with its hint. */
function checkField(name: 'service_charge' | 'active', checked: boolean, hint: string): SafeHtml {
  return html`<div class="field">
    <label class="check"><input type="checkbox" id="field-${name}" name="${name}" value="yes" aria-describedby="field-${name}-hint" ${checked ? html`checked` : ''} /><span>${LABELS[name]}</span></label>
    <p class="hint" id="field-${name}-hint">${hint}</p>
  </div>`;
}

/** The organization's active rates, and any other the item carries or the form had ticked. */
function rateChoices(facts: CatalogueFacts, values: ItemValues, carried: readonly string[]) {
  const kept = new Set([...carried, ...values.tax_rates]);
  return facts.rates
    .filter((r) => r.active || kept.has(r.id))
    .map((r) => {
      const how = [percentText(r.percentage), r.inclusive ? 'inclusive' : '', r.active ? '' : 'not active'];
      return { value: r.id, label: `${r.name} (${how.filter(Boolean).join(', ')})` };
    });
}

function itemFields(
  v: WorkspaceVisitor,
  facts: CatalogueFacts,
  values: ItemValues,
  errors: FieldErrors,
  carried: readonly string[] = [],
): SafeHtml {
  const noRates = html`<p class="hint">The venue has no tax rates yet. ${mayTake(v, ITEM_ACTIONS.create) ? html`Add them under <a href="${orgPath(v, '/settings/tax-rates')}">Tax rates</a>.` : ''}</p>`;
  return html`${inputField({ name: 'name', label: LABELS.name, value: values.name, errors, required: true, hint: 'Such as Gold dinner menu or Projector', attributes: html`maxlength="200"` })}
    ${textareaField({ name: 'description', label: LABELS.description, value: values.description, errors, rows: 3, hint: 'As documents print it' })}
    <div class="pair">
      ${selectField({ name: 'category', label: LABELS.category, value: values.category, errors, required: true, empty: 'Choose a category', choices: ITEM_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })) })}
      ${selectField({ name: 'unit', label: LABELS.unit, value: values.unit, errors, required: true, choices: ITEM_UNITS.map((u) => ({ value: u, label: UNIT_LABELS[u] })) })}
    </div>
    ${inputField({ name: 'unit_price', label: `${LABELS.unit_price} (${facts.currency})`, value: values.unit_price, errors, required: true, hint: 'Such as 85 or 1 234,50; below zero for a discount', attributes: html`inputmode="decimal" maxlength="30"` })}
    ${checkField('service_charge', values.service_charge, 'Ticked, the venue’s service charge is added to it.')}
    ${checkField('active', values.active, 'Offered for new lines. Unticked, it is kept but no longer offered.')}
    ${checkboxesField({ name: 'tax_rates', legend: LABELS.tax_rates, values: values.tax_rates, errors, hint: 'The taxes charged on it.', empty: noRates, choices: rateChoices(facts, values, carried) })}`;
}

function itemRow(v: WorkspaceVisitor, facts: CatalogueFacts, item: Item): SafeHtml {
  const name = mayTake(v, ITEM_ACTIONS.create)
    ? html`<a class="strong" href="${orgPath(v, `/settings/catalogue/${item.id}`)}">${item.name}</a>`
    : html`<span class="strong">${item.name}</span>`;
  const rates = namesOf(item.taxRateIds, facts.rates);
  return html`<tr>
    <td>${name}</td>
    <td data-label="Category">${CATEGORY_LABELS[item.category]}</td>
    <td data-label="Unit">${UNIT_LABELS[item.unit]}</td>
    <td data-label="Unit price" class="nowrap">${money(item.unitPrice, facts.currency)}</td>
    <td data-label="Service charge">${yesNo(item.serviceCharge)}</td>
    <td data-label="Active">${yesNo(item.active)}</td>
    <td data-label="Tax rates">${rates.length > 0 ? rates.join(', ') : html`<span class="muted">None</span>`}</td>
  </tr>`;
}

export function cataloguePage(
  v: WorkspaceVisitor,
  view: CatalogueFacts & {
    items: readonly Item[];
    values: ItemValues;
    errors: FieldErrors;
    notice?: string | undefined;
  },
): string {
  const base = orgPath(v, '/settings/catalogue');
  const list =
    view.items.length === 0
      ? html`<div class="empty"><p><strong>No items yet.</strong> ${mayTake(v, ITEM_ACTIONS.create) ? 'Add what the venue sells — menus, packages, rentals, fees — to price bookings from.' : 'Administrators of the venue add them.'}</p></div>`
      : html`<table class="list"><thead><tr><th scope="col">Name</th><th scope="col">Category</th><th scope="col">Unit</th><th scope="col">Unit price</th><th scope="col">Service charge</th><th scope="col">Active</th><th scope="col">Tax rates</th></tr></thead>
          <tbody>${view.items.map((item) => itemRow(v, view, item))}</tbody></table>`;
  const add = mayTake(v, ITEM_ACTIONS.create)
    ? html`<section class="card" aria-labelledby="add-title"><h2 id="add-title">Add an item</h2>
      ${errorSummary(view.errors, LABELS)}
      <form method="post" action="${base}" novalidate class="record-form">${csrfField(v.csrfToken)}${itemFields(v, view, view.values, view.errors)}
        <div class="actions"><button type="submit">Add item</button></div></form>
    </section>`
    : html`<p class="hint">Only administrators of the venue change its catalogue.</p>`;
  const body = html`${settingsTabs(v, 'catalogue')}<h1>Catalogue</h1>
    <p class="hint">What the venue sells, with prices in ${view.currency}. ${KEPT}</p>
    ${noticeOf(NOTICES, view.notice)}
    ${list}
    ${add}`;
  return workspacePage(v, { title: 'Catalogue', section: 'settings', body });
}

/** What the stale notice compares: each field as words. */
function staleValues(values: ItemValues, facts: CatalogueFacts) {
  const price = readAmount(values.unit_price, facts.currency);
  return {
    ...values,
    category: CATEGORY_LABELS[values.category as keyof typeof CATEGORY_LABELS] ?? values.category,
    unit: UNIT_LABELS[values.unit as keyof typeof UNIT_LABELS] ?? values.unit,
    unit_price: price.minor === undefined ? values.unit_price : money(price.minor, facts.currency),
    service_charge: yesNo(values.service_charge),
    active: yesNo(values.active),
    tax_rates: namesOf(values.tax_rates, facts.rates),
  };
}

export function itemFormPage(
  v: WorkspaceVisitor,
  view: CatalogueFacts & {
    item: { id: string; name: string; version: string; taxRates: readonly string[] };
    values: ItemValues;
    errors: FieldErrors;
    /** The item as saved now, when the save came after someone else's (stale.view.ts). */
    saved?: ItemValues | undefined;
  },
): string {
  const { item, values, errors } = view;
  const list = orgPath(v, '/settings/catalogue');
  const base = `${list}/${item.id}`;
  const body = html`${settingsTabs(v, 'catalogue')}<p class="crumbs"><a href="${list}">Catalogue</a></p><h1>Edit ${item.name}</h1>
    ${view.saved ? staleNotice(staleValues(view.saved, view), staleValues(values, view), LABELS) : ''}
    ${errorSummary(errors, LABELS)}
    <form method="post" action="${base}" novalidate class="record-form">${csrfField(v.csrfToken)}<input type="hidden" name="version" value="${item.version}" />
      ${itemFields(v, view, values, errors, item.taxRates)}
      <p class="hint">${KEPT}</p>
      <div class="actions"><button type="submit">Save changes</button><a class="button secondary" href="${list}">Cancel</a></div></form>
    <section class="danger-zone" aria-labelledby="delete-title"><h2 id="delete-title">Delete this item</h2>
      <p>${KEPT} To stop offering it for new lines but keep it, untick Active instead.</p>
      <p><a class="button danger" href="${base}/delete">Delete ${item.name}…</a></p></section>`;
  return workspacePage(v, { title: `Edit ${item.name}`, section: 'settings', body });
}
