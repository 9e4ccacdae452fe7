/**
 * The booking form's notice of a save over a newer change (stale.view.ts): what is saved now, where
 * it differs from what was typed, as the venue reads it: chosen records by their names, times as
 * days and clocks, guests and totals in the organization's locale.
 */
import type { SafeHtml } from '../../html.js';
import { contactName } from '../../../crm/contacts/index.js';
import { moneyText, readAmount } from '../../../crm/money.js';
import { countText } from '../../../locale.js';
import { staleNotice } from '../forms/stale.view.js';
import { clockLabel, dayLabel } from '../time-zones.js';
import type { Choice } from '../forms/form-fields.js';

/** The form's values (BookingFormValues), read by field name. */
type Values = { readonly currency: string };
type ByField = Readonly<Record<string, string | readonly string[]>>;

/** What the notice names chosen records by: the form's choices. */
interface StaleView {
  values: Values;
  accounts: ReadonlyArray<{ id: string; name: string }>;
  contacts: ReadonlyArray<Parameters<typeof contactName>[0] & { id: string }>;
  spaces: ReadonlyArray<{ id: string; name: string }>;
  members: ReadonlyArray<{ userId: string; name: string | null; email: string }>;
  stages: readonly Choice[];
  referralSources: readonly Choice[];
}

/** The form's values by label, for the notice of a save over a newer change. */
const STALE_LABELS: Record<string, string> = {
  name: 'Event name',
  event_type: 'Event type',
  account: 'Account',
  contact: 'Contact',
  owner: 'Owner',
  start: 'Starts',
  end: 'Ends',
  timezone: 'Time zone',
  spaces: 'Spaces',
  guest_count: 'Guests',
  total: 'Total',
  currency: 'Currency',
  stage_id: 'Stage',
  referral_source_id: 'Referral source',
};

/** A chosen id by the name it is shown with. */
function describeChoice(view: StaleView, saved: Values) {
  const names = new Map<string, string>([
    ...view.accounts.map((a) => [a.id, a.name] as const),
    ...view.contacts.map((c) => [c.id, contactName(c)] as const),
    ...view.spaces.map((s) => [s.id, s.name] as const),
    ...view.members.map((m) => [m.userId, m.name || m.email] as const),
    ...[...view.stages, ...view.referralSources].map((c) => [c.value, c.label] as const),
  ]);
  const currency = saved.currency;
  return (field: string, value: string | readonly string[]) =>
    [value]
      .flat()
      .map((v) => {
        if ((field === 'start' || field === 'end') && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v))
          return `${dayLabel(v.slice(0, 10))}, ${clockLabel(Date.parse(`${v}:00Z`), 'UTC')}`;
        if (field === 'guest_count' && /^\d+$/.test(v)) return countText(Number(v));
        if (field === 'total' && v !== '') {
          const read = readAmount(v, currency);
          return read.problem === undefined ? moneyText(read.minor, currency) : v;
        }
        return names.get(v) ?? v;
      })
      .join(', ');
}

/** The notice, over the values saved now. */
export function bookingStaleNotice(view: StaleView, saved: Values): SafeHtml {
  return staleNotice(saved as ByField, view.values as ByField, STALE_LABELS, describeChoice(view, saved));
}
