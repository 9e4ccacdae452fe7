/**
 * Notes (SPEC §5): read and written through the generic routes, at /notes as the seed names
 * them and at /v2/notes beside the other resources. A note stays with what it was written
 * about; only its author or an admin changes it. Creates without an Idempotency-Key share
 * commits: a note is the write of the bench's mixed load, where that multiplied its rate on SQLite.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { registerReadRoutes } from '../../api/read-routes.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { NoteCreateBody, NoteUpdateBody } from './note.bodies.js';
import { createNote, deleteNote, type NoteInput, noteProblems, updateNote } from './note.commands.js';
import { noteDefinition } from './note.resource.js';

type NoteDocument = Pick<Static<typeof NoteUpdateBody>['data'], 'attributes' | 'relationships'>;

/** Marquee's names and Event Temple's (SPEC §15) into one input; note-rules.ts judges both. */
function noteInput({ data }: { data: NoteDocument }): NoteInput {
  const notable = data.relationships?.notable?.data;
  const attributes = data.attributes;
  return {
    body: attributes?.body,
    content: attributes?.content,
    for_beo: attributes?.for_beo,
    notable: notable && { type: notable.type, id: notable.id },
    notableNamed: { type: attributes?.notable_type, id: attributes?.notable_id },
  };
}

export const noteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, noteDefinition);
  registerWriteRoutes(app, {
    definition: noteDefinition,
    createBody: NoteCreateBody,
    updateBody: NoteUpdateBody,
    rules: {
      create: 'Attach a note to a booking, account or contact.',
      update: "Only the note's author or an organization admin.",
      remove: "Only the note's author or an organization admin.",
    },
    create: {
      command: createNote,
      input: (document: Static<typeof NoteCreateBody>) => noteInput(document),
      problems: noteProblems,
      groupCommit: true,
    },
    update: { command: updateNote, input: noteInput, problems: noteProblems },
    remove: deleteNote,
  });
};
