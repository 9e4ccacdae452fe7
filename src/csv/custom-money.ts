/**
 * The currency a record's money fields are in (SPEC §19): a booking's, its own; an event's, its
 * booking's; an account's or a contact's, the organization's. Read once for the whole export,
 * and only when the kind has a money field.
 */
import type { CustomField } from '../crm/custom-fields/index.js';
import { bookingCurrencies } from '../crm/bookings/index.js';
import { organizationOf } from '../crm/organization/index.js';
import type { Db } from '../db/database.js';
import type { Cells, ExportType } from './columns.js';

/** The currency of an exported record's money fields (undefined: its formatted cells stay empty). */
export type MoneyCurrency = (record: Readonly<Cells>) => string | undefined;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

export async function moneyCurrencyOf(
  db: Db,
  organizationId: string,
  type: ExportType,
  fields: readonly CustomField[],
): Promise<MoneyCurrency> {
  if (!fields.some((f) => f.custom.fieldType === 'money')) return () => undefined;
  if (type === 'bookings') return (record) => text(record.currency);
  if (type === 'events') {
    const currencies = await bookingCurrencies(db, organizationId);
    return (record) => currencies.get(String(record.booking_id));
  }
  const currency = (await organizationOf(db, organizationId))?.currency;
  return () => currency;
}
