/** The organization's accounts: read, create, change and delete them (SPEC §5, §7). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerReadRoutes } from '../../api/read-routes.js';
import { relatedId } from '../../api/request-documents.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { AccountCreateBody, AccountUpdateBody } from './account.bodies.js';
import {
  type AccountInput,
  accountProblems,
  createAccount,
  deleteAccount,
  updateAccount,
} from './account.commands.js';
import { accountDefinition, accountResource } from './account.resource.js';
import { accountCodec } from './account.value.js';

/** A write document's members, as its schema (account.bodies.ts, from the fields) let them through. */
interface AccountDocument {
  data: { attributes?: object; relationships?: object };
}

function accountInput({ data }: AccountDocument): AccountInput {
  const { owner } = (data.relationships ?? {}) as { owner?: { data: { id: string } | null } };
  return { ...(data.attributes as AccountInput), ownerId: relatedId(owner) };
}

export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, accountDefinition);
  registerWriteRoutes(app, {
    definition: accountDefinition,
    face: { decode: accountCodec.decode, render: accountResource },
    createBody: AccountCreateBody,
    updateBody: AccountUpdateBody,
    rules: {
      create: 'A name is required; the owner defaults to the token’s user.',
      remove: 'Refused (409 has_dependents) while the account has bookings; its notes go with it.',
    },
    create: { command: createAccount, input: accountInput, problems: accountProblems },
    update: { command: updateAccount, input: accountInput, problems: accountProblems },
    remove: deleteAccount,
  });
};
