/** How a booking's status, money and spaces read on the pages. */
import type { Booking, BookingStatus } from '../../crm/bookings/booking.table.js';
import { html, type SafeHtml } from '../html.js';

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

export function money(minor: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** digits);
  } catch {
    return `${minor} ${currency}`;
  }
}

/** Minor units per major unit of a currency (100 for USD, 1 for JPY). */
export function minorPerMajor(currency: string): number {
  try {
    return (
      10 **
      (new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
        2)
    );
  } catch {
    return 100;
  }
}

export function roomNames(booking: Pick<Booking, 'room_names'>): string[] {
  return JSON.parse(booking.room_names) as string[];
}

export function spaceIdsOf(booking: Pick<Booking, 'space_ids'>): string[] {
  return JSON.parse(booking.space_ids) as string[];
}
