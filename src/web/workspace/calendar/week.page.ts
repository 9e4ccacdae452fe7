/** The week view: spaces as rows and days as columns on a wide screen, a list per day on a phone. */
import type { BookingRow } from '../../../crm/bookings/index.js';
import { html, type SafeHtml } from '../../html.js';
import { roomNames, STATUS_LABELS } from '../bookings/booking-badges.js';
import { addDays, dayLabel, localDate, timeRange } from '../time-zones.js';
import type { WeekEntry, WeekModel } from './week-model.js';
import { workspacePage } from '../workspace-layout.js';
import { SPACE_ACTIONS } from '../../../crm/spaces/index.js';
import { updateOrganization } from '../../../crm/organization/index.js';
import { mayTake, orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export interface WeekView {
  monday: string;
  today: string;
  zone: string;
  model: WeekModel;
  spaceCount: number;
  /** The organization's space names by id. */
  spaceNames: ReadonlyMap<string, string>;
  next: BookingRow | undefined;
}

const SHOWN = ['lead', 'tentative', 'definite', 'closed'] as const;

function entry(v: WorkspaceVisitor, e: WeekEntry, spaces: ReadonlyMap<string, string> | undefined): SafeHtml {
  const ev = e.event;
  const rooms = spaces ? roomNames({ space_ids: ev.space_ids }, spaces) : [];
  // A booking's one event made the way bookings were before events is the booking itself.
  const named = ev.name === 'Main event' ? '' : ` · ${ev.name}`;
  // The event's own times lead; the window held with its setup and teardown comes second, smaller.
  const buffers = [e.setup ? `setup ${e.setup}` : '', e.teardown ? `teardown ${e.teardown}` : ''].filter(
    Boolean,
  );
  const held =
    buffers.length > 0 ? html`<span class="slot-held">Held ${e.hours}: ${buffers.join(', ')}</span>` : '';
  const headline = e.own ?? `${buffers.length > 0 ? (e.setup ? 'Setup' : 'Teardown') : 'Held'} ${e.hours}`;
  return html`<a class="slot status-${ev.status}${e.setup || e.teardown ? ' with-buffers' : ''}${e.through ? ' through' : ''}" href="${orgPath(v, `/bookings/${ev.booking_id}#event-${ev.id}`)}">
    <span class="slot-time">${e.continued ? html`<span aria-label="continued from the day before">← </span>` : ''}${headline}${e.continues ? html`<span aria-label="continues the next day"> →</span>` : ''}</span>
    <span class="slot-name">${ev.booking_name}${named}</span>
    <span class="slot-meta">${ev.booking_reference} · ${STATUS_LABELS[ev.status]}${rooms.length > 0 ? html` · ${rooms.join(', ')}` : ''}</span>
    ${e.through ? html`<span class="slot-through">Held through ${e.through}</span>` : ''}
    ${held}
  </a>`;
}

// The year goes, with the comma en-US writes before it ("Mon, Dec 7, 2026" → "Mon, Dec 7").
const shortDay = (date: string) => dayLabel(date).replace(/,? \d{4}$/, '');

export function weekPage(v: WorkspaceVisitor, view: WeekView): string {
  const { model, monday } = view;
  const link = (week: string) => orgPath(v, `/week?week=${week}`);
  const weekNav = html`<nav aria-label="Weeks" class="week-nav">
    <a class="button secondary" href="${link(addDays(monday, -7))}" rel="prev">← Previous<span class="visually-hidden"> week</span></a>
    <a class="button secondary" href="${link(view.today)}">This week</a>
    <a class="button secondary" href="${link(addDays(monday, 7))}" rel="next">Next<span class="visually-hidden"> week</span> →</a>
  </nav>`;
  const legend = html`<ul class="legend" aria-label="Status colours">
    ${SHOWN.map((s) => html`<li><span class="swatch status-${s}" aria-hidden="true"></span>${STATUS_LABELS[s]}</li>`)}
  </ul>`;
  const grid = html`<div class="week-grid"><table class="week">
    <caption class="visually-hidden">Bookings by space, ${dayLabel(monday)} to ${dayLabel(addDays(monday, 6))}</caption>
    <thead><tr><th scope="col">Space</th>${model.days.map(
      (d) => html`<th scope="col" class="${d === view.today ? 'today' : ''}">${shortDay(d)}</th>`,
    )}</tr></thead>
    <tbody>${model.rows.map(
      (r) =>
        html`<tr><th scope="row">${r.label}</th>${r.days.map(
          (entries, i) =>
            html`<td class="${model.days[i] === view.today ? 'today' : ''}">${entries.map((e) => entry(v, e, undefined))}</td>`,
        )}</tr>`,
    )}</tbody>
  </table></div>`;
  const list = html`<div class="week-days">${model.days.map(
    (
      d,
      i,
    ) => html`<section aria-labelledby="day-${d}" class="day ${(model.byDay[i] ?? []).length === 0 ? 'quiet' : ''}">
      <h2 id="day-${d}">${dayLabel(d)}${d === view.today ? html` <span class="badge today-badge">Today</span>` : ''}</h2>
      ${(model.byDay[i] ?? []).length === 0 ? html`<p class="muted">Nothing booked.</p>` : (model.byDay[i] ?? []).map((e) => entry(v, e, view.spaceNames))}
    </section>`,
  )}</div>`;
  const empty = html`<div class="empty"><p><strong>Nothing is booked this week.</strong></p>${
    view.next
      ? html`<p>The next booking is <a href="${orgPath(v, `/bookings/${view.next.id}`)}">${view.next.reference} ${view.next.name}</a>
          (${timeRange(view.next.start_at, view.next.end_at, view.zone)}). <a href="${link(localDate(Date.parse(view.next.start_at), view.zone))}">Go to that week</a>.</p>`
      : html`<p>No bookings lie ahead. <a href="${orgPath(v, '/bookings/new')}">Create a booking</a>.</p>`
  }</div>`;
  const noSpaces =
    view.spaceCount === 0
      ? html`<p class="notice">The week is drawn per space, and there are no spaces yet. ${
          mayTake(v, SPACE_ACTIONS.create)
            ? html`<a href="${orgPath(v, '/settings/spaces')}">Add your spaces</a>.`
            : 'An administrator adds them.'
        }</p>`
      : '';
  const body = html`<div class="page-head">
      <h1>Week of ${dayLabel(monday)}</h1>
      <a class="button" href="${orgPath(v, '/bookings/new')}">New booking</a>
    </div>
    <p class="hint">Times in ${view.zone}, the venue's time zone${mayTake(v, updateOrganization.action) ? html` (<a href="${orgPath(v, '/settings/venue')}">Settings → Venue</a>)` : ''}.</p>
    ${weekNav}${noSpaces}
    ${model.count === 0 ? empty : html`${legend}${grid}${list}`}`;
  return workspacePage(v, { title: `Week of ${dayLabel(monday)}`, section: 'week', body });
}
