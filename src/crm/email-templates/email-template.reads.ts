/** What the doors read of e-mail templates: the organization's, by name, as values. */
import type { Reads } from '../data/reads.js';
import { findVersioned } from '../version-tag.js';
import type { EmailTemplateKind } from './email-template-kinds.js';
import { emailTemplateDefinition } from './email-template.resource.js';
import { type EmailTemplate, emailTemplateCodec } from './email-template.value.js';

/** The organization's templates by name, or those of one kind. */
export async function listEmailTemplates(
  reads: Reads,
  organizationId: string,
  kind?: EmailTemplateKind,
): Promise<EmailTemplate[]> {
  let query = reads.db
    .selectFrom('email_templates')
    .selectAll()
    .where('organization_id', '=', organizationId);
  if (kind) query = query.where('kind', '=', kind);
  const rows = await query.orderBy('name').orderBy('id').execute();
  return rows.map(emailTemplateCodec.decode);
}

/** The organization's template with the version its form carries, or undefined. */
export function findEmailTemplate(reads: Reads, organizationId: string, id: string) {
  return findVersioned(reads, emailTemplateDefinition, emailTemplateCodec.decode, organizationId, id);
}
