/**
 * Unread mail from clients (SPEC §17), marked where staff look first: a badge beside a booking on
 * the bookings list, and on Home (the bookings list) the bookings whose client wrote and nobody has
 * read it yet, newest first, each linking to its conversation. A message is read on its booking.
 */
import type { UnreadOfBooking } from '../../../crm/messages/index.js';
import { countText } from '../../../locale.js';
import { html, type SafeHtml } from '../../html.js';
import { clockLabel, dayLabel, localDate } from '../time-zones.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

/** How many of Home's bookings with replies waiting are named; the rest are counted. */
const NAMED = 8;

/** "2 unread" beside a booking, or nothing. */
export function unreadBadge(unread: number | undefined): SafeHtml | '' {
  return unread ? html`<span class="badge unread">${countText(unread)} unread</span>` : '';
}

/** Booking id → its unread inbound messages. */
export function unreadCounts(list: readonly UnreadOfBooking[]): Map<string, number> {
  return new Map(list.map((u) => [u.bookingId, u.unread]));
}

function when(instant: string, zone: string): string {
  const at = Date.parse(instant);
  return `${dayLabel(localDate(at, zone))}, ${clockLabel(at, zone)}`;
}

/** Home's list of the bookings with replies waiting; nothing when every message was read. */
export function repliesWaiting(
  v: WorkspaceVisitor,
  list: readonly UnreadOfBooking[],
  zone: string,
): SafeHtml | '' {
  if (list.length === 0) return '';
  const rest = list.length - NAMED;
  return html`<section class="replies-waiting" aria-labelledby="replies-waiting-title">
    <h2 id="replies-waiting-title">Replies waiting</h2>
    <ul>${list.slice(0, NAMED).map(
      (
        u,
      ) => html`<li><a href="${orgPath(v, `/bookings/${u.bookingId}`)}#conversation-title" class="strong">${u.name}</a>
        <span class="muted small"><span class="ref">${u.reference}</span> · last ${when(u.latestAt, zone)}</span>
        ${unreadBadge(u.unread)}</li>`,
    )}</ul>
    ${rest > 0 ? html`<p class="hint">And ${countText(rest)} more ${rest === 1 ? 'booking' : 'bookings'} with unread mail, marked in the list below.</p>` : ''}
  </section>`;
}
