/**
 * The rules of an organization's settings (SPEC §12), one pure function: a name; an IANA time
 * zone (the workspace shows the venue's times in it); an ISO 4217 currency (new bookings start in
 * it).
 */
import type { OrganizationTable } from '../../identity/identity.table.js';
import { type Checked, isCurrency, isTimeZone, Problems } from '../validation.js';

export interface OrganizationInput {
  name?: string | undefined;
  timezone?: string | undefined;
  currency?: string | undefined;
}

export type OrganizationChanges = Partial<
  Pick<OrganizationTable, 'name'> & { timezone: string; currency: string }
>;

export function checkOrganization(input: OrganizationInput): Checked<OrganizationChanges> {
  const problems = new Problems();
  const changes: OrganizationChanges = {};
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
  return { value: changes, problems: problems.list };
}
