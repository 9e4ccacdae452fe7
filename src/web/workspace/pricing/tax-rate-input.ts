/**
 * A tax rate's form on Settings → Tax rates: its values as saved and as posted, and what they ask
 * of the rules (src/crm/pricing/tax-rates.ts), which judge them for the page as for the API.
 */
import { type TaxRateInput, type TaxRateValue as TaxRate } from '../../../crm/pricing/index.js';
import { decimalPoint, type Form, formText } from '../../forms.js';

export interface TaxRateValues {
  name: string;
  percentage: string;
  inclusive: boolean;
  active: boolean;
}

/** The add form as it starts: a rate is offered for new lines unless unticked. */
export function blankTaxRate(): TaxRateValues {
  return { name: '', percentage: '', inclusive: false, active: true };
}

/** The form's values of a rate as saved. */
export function taxRateValuesOf(rate: TaxRate): TaxRateValues {
  return {
    name: rate.name,
    percentage: rate.percentage,
    inclusive: rate.inclusive,
    active: rate.active,
  };
}

/** The form's values as posted (a checkbox left unticked is not sent at all). */
export function taxRateValuesPosted(body: Form): TaxRateValues {
  return {
    name: formText(body, 'name'),
    percentage: formText(body, 'percentage').trim(),
    inclusive: formText(body, 'inclusive') === 'yes',
    active: formText(body, 'active') === 'yes',
  };
}

/** What the form asks of the rules; "18,5" is read as 18.5, as on Settings → Venue. */
export function taxRateInput(values: TaxRateValues): TaxRateInput {
  return { ...values, percentage: decimalPoint(values.percentage) };
}
