/**
 * Bookings: status tabs, search and dates, one page of bookings (each with its balance due once it
 * is priced by line items), and paging.
 */
import type { BookingRow, BookingStatus } from '../../../crm/bookings/index.js';
import type { UnreadOfBooking } from '../../../crm/messages/index.js';
import type { CustomField } from '../../../crm/custom-fields/index.js';
import { html, type SafeHtml } from '../../html.js';
import { type CustomList, customListParams } from '../forms/custom-list.js';
import { customCells, customHeaders, customListForm, hiddenParams } from '../forms/custom-list.view.js';
import { money, roomNames, STATUS_LABELS, statusBadge } from './booking-badges.js';
import { noticeOf, searchedPart } from '../forms/list-parts.js';
import { repliesWaiting, unreadBadge, unreadCounts } from './unread-marks.view.js';
import { bookingTimes } from '../time-zones.js';
import { workspacePage } from '../workspace-layout.js';
import { SPACE_ACTIONS } from '../../../crm/spaces/index.js';
import { mayTake, orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export interface BookingsListView {
  zone: string;
  filters: { status?: string; q: string; from: string; to: string; account?: string };
  defaultFrom: string;
  rows: BookingRow[];
  accountNames: Map<string, string>;
  /** The organization's space names by id. */
  spaceNames: ReadonlyMap<string, string>;
  next?: string | undefined;
  prev?: string | undefined;
  /** The search stopped early in a very large list. */
  incomplete?: boolean;
  /** Whether the organization has any booking, space and account at all. */
  totals: { bookings: number; spaces: number; accounts: number };
  notice?: string | undefined;
  /** The bookings with unread mail from clients, newest first. */
  unread: readonly UnreadOfBooking[];
  /** The organization's custom fields of bookings, and those shown and filtered on. */
  customFields: readonly CustomField[];
  custom: CustomList;
}

const TABS: ReadonlyArray<BookingStatus | undefined> = [
  undefined,
  'lead',
  'tentative',
  'definite',
  'closed',
  'lost',
];

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** What is left to pay of a booking priced by its lines, in its currency; nothing before it has any. */
function balanceDue(b: BookingRow): string {
  if (Number(b.line_count) === 0) return '';
  return money(Number(b.grand_total) - Number(b.paid_total), b.currency);
}

function firstSteps(v: WorkspaceVisitor, totals: BookingsListView['totals']): SafeHtml {
  const steps = [
    totals.spaces === 0
      ? mayTake(v, SPACE_ACTIONS.create)
        ? html`<li><a href="${orgPath(v, '/settings/spaces')}">Add your spaces</a>: the rooms you hire out.</li>`
        : html`<li>Ask an administrator to add the venue's spaces.</li>`
      : '',
    totals.accounts === 0
      ? html`<li><a href="${orgPath(v, '/accounts/new')}">Add an account</a>: the client you book for.</li>`
      : '',
    html`<li><a href="${orgPath(v, '/bookings/new')}">Create the first booking</a>.</li>`,
  ];
  return html`<div class="empty">
    <h2>No bookings yet</h2>
    <p>Bookings hold your spaces for an event, from the first enquiry to the final invoice.</p>
    <ol>${steps}</ol>
  </div>`;
}

export function bookingsListPage(v: WorkspaceVisitor, view: BookingsListView): string {
  const { filters, zone } = view;
  const base = orgPath(v, '/bookings');
  const { custom } = view;
  // Every date is asked as from=all: an empty from would drop out of a link and mean today on.
  const from = filters.from === '' ? 'all' : filters.from;
  const keep = {
    q: filters.q,
    from,
    to: filters.to,
    account: filters.account,
    ...customListParams(custom.state),
  };
  const tabs = html`<nav aria-label="Status" class="tabs"><ul>
    ${TABS.map((status) => {
      const current = (filters.status ?? undefined) === status;
      return html`<li><a href="${base}${query({ ...keep, status })}" ${current ? html`aria-current="page"` : ''}>${status ? STATUS_LABELS[status] : 'All'}</a></li>`;
    })}
  </ul></nav>`;
  const search = html`<form method="get" action="${base}" class="filters" role="search" aria-label="Filter bookings">
    ${filters.status ? html`<input type="hidden" name="status" value="${filters.status}" />` : ''}
    ${filters.account ? html`<input type="hidden" name="account" value="${filters.account}" />` : ''}
    ${hiddenParams(customListParams(custom.state))}
    <div class="field grow"><label for="q">Search</label>
      <input id="q" name="q" type="search" value="${filters.q}" placeholder="Name, reference, client or phone" /></div>
    <div class="field"><label for="from">From</label><input id="from" name="from" type="date" value="${filters.from}" /></div>
    <div class="field"><label for="to">To</label><input id="to" name="to" type="date" value="${filters.to}" /></div>
    <div class="field buttons"><button type="submit" class="secondary">Apply</button>
      <a href="${base}${query({ status: filters.status, from: 'all' })}">Show all dates</a></div>
  </form>
  ${customListForm(base, 'bookings', view.customFields, custom.state, { status: filters.status, q: filters.q, from, to: filters.to, account: filters.account }, custom.error)}
  <p class="hint">Times are in ${zone}, the venue's time zone.${
    filters.from === view.defaultFrom && !filters.to ? ' Showing bookings from today on.' : ''
  }</p>`;
  const unread = unreadCounts(view.unread);
  const table = html`<table class="list bookings">
    <thead><tr><th scope="col">Booking</th><th scope="col">When</th><th scope="col">Spaces</th><th scope="col">Guests</th><th scope="col" class="num">Balance due</th><th scope="col">Status</th>${customHeaders(custom.shown)}</tr></thead>
    <tbody>${view.rows.map(
      (b) => html`<tr>
        <td><a href="${base}/${b.id}" class="strong">${b.name}</a>${unreadBadge(unread.get(b.id))}
          <div class="muted small"><span class="ref">${b.reference}</span>${b.account_id ? html` · ${view.accountNames.get(b.account_id) ?? ''}` : ''}</div></td>
        <td>${bookingTimes(b, zone)}</td>
        <td data-label="Spaces">${roomNames(b, view.spaceNames).join(', ') || html`<span class="muted">No space yet</span>`}</td>
        <td data-label="Guests">${b.guest_count ?? html`<span class="muted">—</span>`}</td>
        <td data-label="Balance due" class="num">${balanceDue(b)}</td>
        <td>${statusBadge(b.status)}</td>${customCells(custom.shown, b.custom_fields, b.currency)}
      </tr>`,
    )}</tbody>
  </table>`;
  const paging =
    view.next || view.prev
      ? html`<nav aria-label="Pages" class="paging">
          ${view.prev ? html`<a class="button secondary" href="${base}${query({ ...keep, status: filters.status, before: view.prev })}">Previous</a>` : ''}
          ${view.next ? html`<a class="button secondary" href="${base}${query({ ...keep, status: filters.status, after: view.next })}">Next</a>` : ''}
        </nav>`
      : '';
  const nothing = html`<div class="empty"><p><strong>No bookings match.</strong> Try another status or search, or
    <a href="${base}${query({ from: 'all' })}">show every booking</a>.</p></div>`;
  const notice = noticeOf({ deleted: 'Booking deleted.' }, view.notice);
  const body =
    view.totals.bookings === 0
      ? html`<div class="page-head"><h1>Bookings</h1></div>${notice}${firstSteps(v, view.totals)}`
      : html`<div class="page-head"><h1>Bookings</h1><div class="head-actions"><a class="button secondary" href="${orgPath(v, '/pipeline')}">Pipeline board</a> <a class="button" href="${base}/new">New booking</a></div></div>
          ${notice}${repliesWaiting(v, view.unread, zone)}${tabs}${search}${searchedPart(view.incomplete, 'bookings')}${view.rows.length > 0 ? table : view.incomplete ? '' : nothing}${paging}`;
  return workspacePage(v, { title: 'Bookings', section: 'bookings', body });
}
