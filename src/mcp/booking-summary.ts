/** A booking as the MCP tools show it: its facts, its money in minor units, its page. */
import { z } from 'zod';
import { excerpt } from '../text-excerpt.js';
import { accountNames as accountNamesOf } from '../crm/accounts/index.js';
import {
  BOOKING_FIELDS,
  BOOKING_STATUSES,
  bookingByIdOrReference,
  type BookingRow,
} from '../crm/bookings/index.js';
import { bookingUrl, type ToolContext } from './tool-kit.js';
import { NullableUntrustedText, UntrustedText, untrusted, untrustedOrNull } from './untrusted-text.js';
import type { CustomField } from '../crm/custom-fields/index.js';
import { customFieldsFor, CustomValuesShown, customValuesShown } from './custom-values.js';
import { fieldSchemas, fieldValues } from './field-values.js';

/** What the tools show of a booking their own way; its other fields follow as declared (field-values.ts). */
const SHOWN = {
  id: z.string(),
  reference: z.string(),
  name: UntrustedText,
  status: z.enum(BOOKING_STATUSES),
  start_at: z.string().describe('UTC instant'),
  end_at: z.string().describe('UTC instant'),
  timezone: z.string(),
  account_name: NullableUntrustedText,
  guest_count: z.number().int().nullable(),
  grand_total: z.number().int().describe('Minor units of currency'),
  balance_due: z.number().int().describe('grand_total − paid_total, minor units'),
  currency: z.string(),
};

export const BookingSummary = z.object({
  ...SHOWN,
  ...fieldSchemas(BOOKING_FIELDS, SHOWN),
  url: z.string().describe("The booking's page in the workspace"),
  custom_fields: CustomValuesShown,
});
export type BookingSummary = z.infer<typeof BookingSummary>;

export function accountNames(
  tool: ToolContext,
  ids: ReadonlyArray<string | null>,
): Promise<Map<string, string>> {
  return accountNamesOf(tool.ctx.db, tool.actor.organizationId, ids);
}

export function summarize(
  tool: ToolContext,
  booking: BookingRow,
  names: Map<string, string>,
  fields: readonly CustomField[],
): BookingSummary {
  const grand = Number(booking.grand_total);
  return {
    id: booking.id,
    reference: booking.reference,
    name: untrusted(booking.name),
    status: booking.status,
    start_at: booking.start_at,
    end_at: booking.end_at,
    timezone: booking.timezone,
    account_name: untrustedOrNull(booking.account_id ? names.get(booking.account_id) : null),
    guest_count: booking.guest_count,
    grand_total: grand,
    balance_due: grand - Number(booking.paid_total),
    currency: booking.currency,
    ...fieldValues(BOOKING_FIELDS, booking, SHOWN),
    url: bookingUrl(tool, booking.id),
    custom_fields: customValuesShown(booking.custom_fields, fields),
  };
}

export async function summarizeOne(tool: ToolContext, booking: BookingRow): Promise<BookingSummary> {
  const [names, fields] = await Promise.all([
    accountNames(tool, [booking.account_id]),
    customFieldsFor(tool, 'bookings'),
  ]);
  return summarize(tool, booking, names, fields);
}

/** The organization's booking with this id or reference (BK-00001), if any. */
export function findBooking(tool: ToolContext, idOrReference: string): Promise<BookingRow | undefined> {
  return bookingByIdOrReference(tool.ctx.db, tool.actor.organizationId, idOrReference);
}

export const noSuchBooking = (idOrReference: string) =>
  `No booking has the id or reference "${excerpt(idOrReference)}".`;
