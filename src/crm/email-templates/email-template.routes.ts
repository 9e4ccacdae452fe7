/**
 * The venue's e-mail templates (SPEC §17): every member reads them (crm_read), organization admins
 * write them (crm_manage). A write's subject and body are judged on a rendering thread before its
 * unit of work (email-template-check.ts), and again when the template changed meanwhile.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inputOf } from '../../api/field-schemas.js';
import { registerReadRoutes } from '../../api/read-routes.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import { withPreparation } from '../../writes/prepared.js';
import { type EmailTemplateInput, judgeEmailTemplate } from './email-template-check.js';
import { customMergeFields, withCustomSample } from '../documents/index.js';
import { EMAIL_SAMPLE } from './email-merge-data.js';
import { EmailTemplateCreateBody, EmailTemplateUpdateBody } from './email-template.bodies.js';
import {
  createEmailTemplate,
  deleteEmailTemplate,
  emailTemplateProblems,
  updateEmailTemplate,
} from './email-template.commands.js';
import { EMAIL_TEMPLATE_FIELDS } from './email-template.fields.js';
import { findEmailTemplate } from './email-template.reads.js';
import { emailTemplateDefinition, emailTemplateResource } from './email-template.resource.js';
import { emailTemplateCodec } from './email-template.value.js';

const templateInput = ({ data }: { data: object }): EmailTemplateInput =>
  inputOf(EMAIL_TEMPLATE_FIELDS, data) as EmailTemplateInput;

export const emailTemplateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const threads = app.ctx.pdf;
  // Tried against the sample with the organization's custom fields (custom-merge.ts).
  const judge = async (
    organizationId: string,
    input: EmailTemplateInput,
    current?: Parameters<typeof judgeEmailTemplate>[3],
  ) => {
    const sample = withCustomSample(EMAIL_SAMPLE, await customMergeFields(app.ctx.db, organizationId));
    return judgeEmailTemplate(threads, organizationId, input, current, sample);
  };
  registerReadRoutes(app, emailTemplateDefinition);
  registerWriteRoutes(app, {
    definition: emailTemplateDefinition,
    face: { decode: emailTemplateCodec.decode, render: emailTemplateResource },
    createBody: EmailTemplateCreateBody,
    updateBody: EmailTemplateUpdateBody,
    rules: {
      create:
        'A name unique in the organization; a kind (default general; several templates may share one); a subject of one line and a body, LiquidJS templates with the merge fields of documents and {{ portal_url }}, each refused (422 template_error, with its line) when it does not parse or names a merge field or filter that does not exist.',
      update: 'The same rules; a subject or body changed is judged with the other as it is.',
      remove: 'Any template, the shipped ones too.',
    },
    create: {
      command: createEmailTemplate,
      input: templateInput,
      problems: async (db, actor, input) =>
        emailTemplateProblems({ db }, actor, await judge(actor.organizationId, input)),
      around: async (_ctx, actor, input, write) => write(await judge(actor.organizationId, input)),
    },
    update: {
      command: updateEmailTemplate,
      input: templateInput,
      problems: async (db, actor, input, current) =>
        emailTemplateProblems({ db }, actor, await judge(actor.organizationId, input, current), current),
      around: (ctx, actor, change, write) =>
        withPreparation(
          `email template ${actor.organizationId} ${change.id}`,
          async () => {
            const current = await findEmailTemplate(ctx, actor.organizationId, change.id);
            const input = await judge(actor.organizationId, change.input, current?.value);
            return { ...change, input };
          },
          write,
        ),
    },
    remove: deleteEmailTemplate,
  });
};
