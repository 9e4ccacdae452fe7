/**
 * What an e-mail template may read (SPEC §17): the merge fields of documents (merge-data.ts), made
 * from the same facts of the booking, and `portal_url`, the client's link to the document a mail
 * names (empty when it names none). A mail names no document version of its own, so `document`
 * has no title or version; its date is the day the mail is written. Templates are tried on save
 * against the documents' sample with a link (EMAIL_SAMPLE), so a field that exists nowhere is
 * found then.
 */
import { type DocumentFacts, type MergeData, mergeData, SAMPLE_MERGE_DATA } from '../documents/index.js';

export type EmailMergeData = MergeData & { portal_url: string };

export function emailMergeData(facts: DocumentFacts, portalUrl: string | undefined): EmailMergeData {
  const data = mergeData(facts);
  return { ...data, document: { ...data.document, title: '', version: 0 }, portal_url: portalUrl ?? '' };
}

/** The sample every template is tried against when it is saved: every member filled. */
export const EMAIL_SAMPLE: Readonly<EmailMergeData> = Object.freeze({
  ...SAMPLE_MERGE_DATA,
  portal_url: 'https://marquee.example/p/sample',
});
