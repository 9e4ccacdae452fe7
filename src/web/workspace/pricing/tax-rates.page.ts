/**
 * Settings → Tax rates (SPEC §12): the organization's rates, read by every member; its admins add
 * one under the list and open a rate to change or delete it. A line copies its rates when it is
 * made, so the pages say that changing or deleting a rate leaves those lines as they are.
 */
import { TAX_RATE_ACTIONS, type TaxRateValue as TaxRate } from '../../../crm/pricing/index.js';
import { percentText } from '../../../locale.js';
import { html, type SafeHtml } from '../../html.js';
import { csrfField, errorSummary, type FieldErrors, inputField } from '../forms/form-fields.js';
import { noticeOf } from '../forms/list-parts.js';
import { staleNotice } from '../forms/stale.view.js';
import type { TaxRateValues } from './tax-rate-input.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { mayTake, orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

const LABELS = {
  name: 'Name',
  percentage: 'Percentage',
  inclusive: 'Inclusive',
  active: 'Active',
};
const NOTICES = { created: 'Tax rate added.', saved: 'Changes saved.', deleted: 'Tax rate deleted.' };
/** What changing or deleting a rate leaves as it is (said on the pages and the delete confirmation). */
export const KEPT = 'Lines already priced keep the rate they copied when they were made.';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** A ticked-or-not field with its hint. */
function checkField(name: 'inclusive' | 'active', checked: boolean, hint: string): SafeHtml {
  return html`<div class="field">
    <label class="check"><input type="checkbox" id="field-${name}" name="${name}" value="yes" aria-describedby="field-${name}-hint" ${checked ? html`checked` : ''} /><span>${LABELS[name]}</span></label>
    <p class="hint" id="field-${name}-hint">${hint}</p>
  </div>`;
}

function rateFields(values: TaxRateValues, errors: FieldErrors): SafeHtml {
  return html`<div class="pair">
      ${inputField({ name: 'name', label: LABELS.name, value: values.name, errors, required: true, hint: 'Such as VAT or NY sales tax', attributes: html`maxlength="100"` })}
      ${inputField({ name: 'percentage', label: LABELS.percentage, value: values.percentage, errors, required: true, hint: 'Such as 20 or 8.875', attributes: html`inputmode="decimal" maxlength="20"` })}
    </div>
    ${checkField('inclusive', values.inclusive, 'Ticked, prices already contain this tax, as with VAT: it is worked out of a price, not added to it.')}
    ${checkField('active', values.active, 'Offered for new lines. Unticked, it is kept but no longer offered.')}`;
}

function rateRow(v: WorkspaceVisitor, rate: TaxRate): SafeHtml {
  const name = mayTake(v, TAX_RATE_ACTIONS.create)
    ? html`<a class="strong" href="${orgPath(v, `/settings/tax-rates/${rate.id}`)}">${rate.name}</a>`
    : html`<span class="strong">${rate.name}</span>`;
  return html`<tr>
    <td>${name}</td>
    <td data-label="Percentage">${percentText(rate.percentage)}</td>
    <td data-label="Inclusive">${yesNo(rate.inclusive)}</td>
    <td data-label="Active">${yesNo(rate.active)}</td>
  </tr>`;
}

export function taxRatesPage(
  v: WorkspaceVisitor,
  view: {
    rates: readonly TaxRate[];
    values: TaxRateValues;
    errors: FieldErrors;
    notice?: string | undefined;
  },
): string {
  const base = orgPath(v, '/settings/tax-rates');
  const list =
    view.rates.length === 0
      ? html`<div class="empty"><p><strong>No tax rates yet.</strong> ${mayTake(v, TAX_RATE_ACTIONS.create) ? 'Add the taxes the venue charges; each line of a booking’s pricing takes the ones that apply to it.' : 'Administrators of the venue add them.'}</p></div>`
      : html`<table class="list"><thead><tr><th scope="col">Name</th><th scope="col">Percentage</th><th scope="col">Inclusive</th><th scope="col">Active</th></tr></thead>
          <tbody>${view.rates.map((r) => rateRow(v, r))}</tbody></table>`;
  const add = mayTake(v, TAX_RATE_ACTIONS.create)
    ? html`<section class="card" aria-labelledby="add-title"><h2 id="add-title">Add a tax rate</h2>
      ${errorSummary(view.errors, LABELS)}
      <form method="post" action="${base}" novalidate>${csrfField(v.csrfToken)}${rateFields(view.values, view.errors)}
        <div class="actions"><button type="submit">Add tax rate</button></div></form>
    </section>`
    : html`<p class="hint">Only administrators of the venue change its tax rates.</p>`;
  const body = html`${settingsTabs(v, 'tax-rates')}<h1>Tax rates</h1>
    <p class="hint">Inclusive rates are contained in prices, as with VAT; the others are added to them. ${KEPT}</p>
    ${noticeOf(NOTICES, view.notice)}
    ${list}
    ${add}`;
  return workspacePage(v, { title: 'Tax rates', section: 'settings', body });
}

/** What the stale notice compares: each field as words. */
const staleValues = (values: TaxRateValues) => ({
  name: values.name,
  percentage: values.percentage,
  inclusive: yesNo(values.inclusive),
  active: yesNo(values.active),
});

export function taxRateFormPage(
  v: WorkspaceVisitor,
  view: {
    rate: { id: string; name: string; version: string };
    values: TaxRateValues;
    errors: FieldErrors;
    /** The rate as saved now, when the save came after someone else's (stale.view.ts). */
    saved?: TaxRateValues | undefined;
  },
): string {
  const { rate, values, errors } = view;
  const list = orgPath(v, '/settings/tax-rates');
  const base = `${list}/${rate.id}`;
  const body = html`${settingsTabs(v, 'tax-rates')}<p class="crumbs"><a href="${list}">Tax rates</a></p><h1>Edit ${rate.name}</h1>
    ${view.saved ? staleNotice(staleValues(view.saved), staleValues(values), LABELS) : ''}
    ${errorSummary(errors, LABELS)}
    <form method="post" action="${base}" novalidate class="record-form">${csrfField(v.csrfToken)}<input type="hidden" name="version" value="${rate.version}" />
      ${rateFields(values, errors)}
      <p class="hint">${KEPT}</p>
      <div class="actions"><button type="submit">Save changes</button><a class="button secondary" href="${list}">Cancel</a></div></form>
    <section class="danger-zone" aria-labelledby="delete-title"><h2 id="delete-title">Delete this tax rate</h2>
      <p>${KEPT} To stop offering it for new lines but keep it, untick Active instead.</p>
      <p><a class="button danger" href="${base}/delete">Delete ${rate.name}…</a></p></section>`;
  return workspacePage(v, { title: `Edit ${rate.name}`, section: 'settings', body });
}
