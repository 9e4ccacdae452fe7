/**
 * The sample a template is tried against on save, with the organization's custom fields (SPEC
 * §19), each with a sample value (custom-field-words.ts), so a template may name them and a key
 * that exists nowhere is found then; Settings → Documents lists them with these values.
 */
import { sampleWords } from '../custom-fields/index.js';
import { type CustomMergeFields, customWords } from './custom-merge.js';
import type { MergeData } from './merge-data.js';

/** A sample (the documents', or the e-mails') with the organization's fields, each a sample value. */
export function withCustomSample<Data extends MergeData>(sample: Data, fields: CustomMergeFields): Data {
  return {
    ...sample,
    booking: { ...sample.booking, ...customWords(sampleWords(fields.bookings)) },
    account: { ...sample.account, ...customWords(sampleWords(fields.accounts)) },
    contact: { ...sample.contact, ...customWords(sampleWords(fields.contacts)) },
    events: sample.events.map((e) => ({ ...e, ...customWords(sampleWords(fields.events)) })),
  };
}
