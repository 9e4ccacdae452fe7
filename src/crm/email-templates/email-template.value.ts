/**
 * An e-mail template as the domain knows it, and its codec: the row of `email_templates` read
 * into the value and a change of the value written back as columns. The row type never leaves
 * this folder.
 */
import { decodeStored, encodeStored } from '../data/field-codec.js';
import type { StoredColumns, StoredValues } from '../data/fields.js';
import { EMAIL_TEMPLATE_FIELDS } from './email-template.fields.js';
import type { EmailTemplateKind } from './email-template-kinds.js';

/** The columns of `email_templates`. */
export type EmailTemplateTable = { id: string; organization_id: string } & StoredColumns<
  typeof EMAIL_TEMPLATE_FIELDS
>;

/** A venue's e-mail template, as every door and rule sees it. */
export type EmailTemplate = { id: string; organizationId: string } & Omit<
  StoredValues<typeof EMAIL_TEMPLATE_FIELDS>,
  'kind'
> & { kind: EmailTemplateKind };

/** What a change of a template sets. */
export type EmailTemplateChanges = Partial<
  Omit<EmailTemplate, 'id' | 'organizationId' | 'createdAt' | 'updatedAt'>
>;

export const emailTemplateCodec = {
  decode(row: EmailTemplateTable): EmailTemplate {
    const stored = decodeStored(EMAIL_TEMPLATE_FIELDS, row);
    return {
      id: row.id,
      organizationId: row.organization_id,
      ...stored,
      // The rules write only the kinds there are.
      kind: stored.kind as EmailTemplateKind,
    };
  },
  encode(changes: EmailTemplateChanges): Partial<EmailTemplateTable> {
    return encodeStored(EMAIL_TEMPLATE_FIELDS, changes);
  },
};
