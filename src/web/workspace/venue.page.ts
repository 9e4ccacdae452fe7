/** Settings → Venue: the venue's name, the time zone its times are shown in, its currency. */
import { TIME_ZONES } from '../../crm/time-zones.js';
import { html } from '../html.js';
import { csrfField, errorSummary, type FieldErrors, inputField, selectField } from './form-fields.js';
import { noticeOf } from './list-parts.js';
import { staleNotice } from './stale.view.js';
import { settingsTabs, workspacePage } from './workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from './workspace-visitor.js';

export interface VenueValues {
  name: string;
  timezone: string;
  currency: string;
}

const LABELS = { name: 'Name', timezone: 'Time zone', currency: 'Currency' };

export function venuePage(
  v: WorkspaceVisitor,
  view: {
    values: VenueValues;
    version: string;
    errors: FieldErrors;
    notice?: string | undefined;
    /** The settings as saved now, when the save came after someone else's (stale.view.ts). */
    saved?: VenueValues;
  },
): string {
  const { values, errors } = view;
  const zones = TIME_ZONES.includes(values.timezone) ? TIME_ZONES : [values.timezone, ...TIME_ZONES];
  const body = html`${settingsTabs(v, 'venue')}<h1>Venue</h1>
    ${noticeOf({ saved: 'Changes saved.' }, view.notice)}
    ${view.saved ? staleNotice({ ...view.saved }, { ...values }, LABELS) : ''}
    ${errorSummary(errors, LABELS)}
    <form method="post" action="${orgPath(v, '/settings/venue')}" novalidate class="record-form">
      ${csrfField(v.csrfToken)}<input type="hidden" name="version" value="${view.version}" />
      ${inputField({ name: 'name', label: LABELS.name, value: values.name, errors, required: true, attributes: html`maxlength="200" autocomplete="organization"` })}
      ${selectField({ name: 'timezone', label: LABELS.timezone, value: values.timezone, errors, required: true, hint: 'Every page shows times in this zone, and new bookings start in it.', choices: zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') })) })}
      ${inputField({ name: 'currency', label: LABELS.currency, value: values.currency, errors, required: true, hint: 'Three letters, such as EUR: new bookings start in it', attributes: html`maxlength="3" autocapitalize="characters"` })}
      <div class="actions"><button type="submit">Save changes</button></div>
    </form>`;
  return workspacePage(v, { title: 'Venue', section: 'settings', body });
}
