/**
 * The rules of an organization's settings (SPEC §12), one pure function: a name; an IANA time
 * zone (the workspace shows the venue's times in it); an ISO 4217 currency (new bookings start in
 * it); a service charge from 0 to 100 percent (a decimal string, written plainly when stored),
 * whether it is taxed, and which item categories count as food and beverage (each once); the
 * window its automated mail goes out in (sending-window.ts; null, the default).
 */
import type { OrganizationTable } from '../../identity/identity.table.js';
import { checkInquiryForm, DEFAULT_INQUIRY_FORM, type InquiryFormInput } from '../inquiries/index.js';
import { isItemCategory, ITEM_CATEGORIES } from '../pricing/index.js';
import { notAPercentage, readPercentage } from '../decimal.js';
import { readLocale } from '../../locale.js';
import type { MailboxInput } from '../../mail/inbound/mailbox-settings.js';
import { type Checked, isCurrency, isTimeZone, Problems } from '../validation.js';
import type { OrganizationValue } from './organization.codec.js';
import { checkSendingWindow, type SendingWindowInput } from './sending-window.js';

export interface OrganizationInput {
  name?: string | undefined;
  timezone?: string | undefined;
  currency?: string | undefined;
  locale?: string | undefined;
  service_charge_percentage?: string | undefined;
  service_charge_taxable?: boolean | undefined;
  fnb_categories?: readonly string[] | undefined;
  inquiry_form?: InquiryFormInput | undefined;
  /** Kept in its own table (src/mail/inbound/mailbox-store.ts); null removes it. */
  mailbox?: MailboxInput | null | undefined;
  /** When its automated mail may go out (SPEC §18); null goes back to the default. */
  sending_window?: SendingWindowInput | null | undefined;
}

export type OrganizationChanges = Partial<
  Pick<OrganizationTable, 'name'> & {
    timezone: string;
    currency: string;
    locale: string;
    service_charge_percentage: string;
    service_charge_taxable: number;
    fnb_categories: string;
    inquiry_form: string;
    inquiry_slug: string | null;
    sending_window: string | null;
  }
>;

function checkPricing(input: OrganizationInput, problems: Problems, changes: OrganizationChanges) {
  if (input.service_charge_percentage !== undefined) {
    const percentage = readPercentage(input.service_charge_percentage);
    if (percentage === undefined) {
      problems.attribute('service_charge_percentage', notAPercentage(input.service_charge_percentage));
    }
    changes.service_charge_percentage = percentage ?? input.service_charge_percentage;
  }
  if (input.service_charge_taxable !== undefined) {
    changes.service_charge_taxable = input.service_charge_taxable ? 1 : 0;
  }
  if (input.fnb_categories !== undefined) {
    const unknown = input.fnb_categories.filter((c) => !isItemCategory(c));
    if (unknown.length > 0) {
      problems.attribute(
        'fnb_categories',
        `${unknown.map((c) => `"${c}"`).join(', ')} ${unknown.length === 1 ? 'is not a category' : 'are not categories'}; the categories are ${ITEM_CATEGORIES.join(', ')}.`,
      );
    }
    // Each once, in the categories' own order.
    changes.fnb_categories = JSON.stringify(ITEM_CATEGORIES.filter((c) => input.fnb_categories!.includes(c)));
  }
}

export function checkOrganization(
  input: OrganizationInput,
  current?: Pick<OrganizationValue, 'inquiryForm'>,
): Checked<OrganizationChanges> {
  const problems = new Problems();
  const changes: OrganizationChanges = {};
  if (input.inquiry_form !== undefined) {
    const form = checkInquiryForm(input.inquiry_form, current?.inquiryForm ?? DEFAULT_INQUIRY_FORM);
    for (const problem of form.problems) problems.add(problem);
    changes.inquiry_form = JSON.stringify(form.value);
    changes.inquiry_slug = form.value.slug;
  }
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (name === '') problems.attribute('name', 'A venue needs a name.', 'blank');
    problems.text('name', name, 'name');
    changes.name = name;
  }
  if (input.timezone !== undefined) {
    if (!isTimeZone(input.timezone)) {
      problems.attribute(
        'timezone',
        `"${input.timezone}" is not an IANA time zone such as Europe/Berlin or UTC.`,
      );
    }
    changes.timezone = input.timezone;
  }
  if (input.currency !== undefined) {
    const currency = input.currency.toUpperCase();
    if (!isCurrency(currency)) {
      problems.attribute('currency', `"${currency}" is not an ISO 4217 currency code such as USD.`);
    }
    changes.currency = currency;
  }
  if (input.locale !== undefined) {
    const locale = readLocale(input.locale.trim());
    if (locale === undefined)
      problems.attribute(
        'locale',
        `"${input.locale}" is not a locale (a BCP 47 tag such as en-US or de-DE).`,
      );
    changes.locale = locale ?? input.locale;
  }
  checkPricing(input, problems, changes);
  if (input.sending_window === null) changes.sending_window = null;
  else if (input.sending_window !== undefined) {
    changes.sending_window = checkSendingWindow(input.sending_window, problems);
  }
  return { value: changes, problems: problems.list };
}
