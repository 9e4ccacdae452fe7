/**
 * Settings → Venue: the venue's name, the time zone its times are shown in, its currency, the
 * locale its days, times and amounts are written in, its
 * service charge and whether it is taxed, and the item categories that count as food and beverage.
 */
import { type OrganizationInput, type OrganizationValue } from '../../../crm/organization/index.js';
import { CATEGORY_LABELS, ITEM_CATEGORIES } from '../../../crm/pricing/index.js';
import { TIME_ZONES } from '../../../crm/time-zones.js';
import { organizationLocale } from '../../../locale.js';
import { decimalPoint, type Form, formList, formText } from '../../forms.js';
import { html } from '../../html.js';
import {
  checkboxesField,
  csrfField,
  errorSummary,
  type FieldErrors,
  inputField,
  selectField,
} from '../forms/form-fields.js';
import { noticeOf } from '../forms/list-parts.js';
import { staleNotice } from '../forms/stale.view.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export interface VenueValues {
  name: string;
  timezone: string;
  currency: string;
  /** A BCP 47 tag; blank leaves it as it is. */
  locale: string;
  service_charge_percentage: string;
  /** 'yes' when ticked. */
  service_charge_taxable: string;
  fnb_categories: string[];
}

const LABELS = {
  name: 'Name',
  timezone: 'Time zone',
  currency: 'Currency',
  locale: 'Locale',
  service_charge_percentage: 'Service charge (%)',
  service_charge_taxable: 'Tax the service charge',
  fnb_categories: 'Food and beverage',
};

/** What a change of currency leaves as it was (said by the field and after the change). */
const NOT_CONVERTED =
  'Catalogue prices are not converted: each keeps its figure, read in the new currency. Bookings keep their own currency.';

/** The form's values of the settings as saved. */
export function venueValuesOf(organization: OrganizationValue): VenueValues {
  return {
    name: organization.name,
    timezone: organization.timezone,
    currency: organization.currency,
    locale: organizationLocale(organization),
    service_charge_percentage: organization.serviceChargePercentage,
    service_charge_taxable: organization.serviceChargeTaxable ? 'yes' : '',
    fnb_categories: organization.fnbCategories,
  };
}

/** The form's values as posted. */
export function venueValuesPosted(body: Form): VenueValues {
  return {
    name: formText(body, 'name'),
    timezone: formText(body, 'timezone'),
    currency: formText(body, 'currency').trim(),
    locale: formText(body, 'locale').trim(),
    service_charge_percentage: formText(body, 'service_charge_percentage').trim(),
    service_charge_taxable: formText(body, 'service_charge_taxable') === 'yes' ? 'yes' : '',
    fnb_categories: formList(body, 'fnb_categories'),
  };
}

/** What the form asks of the rules (an empty service charge is none; a decimal comma is a point). */
export function venueInput(values: VenueValues): OrganizationInput {
  return {
    ...values,
    locale: values.locale === '' ? undefined : values.locale,
    service_charge_percentage: decimalPoint(values.service_charge_percentage || '0'),
    service_charge_taxable: values.service_charge_taxable === 'yes',
  };
}

const describe = (field: string, value: string | readonly string[]) =>
  field === 'service_charge_taxable'
    ? value === 'yes'
      ? 'Yes'
      : 'No'
    : field === 'fnb_categories'
      ? [value]
          .flat()
          .map((c) => CATEGORY_LABELS[c as keyof typeof CATEGORY_LABELS] ?? c)
          .join(', ')
      : [value].flat().join(', ');

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
    ${noticeOf({ saved: 'Changes saved.', currency: `Changes saved. New bookings start in ${values.currency}. ${NOT_CONVERTED}` }, view.notice)}
    ${view.saved ? staleNotice({ ...view.saved }, { ...values }, LABELS, describe) : ''}
    ${errorSummary(errors, LABELS)}
    <form method="post" action="${orgPath(v, '/settings/venue')}" novalidate class="record-form">
      ${csrfField(v.csrfToken)}<input type="hidden" name="version" value="${view.version}" />
      ${inputField({ name: 'name', label: LABELS.name, value: values.name, errors, required: true, attributes: html`maxlength="200" autocomplete="organization"` })}
      ${selectField({ name: 'timezone', label: LABELS.timezone, value: values.timezone, errors, required: true, hint: 'Every page shows times in this zone, and new bookings start in it.', choices: zones.map((z) => ({ value: z, label: z.replace(/_/g, ' ') })) })}
      ${inputField({ name: 'currency', label: LABELS.currency, value: values.currency, errors, required: true, hint: `Three letters, such as EUR: new bookings start in it. ${NOT_CONVERTED}`, attributes: html`maxlength="3" autocapitalize="characters"` })}
      ${inputField({ name: 'locale', label: LABELS.locale, value: values.locale, errors, hint: 'Such as en-US, en-GB or de-DE: every page and document writes days, times and amounts as it reads them.', attributes: html`maxlength="35" autocapitalize="none" spellcheck="false"` })}
      <h2>Pricing</h2>
      ${inputField({ name: 'service_charge_percentage', label: LABELS.service_charge_percentage, value: values.service_charge_percentage, errors, hint: 'Added to the lines that take it, such as 20 or 8.875; 0 for none.', attributes: html`inputmode="decimal" maxlength="20"` })}
      <div class="field">
        <label class="check"><input type="checkbox" id="field-service_charge_taxable" name="service_charge_taxable" value="yes" aria-describedby="field-service_charge_taxable-hint" ${values.service_charge_taxable === 'yes' ? html`checked` : ''} /><span>${LABELS.service_charge_taxable}</span></label>
        <p class="hint" id="field-service_charge_taxable-hint">Ticked, taxes that are added to a price are charged on its service charge too.</p>
      </div>
      ${checkboxesField({ name: 'fnb_categories', legend: LABELS.fnb_categories, values: values.fnb_categories, errors, hint: 'The categories that count towards a booking’s food and beverage minimum.', empty: html``, choices: ITEM_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] })) })}
      <div class="actions"><button type="submit">Save changes</button></div>
    </form>`;
  return workspacePage(v, { title: 'Venue', section: 'settings', body });
}
