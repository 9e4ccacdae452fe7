/** How a booking's status, money and spaces read on the pages. */
import type { BookingRow, BookingStatus } from '../../../crm/bookings/index.js';
import { spaceIds } from '../../../crm/data/row-mappers.js';
import { roomNames as namesOf } from '../../../crm/spaces/index.js';
import { moneyText } from '../../../crm/money.js';
import { html, type SafeHtml } from '../../html.js';

export const STATUS_LABELS: Record<BookingStatus, string> = {
  lead: 'Lead',
  tentative: 'Tentative',
  definite: 'Definite',
  closed: 'Closed',
  lost: 'Lost',
};

export function statusBadge(status: BookingStatus): SafeHtml {
  return html`<span class="badge status-${status}">${STATUS_LABELS[status]}</span>`;
}

/** An amount in minor units as the venue reads it (by the currency's ISO 4217 exponent). */
export const money = moneyText;

/** The names of the spaces a booking holds, as they are now (`spaces`: the organization's names by id). */
export function roomNames(
  booking: Pick<BookingRow, 'space_ids'>,
  spaces: ReadonlyMap<string, string>,
): string[] {
  return namesOf(booking.space_ids, spaces);
}

export function spaceIdsOf(booking: Pick<BookingRow, 'space_ids'>): string[] {
  return spaceIds(booking);
}
