/**
 * The organization's automations (SPEC §18): every member reads them and their runs (crm_read);
 * organization admins write automations (crm_manage). Runs are read only here: the engine makes
 * them, and a member sends or skips a drafted mail.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inputOf } from '../../api/field-schemas.js';
import { registerReadRoutes } from '../../api/read-routes.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { automationRunDefinition } from './automation-run.resource.js';
import { automationRunRoutes } from './automation-run.routes.js';
import type { AutomationInput } from './automation-rules.js';
import { checkAutomation } from './automation-rules.js';
import { AutomationCreateBody, AutomationUpdateBody } from './automation.bodies.js';
import { createAutomation, deleteAutomation, updateAutomation } from './automation.commands.js';
import { AUTOMATION_FIELDS } from './automation.fields.js';
import { automationDefinition, automationResource } from './automation.resource.js';
import { automationCodec } from './automation.value.js';

const automationInput = ({ data }: { data: object }): AutomationInput =>
  inputOf(AUTOMATION_FIELDS, data) as AutomationInput;

export const automationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, automationDefinition);
  registerReadRoutes(app, automationRunDefinition);
  await app.register(automationRunRoutes);
  registerWriteRoutes(app, {
    definition: automationDefinition,
    face: { decode: automationCodec.decode, render: automationResource },
    createBody: AutomationCreateBody,
    updateBody: AutomationUpdateBody,
    rules: {
      create:
        'A name; a trigger, conditions, steps and exits of the shapes described (each bad part a 422 at its pointer, all at once); templates, stages and members of the organization. `key` alone makes a shipped automation with the organization’s templates (off unless `enabled` is given); a key is made once (422 taken).',
      update:
        'The same rules for what is given; `key` never changes (422 read_only). Turning an automation off ends its waiting runs and those awaiting approval.',
      remove: 'Any automation; its runs go with it.',
    },
    create: {
      command: createAutomation,
      input: automationInput,
      problems: async (db, actor, input) => (await checkAutomation(db, actor.organizationId, input)).problems,
    },
    update: {
      command: updateAutomation,
      input: automationInput,
      problems: async (db, actor, input, current) =>
        (await checkAutomation(db, actor.organizationId, input, current)).problems,
    },
    remove: deleteAutomation,
  });
};
