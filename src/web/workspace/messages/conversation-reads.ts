/**
 * What a booking's Conversation reads for one visit (conversation.view.ts draws it): a page of
 * its messages in and out (the newest, or an earlier page), the newest drafts waiting to be sent, the organization's e-mail templates, the
 * documents that may go with a message (those sent or issued, as sendMessage attaches them), and
 * the Write to client form as it stands — what was typed, its errors, its preview.
 */
import type { BookingRow } from '../../../crm/bookings/index.js';
import type { Contact } from '../../../crm/contacts/index.js';
import type { DocumentValue } from '../../../crm/documents/index.js';
import { listEmailTemplates } from '../../../crm/email-templates/index.js';
import type { EventValue } from '../../../crm/events/index.js';
import {
  attachableDocumentIds,
  type ComposedMessage,
  type ConversationMessage,
  conversationPage,
  draftsOf,
  unreadOnBooking,
} from '../../../crm/messages/index.js';
import type { Db } from '../../../db/database.js';
import { documentName } from '../documents/documents.view.js';
import type { Choice, FieldErrors } from '../forms/form-fields.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';

/** The Write to client form's fields as typed (absent: as the form first offers them). */
export interface Compose {
  to?: string;
  cc?: string;
  subject?: string;
  text?: string;
  templateId?: string;
  documentIds?: string[];
  draftId?: string;
}

/** What a post of the form brings back to the page. */
export interface ComposeExtras {
  typed?: Compose;
  errors?: FieldErrors;
  preview?: ComposedMessage;
  /** Why Send was refused as a whole (the hour's bound of mail), in the API's words. */
  refused?: string;
}

export interface DraftView {
  id: string;
  text: string;
  createdAt: string;
  /** Drafted by an assistant (SPEC §17: it drafts, a member sends). */
  byAssistant: boolean;
}

export interface ConversationSection {
  /** Where the form posts. */
  action: string;
  /** Where Mark read posts. */
  readAction: string;
  /** The booking's inbound messages nobody has read, shown or not. */
  unread: number;
  zone: string;
  /** One page, in the order they were sent (the newest, or those before `before`). */
  messages: ConversationMessage[];
  /** The link to the page of earlier messages, if there are any. */
  earlierHref: string | undefined;
  /** The link back to the newest messages, on a page of earlier ones. */
  latestHref: string | undefined;
  drafts: DraftView[];
  templates: Choice[];
  /** The booking's documents that may be attached. */
  documents: Choice[];
  compose: Required<Compose>;
  errors: FieldErrors;
  preview: ComposedMessage | undefined;
  refused: string | undefined;
}

const STATUS_WORDS = { sent: 'sent', signed: 'accepted', issued: 'issued' } as const;

/** The booking's documents with a kept PDF to attach (sent or issued; voided ones not offered). */
async function attachable(db: Db, documents: readonly DocumentValue[], events: readonly EventValue[]) {
  const offered = documents.filter((d) => d.status !== 'draft' && d.status !== 'void');
  if (offered.length === 0) return [];
  const ids = await attachableDocumentIds(
    db,
    offered.map((d) => d.id),
  );
  return offered
    .filter((d) => ids.has(d.id))
    .map((d) => ({
      value: d.id,
      label: `${documentName(d, events)}${d.number ? ` (${d.number})` : ''}, ${STATUS_WORDS[d.status as keyof typeof STATUS_WORDS] ?? d.status}`,
    }));
}

export async function conversationSection(
  db: Db,
  v: WorkspaceVisitor,
  facts: {
    booking: BookingRow;
    contact: Contact | undefined;
    documents: readonly DocumentValue[];
    events: readonly EventValue[];
    zone: string;
    /** The page of earlier messages asked for: those sent before this message. */
    before?: string | undefined;
  },
  extras: ComposeExtras = {},
): Promise<ConversationSection> {
  const org = v.organization.organizationId;
  const { booking } = facts;
  const [page, unread, drafts, templates, documents] = await Promise.all([
    conversationPage(db, org, booking.id, facts.before),
    unreadOnBooking(db, org, booking.id),
    draftsOf(db, org, booking.id),
    listEmailTemplates({ db }, org),
    attachable(db, facts.documents, facts.events),
  ]);
  const typed = extras.typed ?? {};
  return {
    action: orgPath(v, `/bookings/${booking.id}/messages`),
    readAction: orgPath(v, `/bookings/${booking.id}/messages/read`),
    unread,
    zone: facts.zone,
    messages: page.messages,
    earlierHref: page.earlier
      ? orgPath(v, `/bookings/${booking.id}?before=${encodeURIComponent(page.earlier)}#conversation-title`)
      : undefined,
    latestHref: facts.before ? orgPath(v, `/bookings/${booking.id}#conversation-title`) : undefined,
    drafts: drafts.map((d) => ({
      id: d.id,
      text: d.text,
      createdAt: d.created_at,
      byAssistant: d.door === 'assistant',
    })),
    templates: templates.map((t) => ({ value: t.id, label: t.name })),
    documents,
    compose: {
      to: typed.to ?? facts.contact?.email ?? '',
      cc: typed.cc ?? '',
      subject: typed.subject ?? '',
      text: typed.text ?? '',
      templateId: typed.templateId ?? '',
      documentIds: typed.documentIds ?? [],
      draftId: typed.draftId ?? '',
    },
    errors: extras.errors ?? {},
    preview: extras.preview,
    refused: extras.refused,
  };
}
