/**
 * A booking's Conversation (SPEC §17): the messages with the client in and out, newest last, a
 * page at a time (Show earlier messages: a link, so no script is needed) —
 * who wrote it, to whom, when (in the venue's zone and locale), its subject and its text, with
 * quoted history and signatures folded away, its attachments as downloads, the delivery of the
 * venue's own (queued, sent, failed, in words) and an Unread mark on the client's not yet read,
 * until a member marks them read.
 * Only the text of a message is shown: HTML a client sent is never drawn as a page of Marquee's.
 * Drafts waiting to be sent, then Write to client (write-to-client.view.ts).
 */
import { type ConversationMessage, type Mailbox, TEXT_SHOWN } from '../../../crm/messages/index.js';
import { countText } from '../../../locale.js';
import { html, type SafeHtml } from '../../html.js';
import { csrfField } from '../forms/form-fields.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';
import type { ConversationSection, DraftView } from './conversation-reads.js';
import { mailboxText, when } from './message-words.js';
import { foldText } from './quoted-text.js';
import { writeToClient } from './write-to-client.view.js';

const people = (list: readonly Mailbox[]) => list.map(mailboxText).join(', ');

/** "12 KB", "1,536 KB": at least 1 KB. */
const sizeText = (bytes: number) => `${countText(Math.max(1, Math.ceil(bytes / 1024)))} KB`;

/** How a message stands: the client's received (and unread?), the venue's queued, sent or failed. */
function delivery(message: ConversationMessage): SafeHtml {
  if (message.direction === 'in')
    return html`<span class="badge state-received">Received</span>${message.readAt ? '' : html` <span class="badge unread">Unread</span>`}`;
  switch (message.state) {
    case 'queued':
      return html`<span class="badge state-scheduled">Queued</span> <span class="muted">Waiting to be sent.</span>`;
    case 'failed':
      return html`<span class="badge state-failed">Failed</span> <span class="state-words">It could not be sent: check the outgoing mail settings, then write again.</span>`;
    default:
      return html`<span class="badge state-paid">Sent</span>`;
  }
}

function attachments(v: WorkspaceVisitor, message: ConversationMessage): SafeHtml | '' {
  if (message.attachments.length === 0) return '';
  return html`<ul class="attachments" aria-label="Attachments">${message.attachments.map(
    (a, i) =>
      html`<li><a href="${orgPath(v, `/messages/${message.id}/attachments/${i + 1}`)}" download>${a.name}</a> <span class="muted">${sizeText(a.size)}</span></li>`,
  )}</ul>`;
}

function messageItem(v: WorkspaceVisitor, message: ConversationMessage, zone: string): SafeHtml {
  const { shown, folded } = foldText(message.text);
  const inbound = message.direction === 'in';
  return html`<li class="message ${inbound ? 'message-in' : 'message-out'}" id="message-${message.id}">
    <p class="message-status">${delivery(message)}</p>
    <h3 class="message-subject">${message.subject || '(no subject)'}</h3>
    <dl class="message-facts">
      <div><dt>From</dt><dd>${mailboxText(message.from)}</dd></div>
      <div><dt>To</dt><dd>${people(message.to)}</dd></div>
      ${message.cc.length > 0 ? html`<div><dt>Cc</dt><dd>${people(message.cc)}</dd></div>` : ''}
      <div><dt>${message.state === 'queued' || message.state === 'failed' ? 'Written' : 'Sent'}</dt><dd><time datetime="${message.sentAt}">${when(message.sentAt, zone)}</time></dd></div>
    </dl>
    <div class="message-text">${shown}</div>
    ${message.textCut ? html`<p class="muted">Only the first ${countText(TEXT_SHOWN)} characters are shown.</p>` : ''}
    ${folded ? html`<details class="quoted"><summary>Show quoted text</summary><div class="message-text">${folded}</div></details>` : ''}
    ${attachments(v, message)}
  </li>`;
}

function draftItem(v: WorkspaceVisitor, section: ConversationSection, draft: DraftView): SafeHtml {
  return html`<li class="draft">
    <p class="message-status"><span class="badge state-scheduled">Draft</span> <span class="muted">${draft.byAssistant ? 'Drafted by an assistant' : 'Drafted'}, <time datetime="${draft.createdAt}">${when(draft.createdAt, section.zone)}</time></span></p>
    <div class="message-text">${draft.text}</div>
    <form method="post" action="${section.action}">${csrfField(v.csrfToken)}
      <input type="hidden" name="draft_id" value="${draft.id}" />
      <button type="submit" name="intent" value="draft" class="secondary">Use this draft</button></form>
  </li>`;
}

/** Reading is a post with the CSRF token: opening the page (or another site's GET) marks nothing. */
function markRead(v: WorkspaceVisitor, section: ConversationSection): SafeHtml {
  return html`<form method="post" action="${section.readAction}" class="mark-read">${csrfField(v.csrfToken)}
    <button type="submit" class="secondary">Mark read</button></form>`;
}

export function conversationSection(v: WorkspaceVisitor, section: ConversationSection): SafeHtml {
  const { unread } = section;
  return html`<section aria-labelledby="conversation-title" class="conversation">
    <h2 id="conversation-title">Conversation${unread > 0 ? html` <span class="badge unread">${countText(unread)} unread</span>` : ''}</h2>
    ${unread > 0 ? markRead(v, section) : ''}
    ${
      section.messages.length === 0
        ? html`<p class="muted">No messages yet. Mail written to the client here, and their answers, show up here.</p>`
        : html`${section.earlierHref ? html`<p class="earlier"><a href="${section.earlierHref}">Show earlier messages</a></p>` : ''}<ol class="message-list">${section.messages.map((m) => messageItem(v, m, section.zone))}</ol>${section.latestHref ? html`<p class="latest"><a href="${section.latestHref}">Show the latest messages</a></p>` : ''}`
    }
    ${
      section.drafts.length > 0
        ? html`<h3 class="drafts-title">Drafts waiting to be sent</h3><ul class="message-list">${section.drafts.map((d) => draftItem(v, section, d))}</ul>`
        : ''
    }
    ${writeToClient(v, section)}
  </section>`;
}
