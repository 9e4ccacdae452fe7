/**
 * The venue's own fields of the inquiry form as `GET /inquire/<slug>?format=json` lists them (SPEC
 * §19) under `custom_fields`, beside `fields`, the names a post may give (the built-in ones, then
 * these): each with the name of its control, its label, its type, whether it is required, and a
 * select's options `[{value, label}]` (the open ones), so a site drawing its own form needs
 * nothing else.
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

/** The venue's own fields of the form, as listed; a key bookings and contacts share is listed once. */
export function listedCustomFields(custom: InquiryCustom): ListedField[] {
  const contact = contactDrawn(custom)!;
  return [
    ...custom.booking.fields.map((f) => listedCustom(f, custom.booking.prefix)),
    ...contact.fields.map((f) => listedCustom(f, contact.prefix)),
  ];
}
