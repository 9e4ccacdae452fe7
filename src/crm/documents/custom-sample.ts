/**
 * The sample a template is tried against on save, with the organization's custom fields (SPEC
 * §19), each with a sample value (custom-field-words.ts), so a template may name them and a key
 * that exists nowhere is found then; Settings → Documents lists them with these values.
 */
import { sampleWords } from '../custom-fields/index.js';
import type { CustomMergeFields } from './custom-merge.js';
import type { MergeData } from './merge-data.js';

/** A sample (the documents', or the e-mails') with the organization's fields, each a sample value. */
export function withCustomSample<Data extends MergeData>(sample: Data, fields: CustomMergeFields): Data {
  return {
    ...sample,
    booking: { ...sample.booking, custom_fields: sampleWords(fields.bookings) },
    account: { ...sample.account, custom_fields: sampleWords(fields.accounts) },
    contact: { ...sample.contact, custom_fields: sampleWords(fields.contacts) },
    events: sample.events.map((e) => ({ ...e, custom_fields: sampleWords(fields.events) })),
  };
}
