/**
 * The organization as the domain knows it, and its codec: the row of `organizations` read into the
 * value (its flags as booleans, its JSON columns decoded: the food and beverage categories, the
 * inquiry form's settings, the sending window), the one place any of them is. The resource, the
 * rules and the settings pages read the value; the row type never leaves this folder.
 */
import type { Selectable } from 'kysely';
import type { OrganizationTable } from '../../identity/identity.table.js';
import { flag } from '../data/row-mappers.js';
import { type InquiryForm, inquiryFormOf } from '../inquiries/index.js';
import { type SendingWindow, sendingWindowOf } from './sending-window.js';

export type OrganizationRow = Selectable<OrganizationTable>;

/** An organization's own settings (SPEC §12). */
export interface OrganizationValue {
  id: string;
  name: string;
  /** IANA time zone the workspace shows the venue's times in. */
  timezone: string;
  /** ISO 4217 code new bookings start in. */
  currency: string;
  /** BCP 47 tag its dates, times and amounts are shown in; null: its time zone's (src/locale.ts). */
  locale: string | null;
  /** The service charge as a percentage, a decimal string ("20"; "0" for none). */
  serviceChargePercentage: string;
  /** Whether the service charge is itself taxed. */
  serviceChargeTaxable: boolean;
  /** The item categories that count as food and beverage (toward a booking's minimum). */
  fnbCategories: string[];
  /** Its public inquiry form (SPEC §14), the defaults where it was never set. */
  inquiryForm: InquiryForm;
  /** Whether assistants that registered themselves (SPEC §16) may be granted it. */
  assistantRegistration: boolean;
  /** The From its e-mail is sent with; null: the installation's MAIL_FROM. */
  mailFromName: string | null;
  mailFromAddress: string | null;
  /** When its automated mail may go out (SPEC §18), the default where it was never set. */
  sendingWindow: SendingWindow;
  createdAt: string;
  updatedAt: string;
}

export const organizationCodec = {
  decode(row: OrganizationRow): OrganizationValue {
    return {
      id: row.id,
      name: row.name,
      timezone: row.timezone,
      currency: row.currency,
      locale: row.locale,
      serviceChargePercentage: row.service_charge_percentage,
      serviceChargeTaxable: flag(row.service_charge_taxable),
      fnbCategories: JSON.parse(row.fnb_categories) as string[],
      inquiryForm: inquiryFormOf(row.inquiry_form),
      assistantRegistration: flag(row.assistant_registration),
      mailFromName: row.mail_from_name,
      mailFromAddress: row.mail_from_address,
      sendingWindow: sendingWindowOf(row.sending_window),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  },
};
