/**
 * Documents (SPEC §13), proposals, BEOs and invoices: the one face the doors use
 * (docs/decisions/0017-faces-codecs-and-fields.md) — their policy and codec, the commands that
 * make, send, issue, sign and void them, their settings and templates, the merge data e-mail
 * templates share, their PDFs and links, and the words their pages print. What stands beneath
 * them (the app's context, a booking's commands) reaches them through `beneath.ts`. The pages and
 * the portal read their values (`findDocument`, `bookingDocuments`, a link's document): the row
 * type never leaves this folder.
 */
export { DOCUMENT_ACTIONS, DOCUMENT_SETTINGS_ACTIONS } from './document.policy.js';
export { documentCodec, type DocumentValue } from './document.codec.js';
export {
  DOCUMENT_KINDS,
  type DocumentKind,
  type DocumentLink,
  type DocumentSignature,
} from './document.table.js';
export { bookingDocuments, type BookingDocuments, findDocument } from './document.reads.js';
export { documentDefinition } from './document.resource.js';
export { deleteDocument, documentProblems } from './document.commands.js';
export { makeDocument } from './document-making.js';
export { issueDocument, revokeDocumentLink, sendDocument, voidDocument } from './document-actions.js';
export { signaturePage, signaturesOf, signDocument, type SigningOutcome } from './document-signing.js';
export { signatureProblems } from './document-rules.js';
export { partsInWords, type SignedPart } from './signed-state.js';
export { documentOfToken, linkOf, noteLinkUse } from './document-links.js';
export { currentFile, keptFile, pdfRequestOf } from './document-files.js';
export { documentPdf, documentPdfFile, issuePdf, sendPdf } from './document-pdf.js';
export { pdfRenderer } from './pdf/pdf-renderer.js';
export type { Block, DocumentModel, Fact, IssuedStamp, Paragraph, Watermark } from './document-model.js';
export { shownMeta } from './document-meta.js';
// Settings: the venue's address, its logo and the templates of each kind.
export { documentSettingsOf, logoBytes, savedTemplatesOf, templatesOf } from './document-settings.js';
export {
  addressProblems,
  checkTemplates,
  restoreDefaultTemplates,
  saveLogo,
  saveTemplates,
  saveVenueAddress,
} from './document-settings.commands.js';
export { DEFAULT_TEMPLATES, type TemplateTexts } from './default-templates.js';
export { checkLogo, LOGO_MAX_BYTES, logoFitsDocuments } from './logo.js';
export { TEMPLATE_MAX_LENGTH } from './template-words.js';
export type { TemplateSet } from './liquid-sandbox.js';
export type { Threads } from './document-templates.js';
// The merge data, which the e-mail templates render with too.
export { type DocumentFacts, loadDocumentFacts } from './document-facts.js';
export { type MergeData, mergeData } from './merge-data.js';
export { SAMPLE_MERGE_DATA } from './sample-merge-data.js';
export { customMergeFields } from './custom-merge.js';
export { withCustomSample } from './custom-sample.js';
// Words the pages print as the documents do.
export { clockOf, dayOf, moneyText } from './document-words.js';
export { installmentDue, STATE_WORDS, stillToPay } from './schedule-words.js';
