/**
 * Find a space (SPEC §11): a date, times, guests and a setup style, and each space of the venue
 * free, held by options, shared with definite bookings (a shareable space) or taken, said in words as well as colour, with its capacity for the
 * setup style, whether the guests fit, the bookings in the way (linked) and, where it is free and
 * the guests fit, a new booking started with those times, that space and the setup style.
 */
import { countText } from '../../../locale.js';
import type { SpaceAvailability } from '../../../crm/events/index.js';
import { html, type SafeHtml } from '../../html.js';
import { statusBadge } from '../bookings/booking-badges.js';
import type { FindSpaceValues } from './find-space-query.js';
import { errorSummary, type FieldErrors, inputField, selectField } from '../forms/form-fields.js';
import { SETUP_STYLE_CHOICES, styleLabel } from '../forms/setup-styles.js';
import { clockLabel, timeRange } from '../time-zones.js';
import { workspacePage } from '../workspace-layout.js';
import { SPACE_ACTIONS } from '../../../crm/spaces/index.js';
import { mayTake, orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export const FIND_SPACE_LABELS: Record<string, string> = {
  date: 'Date',
  from: 'From',
  to: 'To',
  guests: 'Guests',
  setup_style: 'Setup style',
  setup_minutes: 'Setup (minutes)',
  teardown_minutes: 'Teardown (minutes)',
};

export interface FindSpaceResults {
  spaces: SpaceAvailability[];
  startAt: string;
  endAt: string;
  guestCount: number | undefined;
  setupStyle: string | undefined;
  setupMinutes: number;
  teardownMinutes: number;
  /** The times as the booking form takes them (datetime-local in the venue's zone). */
  localStart: string;
  localEnd: string;
}

export interface FindSpaceView {
  zone: string;
  values: FindSpaceValues;
  errors: FieldErrors;
  /** Absent until a search is made (or when it could not be read). */
  results?: FindSpaceResults | undefined;
  /** Whether the organization has any space at all. */
  anySpace: boolean;
}

export const STATE_WORDS = { free: 'Free', held: 'Held by options', taken: 'Taken' } as const;

/** A shareable space that definite bookings use: held (never taken), by them and not by options. */
const sharedBy = (space: SpaceAvailability) =>
  space.shareable ? space.holds.filter((h) => h.status === 'definite') : [];

function stateBadge(state: SpaceAvailability['state']): SafeHtml {
  return html`<span class="badge availability-${state}">${STATE_WORDS[state]}</span>`;
}

/** What the space's state is, said by what holds it: "Shared with BK-0004 Picnic (definite)". */
function spaceState(space: SpaceAvailability): SafeHtml {
  const shared = sharedBy(space);
  if (shared.length === 0) return stateBadge(space.state);
  const names = shared.map((h) => `${h.booking_reference} ${h.booking_name}`);
  return html`<span class="badge availability-held">Shared</span>
    <span class="small">with ${[...new Set(names)].join(', ')} (definite); definite bookings may share it</span>`;
}

function searchForm(v: WorkspaceVisitor, view: FindSpaceView): SafeHtml {
  const { values, errors } = view;
  const field = (
    name: keyof FindSpaceValues,
    type: string,
    extra: Partial<Parameters<typeof inputField>[0]>,
  ) => inputField({ name, label: FIND_SPACE_LABELS[name]!, value: values[name], errors, type, ...extra });
  const minutes = html`min="0" max="1440" step="1" inputmode="numeric"`;
  return html`<form method="get" action="${orgPath(v, '/find-a-space')}" novalidate class="record-form" aria-label="Find a space">
    <div class="pair">
      ${field('date', 'date', { required: true })}
      ${field('from', 'time', { required: true })}
      ${field('to', 'time', { required: true })}
    </div>
    <p class="hint">Times in ${view.zone}, the venue's time zone. A “to” earlier than “from” runs past midnight into the next day.</p>
    <div class="pair">
      ${field('guests', 'number', { attributes: html`min="0" step="1" inputmode="numeric"` })}
      ${selectField({ name: 'setup_style', label: FIND_SPACE_LABELS.setup_style!, value: values.setup_style, errors, empty: 'Any', choices: SETUP_STYLE_CHOICES, hint: 'Capacities are read for it.' })}
    </div>
    <div class="pair">
      ${field('setup_minutes', 'number', { hint: 'Held this long before it starts.', attributes: minutes })}
      ${field('teardown_minutes', 'number', { hint: 'And this long after it ends.', attributes: minutes })}
    </div>
    <div class="actions"><button type="submit">Find spaces</button></div>
  </form>`;
}

function holdsList(v: WorkspaceVisitor, space: SpaceAvailability, zone: string): SafeHtml {
  if (space.holds.length === 0) return html`<span class="muted">Nothing</span>`;
  return html`<ul class="plain holds">${space.holds.map(
    (
      h,
    ) => html`<li><a href="${orgPath(v, `/bookings/${h.booking_id}`)}"><span class="ref">${h.booking_reference}</span> ${h.booking_name}</a>
      ${statusBadge(h.status)}
      <span class="small">${h.event_name}, ${timeRange(h.start_at, h.end_at, zone)}</span></li>`,
  )}</ul>`;
}

function guestsCell(space: SpaceAvailability, guests: number | undefined): SafeHtml {
  if (guests === undefined) return html`<span class="muted">—</span>`;
  if (space.fits)
    return html`<span class="fits"><span aria-hidden="true">✓</span> ${countText(guests)} fit</span>`;
  return html`<span class="fits-not"><span aria-hidden="true">✗</span> ${countText(guests)} do not fit</span>`;
}

function newBookingLink(v: WorkspaceVisitor, space: SpaceAvailability, results: FindSpaceResults) {
  const bookable = space.state === 'free' || (space.state === 'held' && sharedBy(space).length > 0);
  if (!bookable || !space.fits) return '';
  const query = new URLSearchParams({
    start_at: results.localStart,
    end_at: results.localEnd,
    spaces: space.spaceId,
    ...(results.guestCount !== undefined ? { guest_count: String(results.guestCount) } : {}),
    ...(results.setupStyle !== undefined ? { setup_style: results.setupStyle } : {}),
  });
  return html`<div class="small"><a href="${orgPath(v, `/bookings/new?${query.toString()}`)}">New booking in ${space.spaceName}</a></div>`;
}

function resultsSection(v: WorkspaceVisitor, view: FindSpaceView, results: FindSpaceResults): SafeHtml {
  const { zone } = view;
  const when = timeRange(results.startAt, results.endAt, zone);
  const from = Date.parse(results.startAt) - results.setupMinutes * 60_000;
  const until = Date.parse(results.endAt) + results.teardownMinutes * 60_000;
  const buffers =
    results.setupMinutes > 0 || results.teardownMinutes > 0
      ? html`<p class="hint">Held from ${clockLabel(from, zone)} to ${clockLabel(until, zone)}, with setup ${results.setupMinutes} min and teardown ${results.teardownMinutes} min.</p>`
      : '';
  const style = results.setupStyle ? ` (${styleLabel(results.setupStyle).toLowerCase()})` : '';
  const shared = results.spaces.filter((s) => sharedBy(s).length > 0);
  const counts = (['free', 'held', 'taken'] as const).map(
    (state) =>
      html`<li>${stateBadge(state)} ${results.spaces.filter((s) => s.state === state && !shared.includes(s)).length}</li>`,
  );
  if (shared.length > 0)
    counts.push(html`<li><span class="badge availability-held">Shared</span> ${shared.length}</li>`);
  const rows = results.spaces.map(
    (s) => html`<tr class="availability-row availability-row-${s.state}">
      <th scope="row"><span class="strong">${s.spaceName}</span>${newBookingLink(v, s, results)}</th>
      <td data-label="Availability">${spaceState(s)}</td>
      <td data-label="Capacity">${s.capacity ?? html`<span class="muted">No limit set</span>`}</td>
      <td data-label="Guests">${guestsCell(s, results.guestCount)}</td>
      <td data-label="In the way">${holdsList(v, s, zone)}</td>
    </tr>`,
  );
  return html`<section aria-labelledby="results-title" class="availability">
    <h2 id="results-title">Spaces for ${when}</h2>
    ${buffers}
    <ul class="legend" aria-label="How many spaces are free, held, shared or taken">${counts}</ul>
    <p class="hint">Held by options: only leads or tentative bookings hold it, so it can still be booked. Shared: a shareable space that definite bookings use; another booking may share it. Taken: a definite booking holds it, or a space it is part of or made of.</p>
    <table class="list availability-list">
      <thead><tr><th scope="col">Space</th><th scope="col">Availability</th><th scope="col">Capacity${style}</th><th scope="col">Guests</th><th scope="col">In the way</th></tr></thead>
      <tbody>${rows}</tbody>
    </table>
  </section>`;
}

export function findSpacePage(v: WorkspaceVisitor, view: FindSpaceView): string {
  const nothing = view.anySpace
    ? ''
    : html`<div class="empty"><p><strong>No spaces yet.</strong> ${
        mayTake(v, SPACE_ACTIONS.create)
          ? html`<a href="${orgPath(v, '/settings/spaces')}">Add your spaces</a> to see which are free.`
          : 'Ask an administrator to add the venue’s spaces.'
      }</p></div>`;
  const body = html`<div class="page-head"><h1>Find a space</h1></div>
    ${errorSummary(view.errors, FIND_SPACE_LABELS)}
    ${searchForm(v, view)}
    ${nothing}
    ${view.results && view.anySpace ? resultsSection(v, view, view.results) : ''}`;
  return workspacePage(v, { title: 'Find a space', section: 'find-a-space', body });
}
