/** The form that creates or edits an account. */
import { ACCOUNT_FIELDS } from '../../../crm/accounts/index.js';
import type { Member } from '../../../identity/membership.repository.js';
import { html, type SafeHtml } from '../../html.js';
import { csrfField, errorSummary, type FieldErrors, inputField, selectField } from '../forms/form-fields.js';
import { type CustomForm, customLabels } from '../forms/custom-fields.form.js';
import { customInputs } from '../forms/custom-fields.view.js';
import { fieldInputs, fieldLabels, fieldsOnForm } from '../forms/declared-fields.view.js';
import { workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

/** The attributes the form lays out its own way (the owner beside them, by its own input). */
export const LAID_OUT = [
  ...['name', 'email', 'phone', 'website'],
  ...['address_line1', 'address_line2', 'city', 'region', 'postal_code', 'country'],
] as const;

/** The account's other fields declared for the forms: an input each, after the owner. */
export const DECLARED = fieldsOnForm(ACCOUNT_FIELDS, LAID_OUT);

/** The form's inputs by name. */
export const FORM_FIELDS = [...LAID_OUT, 'owner', ...DECLARED.map((f) => f.name)];

export type AccountFormValues = Record<(typeof LAID_OUT)[number] | 'owner', string> &
  Readonly<Record<string, string>>;

export const ACCOUNT_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  website: 'Website',
  address_line1: 'Address',
  address_line2: 'Address, second line',
  city: 'City',
  region: 'Region',
  postal_code: 'Postal code',
  country: 'Country',
  owner: 'Owner',
  ...fieldLabels(DECLARED),
};

export interface AccountFormView {
  account?: { id: string; name: string; version: string };
  values: AccountFormValues;
  errors: FieldErrors;
  members: Member[];
  /** Said when the save came after someone else's (stale.view.ts). */
  stale?: SafeHtml | undefined;
  custom: CustomForm;
}

export function accountFormPage(v: WorkspaceVisitor, view: AccountFormView): string {
  const { values, errors, account } = view;
  const field = (
    name: keyof AccountFormValues,
    extra: { type?: string; hint?: string; required?: boolean; autocomplete?: string } = {},
  ) =>
    inputField({
      name,
      label: ACCOUNT_LABELS[name] ?? name,
      value: values[name],
      errors,
      type: extra.type,
      hint: extra.hint,
      required: extra.required,
      attributes: extra.autocomplete ? html`autocomplete="${extra.autocomplete}"` : undefined,
    });
  const action = account ? orgPath(v, `/accounts/${account.id}`) : orgPath(v, '/accounts');
  const form = html`<form method="post" action="${action}" novalidate class="record-form">
    ${csrfField(v.csrfToken)}
    ${account ? html`<input type="hidden" name="version" value="${account.version}" />` : ''}
    <fieldset class="group"><legend>The client</legend>
      ${field('name', { required: true, hint: 'A company, a family, an agency: who the bookings are for.' })}
      <div class="pair">${field('email', { type: 'email', autocomplete: 'off' })}${field('phone', { type: 'tel' })}</div>
      ${field('website', { type: 'url', hint: 'For example https://example.com' })}
      ${selectField({ name: 'owner', label: 'Owner', value: values.owner, errors, empty: 'Nobody', choices: view.members.map((m) => ({ value: m.userId, label: m.name || m.email })) })}${fieldInputs(DECLARED, values, errors)}
    </fieldset>
    <fieldset class="group"><legend>Address</legend>
      ${field('address_line1')}${field('address_line2')}
      <div class="pair">${field('city')}${field('postal_code')}</div>
      <div class="pair">${field('region')}${field('country', { hint: 'Two letters, such as GB or DE' })}</div>
    </fieldset>
    ${customInputs(view.custom, errors)}
    <div class="actions">
      <button type="submit">${account ? 'Save changes' : 'Create account'}</button>
      <a class="button secondary" href="${account ? orgPath(v, `/accounts/${account.id}`) : orgPath(v, '/accounts')}">Cancel</a>
    </div>
  </form>`;
  const remove = account
    ? html`<section class="danger-zone" aria-labelledby="delete-title">
        <h2 id="delete-title">Delete this account</h2>
        <p>An account with bookings cannot be deleted. Its contacts stay, without an account; its notes are deleted.</p>
        <p><a class="button danger" href="${orgPath(v, `/accounts/${account.id}/delete`)}">Delete ${account.name}…</a></p>
      </section>`
    : '';
  const title = account ? `Edit ${account.name}` : 'New account';
  const body = html`<p class="crumbs"><a href="${orgPath(v, '/accounts')}">Accounts</a>${account ? html` › <a href="${orgPath(v, `/accounts/${account.id}`)}">${account.name}</a>` : ''}</p>
    <h1>${title}</h1>
    ${view.stale ?? ''}${errorSummary(errors, { ...ACCOUNT_LABELS, ...customLabels(view.custom.fields) })}
    ${form}${remove}`;
  return workspacePage(v, { title, section: 'accounts', body });
}
