/** Accounts: the list with search, and one account with its contacts, bookings and notes. */
import type { Account } from '../../../crm/accounts/index.js';
import type { BookingRow } from '../../../crm/bookings/index.js';
import { type Contact, contactName } from '../../../crm/contacts/index.js';
import { type CustomList, customListOf, customListParams } from '../forms/custom-list.js';
import { customCells, customHeaders, customListForm, hiddenParams } from '../forms/custom-list.view.js';
import { html, type SafeHtml } from '../../html.js';
import { statusBadge } from '../bookings/booking-badges.js';
import { noticeOf, pagingLinks, searchedPart, searchForm } from '../forms/list-parts.js';
import { notesSection, type NotesSection, notesSummary } from '../notes/notes.view.js';
import { bookingTimes } from '../time-zones.js';
import type { CustomForm } from '../forms/custom-fields.form.js';
import { customFacts } from '../forms/custom-fields.view.js';
import { fieldFacts } from '../forms/declared-fields.view.js';
import { workspacePage } from '../workspace-layout.js';
import { DECLARED } from './account-form.page.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

export interface AccountsListView {
  q: string;
  rows: Account[];
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

const NOTICES = { deleted: 'Account deleted.' };

export function accountsListPage(v: WorkspaceVisitor, view: AccountsListView): string {
  const custom = view.custom ?? customListOf({}, []);
  const currency = view.customForm?.currency ?? 'USD';
  const base = orgPath(v, '/accounts');
  const head = html`<div class="page-head"><h1>Accounts</h1><a class="button" href="${base}/new">New account</a></div>${noticeOf(NOTICES, view.notice)}`;
  if (view.total === 0) {
    return workspacePage(v, {
      title: 'Accounts',
      section: 'accounts',
      body: html`${head}<div class="empty"><h2>No accounts yet</h2>
        <p>An account is the client a booking is for: a company, a couple, an agency. Every booking needs one.</p>
        <p><a class="button" href="${base}/new">Add the first account</a></p></div>`,
    });
  }
  const table = html`<table class="list">
    <thead><tr><th scope="col">Name</th><th scope="col">E-mail</th><th scope="col">Phone</th><th scope="col">City</th>${customHeaders(custom.shown)}</tr></thead>
    <tbody>${view.rows.map(
      (a) =>
        html`<tr><td><a class="strong" href="${base}/${a.id}">${a.name}</a></td><td data-label="E-mail">${a.email ?? ''}</td><td data-label="Phone">${a.phone ?? ''}</td><td data-label="City">${a.city ?? ''}</td>${customCells(custom.shown, a.customFields, currency)}</tr>`,
    )}</tbody></table>`;
  return workspacePage(v, {
    title: 'Accounts',
    section: 'accounts',
    body: html`${head}${searchForm(base, view.q, 'Search accounts', 'Name, e-mail or phone', hiddenParams(customListParams(custom.state)))}${customListForm(base, 'accounts', view.customForm?.fields ?? [], custom.state, { q: view.q }, custom.error)}
      ${searchedPart(view.incomplete, 'accounts')}${view.rows.length === 0 && !view.incomplete ? html`<div class="empty"><p><strong>No account matches “${view.q}”.</strong> <a href="${base}">Show all accounts</a>.</p></div>` : table}
      ${pagingLinks(base, view.q, view.next, view.prev, customListParams(custom.state))}`,
  });
}

export interface AccountView {
  account: Account;
  owner: string | undefined;
  contacts: Contact[];
  bookings: BookingRow[];
  notes: NotesSection;
  notice?: string | undefined;
  custom: Omit<CustomForm, 'typed'>;
}

function fact(label: string, value: SafeHtml | string | null): SafeHtml | '' {
  return value ? html`<div><dt>${label}</dt><dd>${value}</dd></div>` : '';
}

export function accountPage(v: WorkspaceVisitor, view: AccountView): string {
  const { account: a } = view;
  const base = orgPath(v, `/accounts/${a.id}`);
  const address = [
    a.addressLine1,
    a.addressLine2,
    [a.postalCode, a.city].filter(Boolean).join(' '),
    a.region,
    a.country,
  ].filter(Boolean);
  const body = html`<p class="crumbs"><a href="${orgPath(v, '/accounts')}">Accounts</a></p>
    <div class="page-head"><h1>${a.name}</h1>
      <div class="head-actions"><a class="button" href="${orgPath(v, `/bookings/new?account=${a.id}`)}">New booking</a>
      <a class="button secondary" href="${base}/edit">Edit</a></div></div>
    ${noticeOf({ created: 'Account created.', saved: 'Changes saved.', noted: 'Note added.' }, view.notice)}
    ${notesSummary(view.notes)}
    <div class="detail-grid">
      <section class="card" aria-labelledby="details-title"><h2 id="details-title">Details</h2>
        <dl class="facts">
          ${fact('E-mail', a.email ? html`<a href="mailto:${a.email}">${a.email}</a>` : null)}
          ${fact('Phone', a.phone)}
          ${fact('Website', a.website)}
          ${fact('Address', address.length ? html`${address.map((line, i) => html`${i ? html`<br />` : ''}${line}`)}` : null)}
          ${fact('Owner', view.owner ?? null)}${fieldFacts(DECLARED, a, fact)}
          ${customFacts(view.custom, a.customFields)}
        </dl>
        ${!a.email && !a.phone && !a.website && address.length === 0 ? html`<p class="muted">No details yet. <a href="${base}/edit">Add an e-mail, phone or address</a>.</p>` : ''}
      </section>
      <section class="card" aria-labelledby="contacts-title"><h2 id="contacts-title">Contacts</h2>
        ${
          view.contacts.length === 0
            ? html`<p class="muted">No contacts yet.</p>`
            : html`<ul class="plain">${view.contacts.map(
                (c) =>
                  html`<li><a href="${orgPath(v, `/contacts/${c.id}`)}">${contactName(c)}</a>${c.title ? html` <span class="muted">· ${c.title}</span>` : ''}</li>`,
              )}</ul>`
        }
        <p><a href="${orgPath(v, `/contacts/new?account=${a.id}`)}">Add a contact</a></p>
      </section>
    </div>
    <section aria-labelledby="bookings-title"><h2 id="bookings-title">Bookings</h2>
      ${
        view.bookings.length === 0
          ? html`<p class="muted">No bookings for ${a.name} yet. <a href="${orgPath(v, `/bookings/new?account=${a.id}`)}">Create one</a>.</p>`
          : html`<table class="list">
        <thead><tr><th scope="col">Booking</th><th scope="col">When</th><th scope="col">Status</th></tr></thead>
        <tbody>${view.bookings.map(
          (
            b,
          ) => html`<tr><td><a class="strong" href="${orgPath(v, `/bookings/${b.id}`)}">${b.name}</a> <span class="muted small ref">${b.reference}</span></td>
            <td>${bookingTimes(b, view.notes.zone)}</td><td>${statusBadge(b.status)}</td></tr>`,
        )}</tbody></table>`
      }
    </section>
    ${notesSection(v, view.notes)}`;
  return workspacePage(v, { title: a.name, section: 'accounts', body });
}
