/** Settings → Calendar feeds: a staff member's private subscription URLs (SPEC §11). */
import type { EndedFeedView, FeedView } from '../../../calendar/calendar-feeds.js';
import type { Space } from '../../../crm/spaces/index.js';
import { html, type SafeHtml } from '../../html.js';
import { csrfField, errorSummary, type FieldErrors, selectField } from '../forms/form-fields.js';
import { noticeOf } from '../forms/list-parts.js';
import { clockLabel, dayLabel, localDate } from '../time-zones.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export interface CalendarFeedsView {
  feeds: FeedView[];
  /** The feeds that no longer work, the latest ended first. */
  ended: EndedFeedView[];
  spaces: Pick<Space, 'id' | 'name'>[];
  zone: string;
  errors: FieldErrors;
  values: { scope: string; space: string };
  /** The URL of the feed just made: shown once, here only. */
  made?: string | undefined;
  notice?: string | undefined;
}

const SCOPES = [
  { value: 'venue', label: 'The whole venue' },
  { value: 'space', label: 'One space' },
  { value: 'mine', label: 'My bookings' },
];

const when = (iso: string | null, zone: string) =>
  iso ? `${dayLabel(localDate(Date.parse(iso), zone))}, ${clockLabel(Date.parse(iso), zone)}` : 'never';

function madeSection(url: string): SafeHtml {
  return html`<section aria-labelledby="made" class="notice">
    <h2 id="made">Your new feed</h2>
    <p>Subscribe to this address in your calendar (in Google Calendar: <em>Other calendars → From URL</em>; on an iPhone: <em>Settings → Calendar → Accounts → Add subscribed calendar</em>). It is shown only this once, and anyone who has it can read the calendar: keep it to yourself.</p>
    <code class="secret" id="feed-url">${url}</code>
  </section>`;
}

const shows = (f: FeedView) =>
  f.scope === 'venue' ? 'The whole venue' : f.scope === 'mine' ? 'My bookings' : (f.spaceName ?? 'A space');

function endedSection(view: CalendarFeedsView): SafeHtml | '' {
  if (view.ended.length === 0) return '';
  const rows = view.ended.map(
    (f) => html`<tr>
      <td>${shows(f)}</td>
      <td data-label="Last used">${when(f.lastUsedAt, view.zone)}</td>
      <td data-label="Ended">${when(f.endedAt, view.zone)}: ${f.reason === 'member_removed' ? 'you left the team' : 'revoked'}</td>
    </tr>`,
  );
  return html`<h2 id="ended-feeds">Ended feeds</h2>
    <p>Their addresses no longer work and never will again.</p>
    <table class="list" aria-labelledby="ended-feeds"><thead><tr><th scope="col">Showed</th><th scope="col">Last used</th><th scope="col">Ended</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function calendarFeedsPage(v: WorkspaceVisitor, view: CalendarFeedsView): string {
  const base = orgPath(v, '/settings/calendar-feeds');
  const rows = view.feeds.map(
    (f) => html`<tr>
      <td>${shows(f)}</td>
      <td data-label="Made">${when(f.createdAt, view.zone)}</td>
      <td data-label="Last used">${when(f.lastUsedAt, view.zone)}</td>
      <td><form method="post" action="${base}/${f.id}/revoke">${csrfField(v.csrfToken)}<button type="submit" class="secondary">Revoke</button></form></td>
    </tr>`,
  );
  const list =
    view.feeds.length === 0
      ? html`<p class="muted">You have no calendar feeds yet.</p>`
      : html`<table class="list"><thead><tr><th scope="col">Shows</th><th scope="col">Made</th><th scope="col">Last used</th><th scope="col"><span class="muted">Action</span></th></tr></thead><tbody>${rows}</tbody></table>`;
  const body = html`${settingsTabs(v, 'calendar-feeds')}<h1>Calendar feeds</h1>
    ${noticeOf({ revoked: 'The feed is revoked: its address no longer works.' }, view.notice)}
    ${view.made ? madeSection(view.made) : ''}
    <p>A private address your calendar app subscribes to: each event of the venue, a space or your own bookings, from 90 days ago to two years ahead (times in UTC, shown in your calendar's zone). Calendar apps refresh it every few hours.</p>
    ${list}
    ${endedSection(view)}
    <h2>Make a feed</h2>
    ${errorSummary(view.errors, { scope: 'Shows', space: 'Space' })}
    <form method="post" action="${base}" novalidate class="record-form">
      ${csrfField(v.csrfToken)}
      ${selectField({ name: 'scope', label: 'Shows', value: view.values.scope, errors: view.errors, required: true, choices: SCOPES })}
      ${selectField({ name: 'space', label: 'Space', value: view.values.space, errors: view.errors, empty: 'For “One space”: choose it', choices: view.spaces.map((s) => ({ value: s.id, label: s.name })) })}
      <div class="actions"><button type="submit">Make the feed</button></div>
    </form>`;
  return workspacePage(v, { title: 'Calendar feeds', section: 'settings', body });
}
