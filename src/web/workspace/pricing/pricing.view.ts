/**
 * A booking's Pricing on its page (SPEC §12): its lines grouped by event, in the order the events
 * happen, then those of the booking as a whole, each group by category in the order documents
 * print them; then its totals as they will print (the sums kept on the booking, so the page and
 * /v2/bookings agree to the cent), what is paid and due, and its F&B minimum with a form to set it.
 * A tax inside the prices (SPEC §12) is said to be included — "includes VAT £1,604.06" — beside
 * the line and under the grand total, never as a row of the totals that seems to add.
 */
import { bookingCodec, type BookingRow, fnbShortfall } from '../../../crm/bookings/index.js';
import type { EventValue } from '../../../crm/events/index.js';
import { majorText } from '../../../crm/money.js';
import {
  CATEGORY_LABELS,
  ITEM_CATEGORIES,
  type LineItemValue as LineItem,
  UNIT_LABELS,
} from '../../../crm/pricing/index.js';
import { countText, percentText } from '../../../locale.js';
import { html, type SafeHtml } from '../../html.js';
import { money } from '../bookings/booking-badges.js';
import { csrfField, type FieldErrors, inputField } from '../forms/form-fields.js';
import { eventTimesOf } from '../time-zones.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export interface PricingSection {
  booking: BookingRow;
  /** The booking's version, which the F&B minimum form carries. */
  version: string;
  /** Its events, in the order they happen. */
  events: readonly EventValue[];
  /** Its lines, in their order on documents. */
  lines: readonly LineItem[];
  /** The organization's categories that count as food and beverage. */
  fnbCategories: readonly string[];
  zone: string;
  fnbErrors: FieldErrors;
  /** The minimum as typed, when its save was refused. */
  fnbDraft?: string | undefined;
}

/** "Service charge 12.5%: £1,069.38 · includes VAT £1,604.06": what a line adds, then what it contains. */
function charges(line: LineItem, currency: string): string {
  const parts = line.serviceCharge
    ? [
        `Service charge ${percentText(line.serviceChargePercentage)}: ${money(line.serviceChargeAmount, currency)}`,
      ]
    : [];
  const taxes = line.taxes;
  for (const tax of taxes.filter((t) => !t.inclusive)) {
    parts.push(`${tax.name} ${percentText(tax.percentage)}: ${money(tax.amount, currency)}`);
  }
  for (const tax of taxes.filter((t) => t.inclusive)) {
    parts.push(`includes ${tax.name} ${money(tax.amount, currency)}`);
  }
  return parts.join(' · ');
}

function lineRow(v: WorkspaceVisitor, line: LineItem, currency: string): SafeHtml {
  const fromGuests = line.quantityFromGuests ? html` <span class="muted">(from guests)</span>` : '';
  const extra = charges(line, currency);
  return html`<tr id="line-${line.id}">
    <td><span class="strong">${line.name}</span>${extra ? html`<span class="line-charges">${extra}</span>` : ''}</td>
    <td data-label="Quantity">${line.quantity} ${UNIT_LABELS[line.unit]}${fromGuests}</td>
    <td data-label="Unit price" class="num">${money(line.unitPrice, currency)}</td>
    <td data-label="Amount" class="num">${money(line.amount, currency)}</td>
    <td class="num"><a href="${orgPath(v, `/line-items/${line.id}/edit`)}" aria-label="Change ${line.name}">Change</a></td>
  </tr>`;
}

/** One group's table: its lines by category. */
function linesTable(v: WorkspaceVisitor, id: string, lines: readonly LineItem[], currency: string): SafeHtml {
  const byCategory = ITEM_CATEGORIES.map((c) => [c, lines.filter((l) => l.category === c)] as const);
  return html`<table class="list lines" aria-labelledby="${id}">
    <thead><tr><th scope="col">Item</th><th scope="col">Quantity</th><th scope="col" class="num">Unit price</th><th scope="col" class="num">Amount</th><th scope="col"><span class="visually-hidden">Change</span></th></tr></thead>
    ${byCategory
      .filter(([, list]) => list.length > 0)
      .map(
        ([category, list]) => html`<tbody>
          <tr class="category"><th scope="rowgroup" colspan="5">${CATEGORY_LABELS[category]}</th></tr>
          ${list.map((line) => lineRow(v, line, currency))}
        </tbody>`,
      )}
  </table>`;
}

function groups(v: WorkspaceVisitor, view: PricingSection): SafeHtml[] {
  const { booking, events, lines } = view;
  const known = new Set(events.map((e) => e.id));
  const ofEvents = events.map((e) => {
    const guests = e.guaranteedCount ?? e.guestCount;
    const facts = [
      eventTimesOf(e, booking.timezone, view.zone),
      guests === null ? '' : `${countText(guests)} guests`,
    ];
    return {
      id: `lines-${e.id}`,
      heading: html`${e.name} <span class="muted small">${facts.filter(Boolean).join(' · ')}</span>`,
      lines: lines.filter((l) => l.eventId === e.id),
    };
  });
  const whole = {
    id: 'lines-booking',
    heading: html`Whole booking`,
    lines: lines.filter((l) => l.eventId === null || !known.has(l.eventId)),
  };
  return [...ofEvents, whole]
    .filter((g) => g.lines.length > 0)
    .map((g) => html`<h3 id="${g.id}">${g.heading}</h3>${linesTable(v, g.id, g.lines, booking.currency)}`);
}

function total(label: string, minor: number, currency: string, className = ''): SafeHtml {
  return html`<div class="${className}"><dt>${label}</dt><dd>${money(minor, currency)}</dd></div>`;
}

/** The lines' taxes, added up by `label`, in the order the lines first name them. */
function taxesBy(
  lines: readonly LineItem[],
  inclusive: boolean,
  label: (tax: { name: string; percentage: string }) => string,
): Array<[string, number]> {
  const sums = new Map<string, number>();
  for (const tax of lines.flatMap((line) => line.taxes).filter((t) => t.inclusive === inclusive)) {
    sums.set(label(tax), (sums.get(label(tax)) ?? 0) + tax.amount);
  }
  return [...sums];
}

/** Each tax added to the prices, by its name and rate as the lines copied it: rows that add up. */
function addedTaxes(lines: readonly LineItem[], currency: string): SafeHtml[] {
  return taxesBy(lines, false, (t) => `${t.name} ${percentText(t.percentage)}`).map(([label, minor]) =>
    total(label, minor, currency),
  );
}

/**
 * The grand total, and under its figure what it includes ("includes VAT £1,854.06"): each tax
 * inside the prices by its name (and its rate, where the lines copied several rates of one name),
 * which the grand total holds already, so it is said beside it rather than as a row.
 */
function grandTotal(lines: readonly LineItem[], minor: number, currency: string): SafeHtml {
  const included = lines.flatMap((line) => line.taxes).filter((t) => t.inclusive);
  const rates = new Map<string, Set<string>>();
  for (const t of included) rates.set(t.name, (rates.get(t.name) ?? new Set()).add(t.percentage));
  const label = (t: { name: string; percentage: string }) =>
    (rates.get(t.name)?.size ?? 0) > 1 ? `${t.name} ${percentText(t.percentage)}` : t.name;
  const includes = taxesBy(lines, true, label).map(
    ([name, tax]) => html`<span class="includes">includes ${name} ${money(tax, currency)}</span>`,
  );
  return html`<div class="grand"><dt>Grand total</dt><dd>${money(minor, currency)}${includes}</dd></div>`;
}

/** The minimum and what the food and beverage lines fall short of it, when a minimum is set. */
function fnbRows(view: PricingSection): SafeHtml | '' {
  const b = view.booking;
  const minimum = Number(b.fnb_minimum);
  if (minimum <= 0) return '';
  const shortfall = fnbShortfall(bookingCodec.decode(b), view.fnbCategories);
  return html`${total('F&B minimum', minimum, b.currency)}
    ${total('F&B shortfall', shortfall, b.currency, shortfall > 0 ? 'short' : '')}`;
}

function totals(view: PricingSection): SafeHtml {
  const b = view.booking;
  const c = b.currency;
  const grand = Number(b.grand_total);
  const paid = Number(b.paid_total);
  if (view.lines.length === 0) {
    const fnb = fnbRows(view);
    return fnb ? html`<dl class="totals" aria-label="Totals">${fnb}</dl>` : html``;
  }
  return html`<dl class="totals" aria-label="Totals">
    ${total('Subtotal', Number(b.subtotal), c)}
    ${total('Service charge', Number(b.service_charge_total), c)}
    ${addedTaxes(view.lines, c)}
    ${grandTotal(view.lines, grand, c)}
    ${total('Paid', paid, c)}
    ${total('Balance due', grand - paid, c, 'grand')}
    ${fnbRows(view)}
  </dl>`;
}

function fnbForm(v: WorkspaceVisitor, view: PricingSection): SafeHtml {
  const b = view.booking;
  const minimum = Number(b.fnb_minimum);
  const value = view.fnbDraft ?? (minimum > 0 ? majorText(minimum, b.currency) : '');
  return html`<form method="post" action="${orgPath(v, `/bookings/${b.id}/fnb-minimum`)}" novalidate class="fnb-form">
    ${csrfField(v.csrfToken)}<input type="hidden" name="version" value="${view.version}" />
    ${inputField({ name: 'fnb_minimum', label: `F&B minimum (${b.currency})`, value, errors: view.fnbErrors, hint: 'The least its food and beverage must come to; empty for none.', attributes: html`inputmode="decimal" maxlength="30"` })}
    <button type="submit" class="secondary">Set minimum</button>
  </form>`;
}

export function pricingSection(v: WorkspaceVisitor, view: PricingSection): SafeHtml {
  const b = view.booking;
  const lines =
    view.lines.length === 0
      ? html`<p class="muted">No lines yet. Price the booking from the catalogue, or add a line by hand.</p>`
      : groups(v, view);
  return html`<section aria-labelledby="pricing-title" class="card pricing">
    <h2 id="pricing-title">Pricing</h2>
    ${lines}
    ${totals(view)}
    <p><a class="button secondary" href="${orgPath(v, `/bookings/${b.id}/line-items/new`)}">Add a line</a></p>
    ${fnbForm(v, view)}
  </section>`;
}
