/** The organization's contacts: read, create, change and delete them (SPEC §5, §7). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerReadRoutes } from '../../api/read-routes.js';
import { relatedId } from '../../api/request-documents.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { ContactCreateBody, ContactUpdateBody } from './contact.bodies.js';
import { contactDefinition } from './contact.resource.js';
import { createContact, deleteContact, updateContact } from './contact.service.js';

export const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, contactDefinition);
  registerWriteRoutes(app, {
    definition: contactDefinition,
    createBody: ContactCreateBody,
    updateBody: ContactUpdateBody,
    rules: {
      create: 'A first or a last name is required; the account must be of the same organization.',
      remove: 'The contact is removed from the bookings that named it; its notes go with it.',
    },
    create: (trx, ctx, actor, { data }) =>
      createContact(
        trx,
        actor,
        { ...data.attributes, accountId: relatedId(data.relationships?.account) },
        ctx.now(),
      ),
    update: (ctx, actor, id, { data }, ifMatch) =>
      updateContact(
        ctx,
        actor,
        id,
        { ...data.attributes, accountId: relatedId(data.relationships?.account) },
        ifMatch,
      ),
    remove: deleteContact,
  });
};
