/**
 * Notes (SPEC §5): read and written through the generic routes, at /notes as the seed names
 * them and at /v2/notes beside the other resources. A note stays with what it was written
 * about; only its author or an admin changes it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerReadRoutes } from '../../api/read-routes.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { ValidationError } from '../../errors.js';
import { NoteCreateBody, NoteUpdateBody } from './note.bodies.js';
import { noteDefinition } from './note.resource.js';
import { createNote, deleteNote, updateNote } from './note.service.js';

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
    create: (trx, ctx, actor, { data }) =>
      createNote(
        trx,
        actor,
        {
          body: data.attributes.body,
          notableType: data.relationships.notable.data.type,
          notableId: data.relationships.notable.data.id,
        },
        ctx.now(),
      ),
    update: (ctx, actor, id, { data }, ifMatch) => {
      if (data.relationships?.notable !== undefined) {
        throw new ValidationError({
          field: 'notable',
          detail: 'A note stays with what it was written about; notable cannot change.',
          code: 'immutable',
          source: { pointer: '/data/relationships/notable' },
        });
      }
      return updateNote(ctx, actor, id, data.attributes?.body, ifMatch);
    },
    remove: (ctx, actor, id, ifMatch) => deleteNote(ctx, actor, id, ifMatch),
  });
};
