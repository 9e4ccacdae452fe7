/**
 * Write to client, on the booking's Conversation (SPEC §17): to (the booking's contact by
 * default; several separated by commas), cc, subject and text; an e-mail template of the
 * organization to start from, written for this booking; the booking's sent or issued documents
 * to attach; a preview of the message as it will go, and Send. The template is chosen in a form
 * of its own, so pressing Enter in the message's fields previews it and never replaces what was
 * typed with a template.
 */
import type { ComposedMessage } from '../../../crm/messages/index.js';
import { html, type SafeHtml } from '../../html.js';
import {
  checkboxesField,
  csrfField,
  errorSummary,
  inputField,
  selectField,
  textareaField,
} from '../forms/form-fields.js';
import type { WorkspaceVisitor } from '../workspace-visitor.js';
import type { ConversationSection } from './conversation-reads.js';
import { mailboxText } from './message-words.js';

export const COMPOSE_LABELS: Record<string, string> = {
  to: 'To',
  cc: 'Cc',
  subject: 'Subject',
  text: 'Message',
  template_id: 'Template',
  document_ids: 'Attach documents',
  booking: 'Booking',
};

function preview(message: ComposedMessage): SafeHtml {
  return html`<section class="message-preview" aria-labelledby="preview-title">
    <h4 id="preview-title">Preview: this is how it will go</h4>
    <dl class="message-facts">
      <div><dt>To</dt><dd>${message.to.map(mailboxText).join(', ')}</dd></div>
      ${message.cc.length > 0 ? html`<div><dt>Cc</dt><dd>${message.cc.map(mailboxText).join(', ')}</dd></div>` : ''}
      <div><dt>Subject</dt><dd>${message.subject}</dd></div>
      <div><dt>Attachments</dt><dd>${message.attachments.length > 0 ? message.attachments.map((a) => a.filename).join(', ') : html`<span class="muted">None</span>`}</dd></div>
    </dl>
    <div class="message-text">${message.text}</div>
    <p class="hint">Nothing has been sent yet. Change the message below, or send it.</p>
  </section>`;
}

function templateForm(v: WorkspaceVisitor, section: ConversationSection): SafeHtml {
  if (section.templates.length === 0) return html``;
  const { compose, errors } = section;
  return html`<form method="post" action="${section.action}" class="template-pick" novalidate>
    ${csrfField(v.csrfToken)}
    <input type="hidden" name="to" value="${compose.to}" /><input type="hidden" name="cc" value="${compose.cc}" />
    ${selectField({ name: 'template_id', label: 'Start from a template', value: compose.templateId, errors, required: true, choices: section.templates, empty: 'Choose a template', hint: 'Fills in the subject and the message, written for this booking.' })}
    <button type="submit" name="intent" value="template" class="secondary">Use template</button>
  </form>`;
}

export function writeToClient(v: WorkspaceVisitor, section: ConversationSection): SafeHtml {
  const { compose, errors } = section;
  return html`<div class="card write-to-client">
    <h3 id="write-title">Write to client</h3>
    ${errorSummary(errors, COMPOSE_LABELS)}
    ${section.refused ? html`<div class="error-summary" role="alert"><p>${section.refused}</p></div>` : ''}
    ${section.preview ? preview(section.preview) : ''}
    ${templateForm(v, section)}
    <form method="post" action="${section.action}" class="compose" novalidate>
      ${csrfField(v.csrfToken)}
      ${compose.draftId ? html`<input type="hidden" name="draft_id" value="${compose.draftId}" />` : ''}
      ${inputField({ name: 'to', label: 'To', value: compose.to, errors, required: true, type: 'text', hint: 'Several addresses separated by commas.', attributes: html`autocomplete="off"` })}
      ${inputField({ name: 'cc', label: 'Cc', value: compose.cc, errors, type: 'text', attributes: html`autocomplete="off"` })}
      ${inputField({ name: 'subject', label: 'Subject', value: compose.subject, errors, required: true })}
      ${textareaField({ name: 'text', label: 'Message', value: compose.text, errors, required: true, rows: 10 })}
      ${checkboxesField({ name: 'document_ids', legend: 'Attach documents', choices: section.documents, values: compose.documentIds, errors, hint: 'The booking’s documents as they were sent or issued, as PDFs.', empty: html`<p class="muted">No document of this booking has been sent or issued yet.</p>` })}
      <div class="actions">
        <button type="submit" name="intent" value="preview" class="secondary">Preview</button>
        <button type="submit" name="intent" value="send">Send</button>
      </div>
    </form>
  </div>`;
}
