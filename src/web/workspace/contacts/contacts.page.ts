/** Contacts: the list with search, one contact with its bookings and notes, and the contact form. */
import type { Account } from '../../../crm/accounts/index.js';
import type { BookingRow } from '../../../crm/bookings/index.js';
import { type Contact, CONTACT_FIELDS, contactName } from '../../../crm/contacts/index.js';
import { type CustomList, customListOf, customListParams } from '../forms/custom-list.js';
import { customCells, customHeaders, customListForm, hiddenParams } from '../forms/custom-list.view.js';
import { html, type SafeHtml } from '../../html.js';
import { statusBadge } from '../bookings/booking-badges.js';
import { csrfField, errorSummary, type FieldErrors, inputField, selectField } from '../forms/form-fields.js';
import { type CustomForm, customLabels } from '../forms/custom-fields.form.js';
import { customFacts, customInputs } from '../forms/custom-fields.view.js';
import { fieldFacts, fieldInputs, fieldLabels, fieldsOnForm } from '../forms/declared-fields.view.js';
import { noticeOf, pagingLinks, searchedPart, searchForm } from '../forms/list-parts.js';
import { notesSection, type NotesSection, notesSummary } from '../notes/notes.view.js';
import { bookingTimes } from '../time-zones.js';
import { workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export interface ContactsListView {
  q: string;
  rows: Contact[];
  accountNames: Map<string, string>;
  next?: string | undefined;
  prev?: string | undefined;
  /** The search stopped early in a very large list. */
  incomplete?: boolean;
  total: number;
  notice?: string | undefined;
  /** The custom fields shown as columns and filtered on, and the kind's fields with its currency. */
  custom?: CustomList;
  customForm?: Omit<CustomForm, 'typed'>;
}

export function contactsListPage(v: WorkspaceVisitor, view: ContactsListView): string {
  const custom = view.custom ?? customListOf({}, []);
  const currency = view.customForm?.currency ?? 'USD';
  const base = orgPath(v, '/contacts');
  const head = html`<div class="page-head"><h1>Contacts</h1><a class="button" href="${base}/new">New contact</a></div>${noticeOf({ deleted: 'Contact deleted.' }, view.notice)}`;
  if (view.total === 0) {
    return workspacePage(v, {
      title: 'Contacts',
      section: 'contacts',
      body: html`${head}<div class="empty"><h2>No contacts yet</h2>
      <p>Contacts are the people you deal with: the bride, the office manager, the agent. Link them to an account to see them together.</p>
      <p><a class="button" href="${base}/new">Add the first contact</a></p></div>`,
    });
  }
  const table = html`<table class="list">
    <thead><tr><th scope="col">Name</th><th scope="col">Account</th><th scope="col">E-mail</th><th scope="col">Phone</th>${customHeaders(custom.shown)}</tr></thead>
    <tbody>${view.rows.map(
      (
        c,
      ) => html`<tr><td><a class="strong" href="${base}/${c.id}">${contactName(c)}</a>${c.title ? html`<div class="muted small">${c.title}</div>` : ''}</td>
        <td data-label="Account">${c.accountId ? view.accountNames.get(c.accountId) : ''}</td><td data-label="E-mail">${c.email ?? ''}</td><td data-label="Phone">${c.phone ?? ''}</td>${customCells(custom.shown, c.customFields, currency)}</tr>`,
    )}</tbody></table>`;
  return workspacePage(v, {
    title: 'Contacts',
    section: 'contacts',
    body: html`${head}${searchForm(base, view.q, 'Search contacts', 'Name, e-mail or phone', hiddenParams(customListParams(custom.state)))}${customListForm(base, 'contacts', view.customForm?.fields ?? [], custom.state, { q: view.q }, custom.error)}
      ${searchedPart(view.incomplete, 'contacts')}${view.rows.length === 0 && !view.incomplete ? html`<div class="empty"><p><strong>No contact matches “${view.q}”.</strong> <a href="${base}">Show all contacts</a>.</p></div>` : table}
      ${pagingLinks(base, view.q, view.next, view.prev, customListParams(custom.state))}`,
  });
}

export interface ContactView {
  contact: Contact;
  account: Account | undefined;
  bookings: BookingRow[];
  notes: NotesSection;
  custom: Omit<CustomForm, 'typed'>;
  notice?: string | undefined;
}

const fact = (label: string, text: string) =>
  html`<div><dt>${label}</dt><dd>${text || html`<span class="muted">—</span>`}</dd></div>`;

export function contactPage(v: WorkspaceVisitor, view: ContactView): string {
  const { contact: c, account } = view;
  const base = orgPath(v, `/contacts/${c.id}`);
  const body = html`<p class="crumbs"><a href="${orgPath(v, '/contacts')}">Contacts</a></p>
    <div class="page-head"><div><h1>${contactName(c)}</h1>${c.title ? html`<p class="lead">${c.title}</p>` : ''}</div>
      <div class="head-actions"><a class="button secondary" href="${base}/edit">Edit</a></div></div>
    ${noticeOf({ created: 'Contact created.', saved: 'Changes saved.', noted: 'Note added.' }, view.notice)}
    ${notesSummary(view.notes)}
    <section class="card" aria-labelledby="details-title"><h2 id="details-title">Details</h2>
      <dl class="facts">
        <div><dt>Account</dt><dd>${account ? html`<a href="${orgPath(v, `/accounts/${account.id}`)}">${account.name}</a>` : html`<span class="muted">None</span>`}</dd></div>
        <div><dt>E-mail</dt><dd>${c.email ? html`<a href="mailto:${c.email}">${c.email}</a>` : html`<span class="muted">—</span>`}</dd></div>
        <div><dt>Phone</dt><dd>${c.phone ?? html`<span class="muted">—</span>`}</dd></div>${fieldFacts(DECLARED, c, fact)}
        ${customFacts(view.custom, c.customFields)}
      </dl>
    </section>
    <section aria-labelledby="bookings-title"><h2 id="bookings-title">Bookings</h2>
      ${
        view.bookings.length === 0
          ? html`<p class="muted">No booking names ${contactName(c)} as its contact.</p>`
          : html`<ul class="plain">${view.bookings.map(
              (b) =>
                html`<li><a href="${orgPath(v, `/bookings/${b.id}`)}">${b.reference} ${b.name}</a> · ${bookingTimes(b, view.notes.zone)} ${statusBadge(b.status)}</li>`,
            )}</ul>`
      }
    </section>
    ${notesSection(v, view.notes)}`;
  return workspacePage(v, { title: contactName(c), section: 'contacts', body });
}

/** The attributes the form lays out its own way (the account beside them, by its own input). */
export const LAID_OUT = ['first_name', 'last_name', 'title', 'email', 'phone'] as const;

/** The contact's other fields declared for the forms: an input each, before the account. */
export const DECLARED = fieldsOnForm(CONTACT_FIELDS, LAID_OUT);

export const CONTACT_LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  title: 'Job title',
  email: 'E-mail',
  phone: 'Phone',
  account: 'Account',
  ...fieldLabels(DECLARED),
};

export interface ContactFormView {
  contact?: { id: string; name: string; version: string };
  values: Record<string, string>;
  errors: FieldErrors;
  accounts: Array<Pick<Account, 'id' | 'name'>>;
  /** Said when the save came after someone else's (stale.view.ts). */
  stale?: SafeHtml | undefined;
  custom: CustomForm;
}

export function contactFormPage(v: WorkspaceVisitor, view: ContactFormView): string {
  const { values, errors, contact } = view;
  const field = (name: string, type = 'text', hint?: string) =>
    inputField({ name, label: CONTACT_LABELS[name] ?? name, value: values[name], errors, type, hint });
  const action = contact ? orgPath(v, `/contacts/${contact.id}`) : orgPath(v, '/contacts');
  const title = contact ? `Edit ${contact.name}` : 'New contact';
  const body = html`<p class="crumbs"><a href="${orgPath(v, '/contacts')}">Contacts</a></p><h1>${title}</h1>
    ${view.stale ?? ''}${errorSummary(errors, { ...CONTACT_LABELS, ...customLabels(view.custom.fields) })}
    <form method="post" action="${action}" novalidate class="record-form">
      ${csrfField(v.csrfToken)}${contact ? html`<input type="hidden" name="version" value="${contact.version}" />` : ''}
      <p class="hint">A first or a last name is enough.</p>
      <div class="pair">${field('first_name')}${field('last_name')}</div>
      ${field('title', 'text', 'Events manager, bride, agent…')}
      <div class="pair">${field('email', 'email')}${field('phone', 'tel')}</div>${fieldInputs(DECLARED, values, errors)}
      ${selectField({ name: 'account', label: 'Account', value: values.account, errors, empty: 'No account', choices: view.accounts.map((a) => ({ value: a.id, label: a.name })) })}
      ${customInputs(view.custom, errors)}
      <div class="actions"><button type="submit">${contact ? 'Save changes' : 'Create contact'}</button>
        <a class="button secondary" href="${contact ? orgPath(v, `/contacts/${contact.id}`) : orgPath(v, '/contacts')}">Cancel</a></div>
    </form>
    ${
      contact
        ? html`<section class="danger-zone" aria-labelledby="delete-title"><h2 id="delete-title">Delete this contact</h2>
      <p>The bookings that name ${contact.name} keep going without a contact; the contact's notes are deleted.</p>
      <p><a class="button danger" href="${orgPath(v, `/contacts/${contact.id}/delete`)}">Delete ${contact.name}…</a></p></section>`
        : ''
    }`;
  return workspacePage(v, { title, section: 'contacts', body });
}
