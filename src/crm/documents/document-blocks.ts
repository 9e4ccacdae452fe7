/**
 * The blocks a document is built of (document-build.ts), from its facts, pure: its events, its
 * lines by event and category, its totals as the booking keeps them (taxes a price contains said
 * to be included, never a row that adds), its payment schedule and its payments.
 */
import type { EventValue as Event } from '../events/index.js';
import { CATEGORY_LABELS, ITEM_CATEGORIES, type LineItemValue as LineItem } from '../pricing/index.js';
import type { DocumentFacts } from './document-facts.js';
import type { Block, TableGroup, TotalRow } from './document-model.js';
import { dayOf, guestsWords, quantityWords, setupStyleWords, timesOf } from './document-words.js';
import { installmentDue, installmentTerms, STATE_WORDS, stillToPay } from './schedule-words.js';
import { countText, percentText } from '../../locale.js';

const METHOD_WORDS: Readonly<Record<string, string>> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  check: 'Cheque',
  other: 'Other',
};

export type Money = (minor: number | string) => string;

export function spacesOf(event: Event, facts: DocumentFacts): string {
  const names = event.spaceIds.map((id) => facts.spaceNames.get(id) ?? '');
  return names.filter(Boolean).join(', ') || 'To be confirmed';
}

/** The day of an event and its times, in the venue's zone (and the booking's, when that differs). */
export function whenOf(event: Event, facts: DocumentFacts): string {
  if (event.allDay) {
    return event.startDate === event.endDate
      ? `${dayOf(`${event.startDate}T12:00:00Z`, 'UTC', facts.locale)}, all day`
      : `${dayOf(`${event.startDate}T12:00:00Z`, 'UTC', facts.locale)} to ${dayOf(`${event.endDate}T12:00:00Z`, 'UTC', facts.locale)}`;
  }
  const here = `${dayOf(event.startAt, facts.zone, facts.locale)}, ${timesOf(event.startAt, event.endAt, facts.zone, facts.locale)}`;
  const zone = facts.booking.timezone;
  if (zone === facts.zone) return here;
  return `${here} (${timesOf(event.startAt, event.endAt, zone, facts.locale)} in ${zone.replace(/_/g, ' ')})`;
}

export function guestsOf(event: Event, locale: string): string {
  const expected = event.guestCount === null ? '' : guestsWords(event.guestCount, locale);
  if (event.guaranteedCount === null) return expected || '—';
  const guaranteed = `${countText(event.guaranteedCount, locale)} guaranteed`;
  return expected ? `${expected} (${guaranteed})` : guaranteed;
}

/** "118 guests", "6 hours", "2". */
export function quantityOf(line: LineItem, locale: string): string {
  const q = quantityWords(line.quantity, locale);
  if (line.unit === 'per_person') return line.quantity === '1' ? '1 guest' : `${q} guests`;
  if (line.unit === 'per_hour') return line.quantity === '1' ? '1 hour' : `${q} hours`;
  return q;
}

export function eventsTable(facts: DocumentFacts): Block {
  return {
    type: 'table',
    columns: [
      { label: 'Event', align: 'left', width: 'auto' },
      { label: 'When', align: 'left', width: 'fill' },
      { label: 'Spaces', align: 'left', width: 'auto' },
      { label: 'Guests', align: 'right', width: 'auto' },
    ],
    groups: [
      {
        rows: facts.events.map((e) => ({
          cells: [e.name, whenOf(e, facts), spacesOf(e, facts), guestsOf(e, facts.locale)],
          ...(e.setupStyle ? { detail: `${setupStyleWords(e.setupStyle)} setup` } : {}),
        })),
      },
    ],
  };
}

/** A group of lines by category, each with its quantity and, with prices, unit price and amount. */
export function linesTable(
  caption: string,
  lines: readonly LineItem[],
  money: Money,
  prices: boolean,
  footLabel: string,
  locale: string,
): Block {
  const groups: TableGroup[] = ITEM_CATEGORIES.map((category) => ({
    heading: CATEGORY_LABELS[category],
    rows: lines
      .filter((l) => l.category === category)
      .map((l) => ({
        cells: prices
          ? [l.name, quantityOf(l, locale), money(l.unitPrice), money(l.amount)]
          : [l.name, quantityOf(l, locale)],
        ...(l.description ? { detail: l.description } : {}),
      })),
  })).filter((g) => g.rows.length > 0);
  const columns = [
    { label: 'Item', align: 'left' as const, width: 'fill' as const },
    { label: 'Quantity', align: 'right' as const, width: 'auto' as const },
    ...(prices
      ? [
          { label: 'Unit price', align: 'right' as const, width: 'auto' as const },
          { label: 'Amount', align: 'right' as const, width: 'auto' as const },
        ]
      : []),
  ];
  const sum = lines.reduce((total, l) => total + l.amount, 0);
  return {
    type: 'table',
    caption,
    columns,
    groups,
    ...(prices ? { foot: { label: footLabel, value: money(sum) } } : {}),
  };
}

/** The lines grouped by event, in the order the events happen, then those of the whole booking. */
export function pricedLines(facts: DocumentFacts, money: Money): Block[] {
  const known = new Set(facts.events.map((e) => e.id));
  const blocks = facts.events
    .map((e) => ({ event: e, lines: facts.lines.filter((l) => l.eventId === e.id) }))
    .filter((g) => g.lines.length > 0)
    .map((g) =>
      linesTable(
        `${g.event.name} · ${dayOf(g.event.startAt, facts.zone, facts.locale)}`,
        g.lines,
        money,
        true,
        `${g.event.name} subtotal`,
        facts.locale,
      ),
    );
  const whole = facts.lines.filter((l) => l.eventId === null || !known.has(l.eventId));
  if (whole.length > 0)
    blocks.push(linesTable('For the whole booking', whole, money, true, 'Subtotal', facts.locale));
  return blocks;
}

/** Each tax by its name and rate as the lines copied it, summed: those that add, and those contained. */
export function taxesOf(
  lines: readonly LineItem[],
  locale: string,
): {
  adding: Map<string, number>;
  included: Map<string, number>;
} {
  const adding = new Map<string, number>();
  const included = new Map<string, number>();
  for (const tax of lines.flatMap((line) => line.taxes)) {
    const label = `${tax.name} ${percentText(tax.percentage, locale)}`;
    const into = tax.inclusive ? included : adding;
    into.set(label, (into.get(label) ?? 0) + tax.amount);
  }
  return { adding, included };
}

/** The totals as the booking keeps them (§12), and, for an invoice, what is paid and still due. */
export function totalsBlock(facts: DocumentFacts, money: Money, withPayments: boolean): Block {
  const b = facts.booking;
  const { adding, included } = taxesOf(facts.lines, facts.locale);
  const rows: TotalRow[] = [{ label: 'Subtotal', value: money(b.subtotal) }];
  if (Number(b.service_charge_total) !== 0)
    rows.push({ label: 'Service charge', value: money(b.service_charge_total) });
  for (const [label, amount] of adding) rows.push({ label, value: money(amount) });
  rows.push({ label: 'Total', value: money(b.grand_total), emphasis: 'grand' });
  if (withPayments) {
    rows.push({ label: 'Paid', value: money(b.paid_total) });
    rows.push({
      label: 'Balance due',
      value: money(Number(b.grand_total) - Number(b.paid_total)),
      emphasis: 'grand',
    });
  }
  const notes = [...included].map(([label, amount]) => `Includes ${label}: ${money(amount)}`);
  const minimum = Number(b.fnb_minimum);
  if (minimum > 0) notes.push(`Food and beverage minimum: ${money(minimum)}`);
  return { type: 'totals', rows, notes };
}

export function scheduleTable(facts: DocumentFacts, money: Money, withState: boolean): Block {
  return {
    type: 'table',
    columns: [
      { label: 'Payment', align: 'left', width: 'fill' },
      { label: 'Due', align: 'left', width: 'auto' },
      ...(withState ? [{ label: 'State', align: 'left' as const, width: 'auto' as const }] : []),
      { label: 'Amount', align: 'right', width: 'auto' },
      { label: 'Paid', align: 'right', width: 'auto' },
      { label: 'To pay', align: 'right', width: 'auto' },
    ],
    groups: [
      {
        rows: facts.installments.map((i) => ({
          cells: [
            i.label,
            installmentDue(i, facts.locale),
            ...(withState ? [STATE_WORDS[i.state]] : []),
            money(i.amountDue),
            money(i.paidAmount),
            money(stillToPay(i)),
          ],
          ...(installmentTerms(i, facts.locale) ? { detail: installmentTerms(i, facts.locale) } : {}),
        })),
      },
    ],
  };
}

export function paymentsTable(facts: DocumentFacts, money: Money): Block {
  return {
    type: 'table',
    columns: [
      { label: 'Received', align: 'left', width: 'fill' },
      { label: 'Method', align: 'left', width: 'auto' },
      { label: 'Reference', align: 'left', width: 'auto' },
      { label: 'Amount', align: 'right', width: 'auto' },
    ],
    groups: [
      {
        rows: facts.payments.map((p) => ({
          cells: [
            dayOf(p.receivedAt, facts.zone, facts.locale),
            p.kind === 'refund' ? 'Refund' : (METHOD_WORDS[p.method] ?? 'Other'),
            p.reference ?? '',
            money((p.kind === 'refund' ? -1 : 1) * p.amount),
          ],
        })),
      },
    ],
  };
}
