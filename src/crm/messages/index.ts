/**
 * The conversation with clients (SPEC §17): the one face the doors use
 * (docs/decisions/0017-faces-codecs-and-fields.md) — the value and its codec, the resource, the
 * policy, the commands. The row type never leaves this folder.
 */
export { type Message, messageCodec, type Mailbox } from './message.value.js';
export { MESSAGE_ACTIONS } from './message.policy.js';
export { messageDefinition, messageResource } from './message.resource.js';
export { type Filing, type ReadMail, receiveMessage, ATTACHMENTS_LIMIT } from './message-filing.js';
export { type MessageInput, updateMessage } from './message.commands.js';
export { messageRoutes } from './message.routes.js';
export { conversationAddress, CONVERSATION_KEY } from './conversation-address.js';
export { type DraftInput, draftOf, draftReply, DRAFTS_SHOWN, draftsOf } from './message-drafts.js';
export {
  attachableDocumentIds,
  CONVERSATION_PAGE,
  type ConversationMessage,
  conversationPage,
  latestMessagesOf,
  TEXT_SHOWN,
} from './message.reads.js';
export { conversationReplyTo, conversationSent, queueConversationMail } from './conversation-mail.js';
export { type LeadOfMessageInput, makeLeadOfMessage } from './message-lead.js';
export {
  inboxMessages,
  INBOX_PAGE,
  type InboxPage,
  messageVersion,
  type OpenBooking,
  openBookings,
  sendersFirst,
  unreadByBooking,
  type UnreadOfBooking,
  waitingInInbox,
} from './inbox.reads.js';
export { type ComposeInput, type ComposedMessage, composeMessage } from './message-composing.js';
export { mailPerHourFullUntil, mailPerHourRefusal, TooManyMessagesError } from './mail-per-hour.js';
export { clientMailBody, type SendInput, sendMessage } from './message-sending.js';
export { templatedMessage } from './message-templates.js';
export { markMessagesRead, unreadOnBooking } from './message-reading.js';
export { type AttachmentDownload, attachmentDownload } from './attachment-download.js';
