/**
 * What Settings → Custom fields reads of the definitions, as values decoded by their codec: a
 * record type's, in their order, and one with the version its form carries; and what its forms ask
 * of the rules, judged against the value.
 */
import type { Db } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import type { Reads } from '../data/reads.js';
import { findVersioned } from '../version-tag.js';
import {
  customFieldCodec,
  customFieldDefinition,
  type CustomFieldDefinition,
  type CustomRecordType,
  definitionsOf,
} from '../custom-fields/definitions.js';
import { type CustomFieldInput, customFieldProblems, previewConversion } from './custom-field.commands.js';

/** The organization's definitions of a record type (archived ones too), in their order. */
export async function fieldDefinitionsOf(
  db: Db,
  organizationId: string,
  recordType: CustomRecordType,
): Promise<CustomFieldDefinition[]> {
  return (await definitionsOf(db, organizationId, recordType)).map(customFieldCodec.decode);
}

/** The organization's definition with the version its form carries, or undefined. */
export function findCustomField(reads: Reads, organizationId: string, id: string) {
  return findVersioned(reads, customFieldDefinition, customFieldCodec.decode, organizationId, id);
}

/** Every problem of a change of the definition, writing nothing (its edit form). */
export const customFieldChangeProblems = (
  db: Db,
  actor: Actor,
  input: CustomFieldInput,
  field: CustomFieldDefinition,
) => customFieldProblems(db, actor, input, customFieldCodec.encode(field));

/** What a change of the definition's type would make of the values records hold (its preview). */
export const typeChangePreview = (db: Db, field: CustomFieldDefinition, input: CustomFieldInput) =>
  previewConversion(db, customFieldCodec.encode(field), input);
