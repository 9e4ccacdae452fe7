/** The request documents of POST and PATCH /v2/email_templates (SPEC §17), from the template's fields. */
import { writeAttributesSchema } from '../../api/field-schemas.js';
import { changes, createDocument, updateDocument } from '../../api/request-documents.js';
import { EMAIL_TEMPLATE_FIELDS } from './email-template.fields.js';

const EmailTemplateWriteAttributes = writeAttributesSchema(EMAIL_TEMPLATE_FIELDS, [
  'name',
  'subject',
  'body',
]);

export const EmailTemplateCreateBody = createDocument('email_templates', {
  attributes: EmailTemplateWriteAttributes,
});
export const EmailTemplateUpdateBody = updateDocument('email_templates', {
  attributes: changes(EmailTemplateWriteAttributes),
});
