/**
 * The inquiry form's fields as `GET /inquire/<slug>?format=json` lists them (SPEC §14, §19): one
 * list, the built-in fields first and then the venue's own, each with the name a post gives it,
 * its label, its type, whether it is required, and a select's options `[{value, label}]` (the
 * open ones), so a site drawing its own form needs nothing else.
 */
import type { CustomField } from '../../crm/custom-fields/index.js';
import { contactDrawn, type InquiryCustom } from './inquiry-custom.js';
import { customName } from '../workspace/forms/custom-fields.form.js';

export interface ListedField {
  name: string;
  label: string;
  field_type: string;
  required: boolean;
  options?: Array<{ value: string; label: string }>;
}

const BUILT_IN: Array<[name: string, label: string, fieldType: string, required?: boolean]> = [
  ['name', 'Your name', 'text', true],
  ['email', 'E-mail', 'email', true],
  ['phone', 'Phone', 'phone'],
  ['company', 'Company', 'text'],
  ['event_type', 'Type of event', 'text'],
  ['date', 'Date', 'date', true],
  ['start_time', 'Start time', 'time'],
  ['end_time', 'End time', 'time'],
  ['guest_count', 'Guests', 'number'],
  ['message', 'Message', 'long_text'],
  ['utm_source', 'Campaign source', 'text'],
  ['utm_medium', 'Campaign medium', 'text'],
  ['utm_campaign', 'Campaign name', 'text'],
  ['referrer', 'Referring page', 'url'],
];

function listedCustom(field: CustomField, prefix: string | undefined): ListedField {
  const type = field.custom.fieldType;
  const options =
    type === 'select' || type === 'multi_select'
      ? field.custom.options.filter((o) => !o.archived).map((o) => ({ value: o.value, label: o.label }))
      : undefined;
  return {
    name: customName(field.name, prefix),
    label: field.label,
    field_type: type,
    required: field.custom.required,
    ...(options ? { options } : {}),
  };
}

/** Every field of the form, as listed; a key bookings and contacts share is listed once. */
export function listedFields(eventTypes: readonly string[], custom: InquiryCustom): ListedField[] {
  const builtIn = BUILT_IN.map(([name, label, fieldType, required]): ListedField => {
    if (name === 'event_type' && eventTypes.length > 0)
      return {
        name,
        label,
        field_type: 'select',
        required: false,
        options: eventTypes.map((t) => ({ value: t, label: t })),
      };
    return { name, label, field_type: fieldType, required: required ?? false };
  });
  const contact = contactDrawn(custom)!;
  return [
    ...builtIn,
    ...custom.booking.fields.map((f) => listedCustom(f, custom.booking.prefix)),
    ...contact.fields.map((f) => listedCustom(f, contact.prefix)),
  ];
}
