/** The request documents of POST and PATCH /v2/tasks (SPEC §18), from the task's fields. */
import { Type } from 'typebox';
import { writeAttributesSchema, writeRelationshipsSchema } from '../../api/field-schemas.js';
import { changes, createDocument, updateDocument } from '../../api/request-documents.js';
import { TASK_FIELDS } from './task.fields.js';

const TaskWriteAttributes = writeAttributesSchema(TASK_FIELDS, ['title']);
const TaskRelationships = writeRelationshipsSchema(TASK_FIELDS);

export const TaskCreateBody = createDocument('tasks', {
  attributes: TaskWriteAttributes,
  relationships: Type.Optional(TaskRelationships),
});
export const TaskUpdateBody = updateDocument('tasks', {
  attributes: changes(TaskWriteAttributes),
  relationships: changes(TaskRelationships),
});
