/** The organization's contacts: read, create, change and delete them (SPEC §5, §7). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { registerReadRoutes } from '../../api/read-routes.js';
import { relatedId } from '../../api/request-documents.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { ContactCreateBody, ContactUpdateBody } from './contact.bodies.js';
import {
  type ContactInput,
  contactProblems,
  createContact,
  deleteContact,
  updateContact,
} from './contact.commands.js';
import { contactDefinition } from './contact.resource.js';

type ContactDocument = Pick<Static<typeof ContactUpdateBody>['data'], 'attributes' | 'relationships'>;

function contactInput({ data }: { data: ContactDocument }): ContactInput {
  return { ...data.attributes, accountId: relatedId(data.relationships?.account) };
}

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
    create: { command: createContact, input: contactInput, problems: contactProblems },
    update: { command: updateContact, input: contactInput, problems: contactProblems },
    remove: deleteContact,
  });
};
