/** The request documents of POST and PATCH /v2/automations (SPEC §18), from the automation's fields. */
import { writeAttributesSchema } from '../../api/field-schemas.js';
import { changes, createDocument, updateDocument } from '../../api/request-documents.js';
import { AUTOMATION_FIELDS } from './automation.fields.js';

const AutomationWriteAttributes = writeAttributesSchema(AUTOMATION_FIELDS);

export const AutomationCreateBody = createDocument('automations', { attributes: AutomationWriteAttributes });
export const AutomationUpdateBody = updateDocument('automations', {
  attributes: changes(AutomationWriteAttributes),
});
