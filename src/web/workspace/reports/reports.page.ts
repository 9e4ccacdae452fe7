/**
 * Workspace → Reports (SPEC §14): the four reports a sales manager reads on Monday, for a range of
 * days: each as a chart drawn on the server (report-chart.ts) per currency, with its numbers in a
 * table beside it, and its CSV to download. The range is a plain GET form: no script. Months,
 * days, counts, rates and amounts read in the organization's locale (SPEC §13, report-words.ts);
 * the CSV keeps the API's values.
 */
import type { BookingStatus } from '../../../crm/bookings/index.js';
import { moneyText } from '../../../crm/money.js';
import { countText } from '../../../locale.js';
import {
  figureOf,
  REPORT_AMOUNTS,
  REPORT_COLUMNS,
  REPORT_NAMES,
  REPORT_TITLES,
  type ReportName,
  type ReportLine,
} from '../../../crm/reports/index.js';
import { html, type SafeHtml } from '../../html.js';
import { STATUS_LABELS } from '../bookings/booking-badges.js';
import { type Bar, barChart } from './report-chart.js';
import { monthLabel, rateText } from './report-words.js';
import { dayLabel } from '../time-zones.js';
import { workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export interface ReportsView {
  name: ReportName;
  from: string;
  to: string;
  rows: ReportLine[];
  /** Why the range was refused, if it was. */
  problem?: string | undefined;
}

const MONEY = new Set(REPORT_AMOUNTS);
const COUNTS = new Set(['count', 'leads', 'won', 'lost', 'open']);
/** Columns of figures: aligned on the right on a wide screen, where they are read down a column. */
const FIGURES = new Set([...MONEY, ...COUNTS, 'conversion_rate']);
/** Columns of names and addresses, which may break anywhere so that a long one cannot widen the table. */
const WORDS = new Set(['booking_name', 'contact_name', 'contact_email', 'space_name', 'lost_reasons']);

const DESCRIPTIONS: Record<ReportName, string> = {
  pipeline: 'Bookings by month of their first event and status: how many, and what they are worth.',
  conversion: 'Of the leads created each month, how many became definite, how many were lost and why.',
  revenue_by_space:
    'Line-item amounts of definite and closed bookings by space and month; a line shared by several spaces counts for each in equal parts.',
  payments_due:
    'Installments due or overdue (or, with a range, falling due in it), with the booking and contact.',
};

/** A cell as the venue's people read it, in `locale`. */
function cell(row: ReportLine, column: string, locale: string): string {
  const value = row[column];
  if (column === 'due_on') return typeof value === 'string' ? dayLabel(value, locale) : 'On signing';
  if (value === null || value === undefined) return '';
  if (MONEY.has(column) && typeof value === 'number') return moneyText(value, String(row.currency), locale);
  if (COUNTS.has(column) && typeof value === 'number') return countText(value, locale);
  if (column === 'conversion_rate') return rateText(String(value), locale);
  if (column === 'month') return monthLabel(String(value), locale);
  if (column === 'status' && isStatus(value)) return STATUS_LABELS[value];
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([reason, n]) => `${reason}: ${countText(n, locale)}`)
      .join('; ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** The days a report covers, in words: "every day", "from Mon 1 Feb 2027", "to …", "Mon 1 Feb 2027 to …". */
function rangeWords(view: Pick<ReportsView, 'from' | 'to'>, locale: string): string {
  const from = view.from ? dayLabel(view.from, locale) : '';
  const to = view.to ? dayLabel(view.to, locale) : '';
  if (from && to) return `${from} to ${to}`;
  if (from) return `from ${from}`;
  if (to) return `to ${to}`;
  return 'every day';
}

const isStatus = (value: unknown): value is BookingStatus =>
  typeof value === 'string' && Object.hasOwn(STATUS_LABELS, value);

/** A column's name as its header says it and, on a phone where rows stack, as each cell's label. */
const heading = (column: string) => column.replace(/_/g, ' ');
const kind = (column: string) =>
  FIGURES.has(column) ? html`class="num"` : WORDS.has(column) ? html`class="wrap"` : '';

function barOf(name: ReportName, row: ReportLine, locale: string): Bar {
  const shown = (column: string) => cell(row, column, locale);
  const money = (column: string) => ({ value: figureOf(row, column), shown: shown(column) });
  switch (name) {
    case 'pipeline':
      return { label: `${shown('month')} ${shown('status')} (${shown('count')})`, ...money('grand_total') };
    case 'conversion':
      return {
        label: `${shown('month')}: ${shown('won')} of ${shown('leads')} won`,
        value: figureOf(row, 'won'),
        shown: shown('conversion_rate'),
      };
    case 'revenue_by_space':
      return { label: `${shown('month')} ${row.space_name}`, ...money('amount') };
    case 'payments_due':
      return {
        label: `${shown('due_on')} ${row.booking_reference} ${row.label}`,
        ...money('outstanding'),
      };
  }
}

function charts(view: ReportsView, locale: string): SafeHtml[] {
  const currencies = [...new Set(view.rows.map((r) => String(r.currency)))].sort();
  if (currencies.length === 0)
    return [barChart(`chart-${view.name}`, `${REPORT_TITLES[view.name]}: nothing in this range`, [])];
  return currencies.map((currency) => {
    const bars = view.rows.filter((r) => r.currency === currency).map((r) => barOf(view.name, r, locale));
    return html`<figure class="report-figure"><figcaption>${REPORT_TITLES[view.name]} in ${currency}</figcaption>
      ${barChart(`chart-${view.name}-${currency}`, `${REPORT_TITLES[view.name]} in ${currency}, as the table below gives it`, bars)}</figure>`;
  });
}

export function reportsPage(visitor: WorkspaceVisitor, view: ReportsView): string {
  const { locale } = visitor;
  const columns = REPORT_COLUMNS[view.name].filter((c) => !c.endsWith('_id'));
  const query = new URLSearchParams({
    ...(view.from ? { from: view.from } : {}),
    ...(view.to ? { to: view.to } : {}),
  });
  const tabs = REPORT_NAMES.map(
    (name) =>
      html`<li><a href="${orgPath(visitor, `/reports/${name}`)}?${query.toString()}" ${name === view.name ? html`aria-current="page"` : ''}>${REPORT_TITLES[name]}</a></li>`,
  );
  const body = html`<h1>Reports</h1>
    <nav aria-label="Reports" class="tabs wrapping"><ul>${tabs}</ul></nav>
    <h2>${REPORT_TITLES[view.name]}</h2>
    <p>${DESCRIPTIONS[view.name]}</p>
    <form method="get" action="${orgPath(visitor, `/reports/${view.name}`)}" class="filters">
      <div class="field"><label for="from">From</label><input id="from" name="from" type="date" value="${view.from}" /></div>
      <div class="field"><label for="to">To</label><input id="to" name="to" type="date" value="${view.to}" /></div>
      <div class="buttons"><button type="submit">Show</button></div>
      <div class="buttons"><a class="button secondary" href="${orgPath(visitor, `/reports/${view.name}/csv`)}?${query.toString()}">Download CSV</a></div>
    </form>
    ${view.problem ? html`<p class="field-error" role="alert">${view.problem}</p>` : ''}
    ${charts(view, locale)}
    <div class="report-table" role="region" aria-labelledby="report-caption" tabindex="0"><table class="list report">
      <caption id="report-caption">${REPORT_TITLES[view.name]}, ${rangeWords(view, locale)}: ${countText(view.rows.length, locale)} ${view.rows.length === 1 ? 'row' : 'rows'}</caption>
      <thead><tr>${columns.map((c) => html`<th scope="col" ${kind(c)}>${heading(c)}</th>`)}</tr></thead>
      <tbody>${view.rows.map((row) => html`<tr>${columns.map((c) => html`<td data-label="${heading(c)}" ${kind(c)}>${cell(row, c, locale)}</td>`)}</tr>`)}</tbody>
    </table></div>`;
  return workspacePage(visitor, { title: `Reports: ${REPORT_TITLES[view.name]}`, section: 'reports', body });
}
