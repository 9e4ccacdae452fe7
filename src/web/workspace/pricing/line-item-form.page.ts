/**
 * The forms of a booking's lines (SPEC §12): add one from the catalogue (an active item, an
 * optional quantity, the event it is for) or by hand, on one page; change one, or go on to delete it.
 */
import { readAmount } from '../../../crm/money.js';
import {
  CATEGORY_LABELS,
  type CopiedTax,
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
  described,
  errorSummary,
  fieldError,
  type FieldErrors,
  inputField,
  selectField,
} from '../forms/form-fields.js';
import type { LineValues, PickValues } from './line-item-input.js';
import { staleNotice } from '../forms/stale.view.js';
import { dayLabel } from '../time-zones.js';
import { workspacePage } from '../workspace-layout.js';
import { mayTake, orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export interface LineFormView {
  booking: { id: string; reference: string; name: string; currency: string };
  events: ReadonlyArray<{ id: string; name: string; startDate: string }>;
  /** The organization's rates, and its service charge now (a line keeps the one it was made with). */
  rates: readonly TaxRate[];
  serviceCharge: string;
  /** Present when changing a line. */
  line?: { id: string; name: string; version: string; taxes: readonly CopiedTax[]; serviceCharge: string };
  values: LineValues;
  /** The catalogue's active items, and the catalogue form (adding only). */
  items: readonly Item[];
  pick: PickValues;
  errors: FieldErrors;
  /** The line as saved now, when the save came after someone else's (stale.view.ts). */
  saved?: LineValues | undefined;
}

export const LINE_LABELS: Record<string, string> = {
  item: 'Catalogue item',
  item_quantity: 'Quantity',
  item_event: 'Event',
  name: 'Name',
  category: 'Category',
  unit: 'Unit',
  quantity: 'Quantity',
  unit_price: 'Unit price',
  service_charge: 'Service charge',
  tax_rates: 'Tax rates',
  event: 'Event',
};

const QUANTITY_HINT = 'Left empty: its event’s guests on a per-person line, else 1.';

function eventChoices(view: LineFormView) {
  const events = view.events.map((e) => ({ value: e.id, label: `${e.name}, ${dayLabel(e.startDate)}` }));
  return [...events, { value: '', label: 'Whole booking' }];
}

/** The active rates, and any the line carries (as it copied them) or the form had ticked. */
function rateChoices(view: LineFormView) {
  const carried = new Map((view.line?.taxes ?? []).map((t) => [t.id, t]));
  const label = (r: { name: string; percentage: string; inclusive: boolean }) =>
    `${r.name} (${percentText(r.percentage)}${r.inclusive ? ', included in prices' : ''})`;
  const rates = view.rates
    .filter((r) => !carried.has(r.id) && (r.active || view.values.tax_rates.includes(r.id)))
    .map((r) => ({ value: r.id, label: label(r) }));
  return [...[...carried.values()].map((t) => ({ value: t.id, label: label(t) })), ...rates];
}

/** The catalogue's active items, by category, each with its price. */
function itemSelect(view: LineFormView): SafeHtml {
  const { errors, pick } = view;
  const groups = ITEM_CATEGORIES.map((c) => [c, view.items.filter((i) => i.category === c)] as const);
  const option = (i: Item) =>
    html`<option value="${i.id}" ${i.id === pick.item ? html`selected` : ''}>${i.name} — ${money(i.unitPrice, view.booking.currency)} ${UNIT_LABELS[i.unit]}</option>`;
  return html`<div class="field">
    <label for="field-item">${LINE_LABELS.item}</label>
    <select id="field-item" name="item" required ${described('item', errors)}>
      <option value="">Choose an item</option>
      ${groups
        .filter(([, items]) => items.length > 0)
        .map(([c, items]) => html`<optgroup label="${CATEGORY_LABELS[c]}">${items.map(option)}</optgroup>`)}
    </select>
    ${fieldError('item', errors)}
  </div>`;
}

function pickForm(v: WorkspaceVisitor, view: LineFormView, action: string): SafeHtml {
  const { errors, pick } = view;
  if (view.items.length === 0) {
    const where = mayTake(v, ITEM_ACTIONS.create)
      ? html`Add them under <a href="${orgPath(v, '/settings/catalogue')}">Settings → Catalogue</a>.`
      : 'Administrators of the venue add them.';
    return html`<p class="hint">The catalogue has no active items yet. ${where}</p>`;
  }
  return html`<form method="post" action="${action}" novalidate class="record-form">
    ${csrfField(v.csrfToken)}<input type="hidden" name="from" value="catalogue" />
    ${itemSelect(view)}
    <div class="pair">
      ${inputField({ name: 'item_quantity', label: LINE_LABELS.item_quantity!, value: pick.item_quantity, errors, hint: QUANTITY_HINT, attributes: html`inputmode="decimal" maxlength="20"` })}
      ${selectField({ name: 'item_event', label: LINE_LABELS.item_event!, value: pick.item_event, errors, required: true, choices: eventChoices(view) })}
    </div>
    <p class="hint">The line copies the item’s name, price, service charge and taxes as they are now.</p>
    <div class="actions"><button type="submit">Add from catalogue</button></div>
  </form>`;
}

function lineFields(view: LineFormView): SafeHtml {
  const { values, errors } = view;
  const charge = view.line?.serviceCharge ?? view.serviceCharge;
  const check = html`<div class="field">
    <label class="check"><input type="checkbox" id="field-service_charge" name="service_charge" value="yes" aria-describedby="field-service_charge-hint" ${values.service_charge ? html`checked` : ''} /><span>${LINE_LABELS.service_charge}</span></label>
    <p class="hint" id="field-service_charge-hint">Ticked, the venue’s service charge (${percentText(charge)}) is added to it.</p>
  </div>`;
  return html`${inputField({ name: 'name', label: LINE_LABELS.name!, value: values.name, errors, required: true, hint: 'As documents print it', attributes: html`maxlength="200"` })}
    <div class="pair">
      ${selectField({ name: 'category', label: LINE_LABELS.category!, value: values.category, errors, required: true, empty: view.line ? undefined : 'Choose a category', choices: ITEM_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })) })}
      ${selectField({ name: 'unit', label: LINE_LABELS.unit!, value: values.unit, errors, required: true, choices: ITEM_UNITS.map((u) => ({ value: u, label: UNIT_LABELS[u] })) })}
    </div>
    <div class="pair">
      ${inputField({ name: 'quantity', label: LINE_LABELS.quantity!, value: values.quantity, errors, hint: QUANTITY_HINT, attributes: html`inputmode="decimal" maxlength="20"` })}
      ${inputField({ name: 'unit_price', label: `${LINE_LABELS.unit_price} (${view.booking.currency})`, value: values.unit_price, errors, required: true, hint: 'Such as 85 or 1 234,50; below zero for a discount', attributes: html`inputmode="decimal" maxlength="30"` })}
    </div>
    ${check}
    ${checkboxesField({ name: 'tax_rates', legend: LINE_LABELS.tax_rates!, values: values.tax_rates, errors, empty: html`<p class="hint">The venue has no tax rates.</p>`, choices: rateChoices(view) })}
    ${selectField({ name: 'event', label: LINE_LABELS.event!, value: values.event, errors, required: true, choices: eventChoices(view) })}`;
}

/** What the stale notice compares: each field as words. */
function staleValues(values: LineValues, view: LineFormView) {
  const price = readAmount(values.unit_price, view.booking.currency);
  const names = new Map([...eventChoices(view), ...rateChoices(view)].map((c) => [c.value, c.label]));
  return {
    ...values,
    category: CATEGORY_LABELS[values.category as keyof typeof CATEGORY_LABELS] ?? values.category,
    unit: UNIT_LABELS[values.unit as keyof typeof UNIT_LABELS] ?? values.unit,
    quantity: values.quantity || 'from guests',
    unit_price: price.minor === undefined ? values.unit_price : money(price.minor, view.booking.currency),
    service_charge: values.service_charge ? 'Yes' : 'No',
    tax_rates: values.tax_rates.map((id) => names.get(id) ?? id),
    event: names.get(values.event) ?? values.event,
  };
}

export function lineFormPage(v: WorkspaceVisitor, view: LineFormView): string {
  const { booking, line, errors } = view;
  const bookingPath = orgPath(v, `/bookings/${booking.id}`);
  const action = line ? orgPath(v, `/line-items/${line.id}`) : `${bookingPath}/line-items`;
  const title = line ? `Change ${line.name}` : 'Add a line';
  const handForm = html`<form method="post" action="${action}" novalidate class="record-form">
    ${csrfField(v.csrfToken)}
    ${line ? html`<input type="hidden" name="version" value="${line.version}" />` : html`<input type="hidden" name="from" value="hand" />`}
    ${lineFields(view)}
    <div class="actions"><button type="submit">${line ? 'Save line' : 'Add line'}</button><a class="button secondary" href="${bookingPath}#pricing-title">Cancel</a></div>
  </form>`;
  const forms = line
    ? html`${handForm}<section class="danger-zone" aria-labelledby="delete-title"><h2 id="delete-title">Delete this line</h2>
        <a class="button danger" href="${orgPath(v, `/line-items/${line.id}/delete`)}">Delete line…</a></section>`
    : html`<section class="card" aria-labelledby="pick-title"><h2 id="pick-title">From the catalogue</h2>${pickForm(v, view, action)}</section>
      <section class="card" aria-labelledby="hand-title"><h2 id="hand-title">By hand</h2>${handForm}</section>`;
  const body = html`<p class="crumbs"><a href="${orgPath(v, '/bookings')}">Bookings</a> › <a href="${bookingPath}">${booking.reference} ${booking.name}</a></p>
    <h1>${title}</h1>
    ${view.saved ? staleNotice(staleValues(view.saved, view), staleValues(view.values, view), LINE_LABELS) : ''}
    ${errorSummary(errors, LINE_LABELS)}
    <p class="hint">Prices in ${booking.currency}, the booking’s currency.</p>
    ${forms}`;
  return workspacePage(v, { title, section: 'bookings', body });
}
