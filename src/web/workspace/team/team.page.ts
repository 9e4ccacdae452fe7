/** Settings → Team: the members by name (their e-mail beside) and their roles, and the form that invites a person. */
import type { Member } from '../../../identity/membership.repository.js';
import { html, type SafeHtml } from '../../html.js';
import { csrfField, errorSummary, type FieldErrors, inputField, selectField } from '../forms/form-fields.js';
import { noticeOf } from '../forms/list-parts.js';
import { settingsTabs, workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

const ROLES = [
  { value: 'member', label: 'Member: works with bookings, accounts and contacts' },
  { value: 'admin', label: 'Admin: also manages spaces, the venue, the team and integrations' },
];
const NOTICES = {
  removed: 'Member removed: their access to this venue ended.',
  role: 'Role changed.',
  added: 'Added: they sign in with the password they already have. We told them by e-mail.',
  'added-link':
    'Added. They have not chosen a password yet: a link of their own to choose one is on its way to them by e-mail.',
  'added-link-kept':
    'Added. They have not chosen a password yet: a message with a link of their own waits in Outgoing mail until a mail server is set up.',
  invited: 'Invitation sent: they choose their password from the link in the e-mail.',
};

export interface TeamView {
  members: readonly Member[];
  values: { email: string; name: string; role: string };
  errors: FieldErrors;
  notice?: string | undefined;
  /** The one-time link for a person just invited, shown this once. */
  invited?: { email: string; link: string } | undefined;
}

function memberRow(v: WorkspaceVisitor, m: Member): SafeHtml {
  const base = orgPath(v, `/settings/team/${m.userId}`);
  const you = m.userId === v.user.id;
  const who = m.name || m.email;
  return html`<tr>
    <td><strong>${m.name || m.email}</strong>${you ? html` <span class="muted">(you)</span>` : ''}<div class="muted small">${m.email}</div></td>
    <td><form method="post" action="${base}/role" class="inline">${csrfField(v.csrfToken)}
      <label class="visually-hidden" for="role-${m.userId}">Role of ${who}</label>
      <select id="role-${m.userId}" name="role">${['member', 'admin'].map((r) => html`<option value="${r}" ${r === m.role ? html`selected` : ''}>${r === 'admin' ? 'Admin' : 'Member'}</option>`)}</select>
      <button type="submit" class="secondary">Change<span class="visually-hidden"> the role of ${who}</span></button></form></td>
    <td><a class="button secondary" href="${base}/remove">Remove<span class="visually-hidden"> ${who}</span>…</a></td>
  </tr>`;
}

export function teamPage(v: WorkspaceVisitor, view: TeamView): string {
  const { values, errors } = view;
  const invited = view.invited
    ? html`<section class="card" aria-labelledby="invited-title" role="status"><h2 id="invited-title">${view.invited.email} is invited</h2>
        <p>No mail server is set up, so pass this link on to them yourself (the invitation e-mail waits in
          Outgoing mail). It sets their password, works once, for seven days, and is shown only now:</p>
        <code class="secret">${view.invited.link}</code></section>`
    : '';
  const body = html`${settingsTabs(v, 'team')}<h1>Team</h1>
    ${noticeOf(NOTICES, view.notice)}${invited}
    <table class="list team"><thead><tr><th scope="col">Member</th><th scope="col">Role</th><th scope="col"><span class="visually-hidden">Remove</span></th></tr></thead>
      <tbody>${view.members.map((m) => memberRow(v, m))}</tbody></table>
    <section class="card" aria-labelledby="invite-title"><h2 id="invite-title">Invite a person</h2>
      ${errorSummary(errors, { name: 'Name', email: 'E-mail', role: 'Role' })}
      <form method="post" action="${orgPath(v, '/settings/team')}" novalidate>${csrfField(v.csrfToken)}
        ${inputField({ name: 'name', label: 'Name', value: values.name, errors, required: true, attributes: html`autocomplete="off"` })}
        ${inputField({ name: 'email', label: 'E-mail', value: values.email, errors, type: 'email', required: true, attributes: html`autocomplete="off"` })}
        ${selectField({ name: 'role', label: 'Role', value: values.role, errors, required: true, choices: ROLES })}
        <div class="actions"><button type="submit">Invite</button></div></form>
    </section>`;
  return workspacePage(v, { title: 'Team', section: 'settings', body });
}
