/** The organization's contacts: read, create, change and delete them (SPEC §5, §7). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
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
import { contactDefinition, contactResource } from './contact.resource.js';
import { contactCodec } from './contact.value.js';

/** A write document's members, as its schema (contact.bodies.ts, from the fields) let them through. */
interface ContactDocument {
  data: { attributes?: object; relationships?: object };
}

function contactInput({ data }: ContactDocument): ContactInput {
  const { account } = (data.relationships ?? {}) as { account?: { data: { id: string } | null } };
  return { ...(data.attributes as ContactInput), accountId: relatedId(account) };
}

export const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, contactDefinition);
  registerWriteRoutes(app, {
    definition: contactDefinition,
    face: { decode: contactCodec.decode, render: contactResource },
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
