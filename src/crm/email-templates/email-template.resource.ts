/** E-mail templates as the API shows them (SPEC §17): `/v2/email_templates`, rendered from their fields. */
import { attributesOf, attributesSchema } from '../../api/field-schemas.js';
import { type Resource, resourceSchema } from '../../api/jsonapi.js';
import type { ResourceDefinition } from '../../api/resource-definition.js';
import { EMAIL_TEMPLATE_KINDS } from './email-template-kinds.js';
import { EMAIL_TEMPLATE_FIELDS } from './email-template.fields.js';
import { type EmailTemplate, emailTemplateCodec } from './email-template.value.js';

export const EmailTemplateResource = resourceSchema(
  'email_templates',
  attributesSchema(EMAIL_TEMPLATE_FIELDS),
);

/** A template as the API shows it. */
export function emailTemplateResource(template: EmailTemplate, baseUrl: string): Resource {
  return {
    type: 'email_templates',
    id: template.id,
    attributes: attributesOf(EMAIL_TEMPLATE_FIELDS, template),
    links: { self: `${baseUrl}/v2/email_templates/${template.id}` },
  };
}

export const emailTemplateDefinition: ResourceDefinition<'email_templates'> = {
  type: 'email_templates',
  path: '/v2/email_templates',
  schema: EmailTemplateResource,
  tag: 'E-mail templates',
  noun: 'e-mail templates',
  singular: 'email_template',
  sortable: ['name', 'created_at', 'updated_at'],
  defaultSort: 'name',
  filters: {
    kind: { column: 'kind', kind: 'enum', values: EMAIL_TEMPLATE_KINDS },
    created_at: { column: 'created_at', kind: 'timestamp' },
    updated_at: { column: 'updated_at', kind: 'timestamp' },
  },
  includes: {},
  toResource: (row, baseUrl) => emailTemplateResource(emailTemplateCodec.decode(row), baseUrl),
};
