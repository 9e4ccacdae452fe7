/**
 * Approvals (SPEC §18): the mails the venue's automations drafted for a member to check, oldest
 * first, each with its automation, booking and recipients, its subject and text to edit, and
 * *Send* or *Skip*. Each draft's fields carry its run's id, so several on one page stay apart.
 */
import type { AwaitingApproval } from '../../../crm/automations/index.js';
import { html, type SafeHtml } from '../../html.js';
import { csrfField } from '../forms/form-fields.js';
import { when } from '../messages/message-words.js';
import { workspacePage } from '../workspace-layout.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

function approval(v: WorkspaceVisitor, item: AwaitingApproval, zone: string): SafeHtml {
  const { runId, draft } = item;
  const action = (verb: string) => orgPath(v, `/approvals/${runId}/${verb}`);
  const recipients = draft.to.map((address, i) =>
    draft.names[i] ? `${draft.names[i]} <${address}>` : address,
  );
  // Skip is its own form, its button beside Send (the `form` attribute), so the two read as one choice.
  return html`<section class="card approval" aria-labelledby="approval-${runId}">
    <h2 id="approval-${runId}">${draft.subject}</h2>
    <p class="hint">${item.automationName} ·
      <a href="${orgPath(v, `/bookings/${item.bookingId}`)}">${item.bookingReference} ${item.bookingName}</a> ·
      to ${recipients.join(', ')} · drafted ${when(item.updatedAt, zone)}</p>
    <form method="post" action="${action('send')}" class="record-form">
      ${csrfField(v.csrfToken)}
      <div class="field"><label for="subject-${runId}">Subject</label>
        <input type="text" id="subject-${runId}" name="subject" value="${draft.subject}" maxlength="300" required /></div>
      <div class="field"><label for="text-${runId}">Text</label>
        <textarea id="text-${runId}" name="text" rows="12" required>${draft.text}</textarea></div>
      <div class="actions"><button type="submit">Send<span class="visually-hidden">: ${draft.subject}</span></button>
        <button type="submit" form="skip-${runId}" class="secondary">Skip<span class="visually-hidden">: ${draft.subject}</span></button></div>
    </form>
    <form method="post" action="${action('skip')}" id="skip-${runId}">${csrfField(v.csrfToken)}</form>
  </section>`;
}

export function approvalsPage(
  v: WorkspaceVisitor,
  items: readonly AwaitingApproval[],
  zone: string,
  notice?: string,
): string {
  const body = html`<h1>Approvals</h1>
    <p class="hint">Mail your automations drafted for a member to check before it goes: send it as it is or edited, or skip it.</p>
    ${notice ? html`<p role="status" class="notice">${notice}</p>` : ''}
    ${items.length === 0 ? html`<p class="hint">Nothing awaits approval.</p>` : items.map((item) => approval(v, item, zone))}`;
  return workspacePage(v, { title: 'Approvals', section: 'approvals', body });
}
