/**
 * The organization's sales pipelines, their stages and its referral sources (SPEC §15): every
 * member reads them; organization admins change them, as they do the venue's spaces.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { registerReadRoutes } from '../../api/read-routes.js';
import { relatedId } from '../../api/request-documents.js';
import { registerWriteRoutes } from '../../api/write-routes.js';
import {
  PipelineCreateBody,
  PipelineUpdateBody,
  ReferralSourceCreateBody,
  ReferralSourceUpdateBody,
  StageCreateBody,
  StageUpdateBody,
} from './pipeline.bodies.js';
import {
  createPipeline,
  createReferralSource,
  deletePipeline,
  deleteReferralSource,
  pipelineProblems,
  referralSourceProblems,
  updatePipeline,
  updateReferralSource,
} from './pipeline.commands.js';
import { pipelineDefinition } from './pipeline.resource.js';
import { referralSourceDefinition } from './referral-source.resource.js';
import { createStage, deleteStage, type StageInput, stageProblems, updateStage } from './stage.commands.js';
import { stageDefinition } from './stage.resource.js';

type StageDocument = Pick<Static<typeof StageUpdateBody>['data'], 'attributes' | 'relationships'>;

const stageInput = ({ data }: { data: StageDocument }): StageInput => ({
  ...data.attributes,
  ...(data.relationships?.pipeline
    ? { pipelineId: relatedId(data.relationships.pipeline) ?? undefined }
    : {}),
});

const attributesOf = <Attributes>({ data }: { data: { attributes?: Attributes | undefined } }) =>
  data.attributes ?? ({} as Attributes);

export const pipelineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  registerReadRoutes(app, pipelineDefinition);
  registerWriteRoutes(app, {
    definition: pipelineDefinition,
    createBody: PipelineCreateBody,
    updateBody: PipelineUpdateBody,
    rules: {
      create:
        'A name unique in the organization; it goes after the last pipeline unless a position is given.',
      remove:
        'Its stages go with it. Refused (409 last_pipeline) for the last pipeline, and (409 pipeline_in_use) while bookings are in its stages.',
    },
    create: { command: createPipeline, input: attributesOf, problems: pipelineProblems },
    update: { command: updatePipeline, input: attributesOf, problems: pipelineProblems },
    remove: deletePipeline,
  });

  registerReadRoutes(app, stageDefinition);
  registerWriteRoutes(app, {
    definition: stageDefinition,
    createBody: StageCreateBody,
    updateBody: StageUpdateBody,
    rules: {
      create:
        'A pipeline of the organization (pipeline_id, or the pipeline relationship) and a name unique in it; it goes after the last stage unless a position is given. status (definite, lost or null) is the booking status it stands for: moving a booking into it is that status move, and a booking moved to that status goes to the first such stage of its pipeline.',
      update:
        'A stage moved to another pipeline goes after its last stage; the last stage of a pipeline stays in it. Changing its status moves no booking.',
      remove:
        'Refused (409 stage_in_use) while bookings are at the stage, and (409 last_stage) for the last stage of its pipeline.',
    },
    create: { command: createStage, input: stageInput, problems: stageProblems },
    update: { command: updateStage, input: stageInput, problems: stageProblems },
    remove: deleteStage,
  });

  registerReadRoutes(app, referralSourceDefinition);
  registerWriteRoutes(app, {
    definition: referralSourceDefinition,
    createBody: ReferralSourceCreateBody,
    updateBody: ReferralSourceUpdateBody,
    rules: {
      create: 'A name unique in the organization.',
      remove: 'Refused (409 referral_source_in_use) while bookings came from it.',
    },
    create: { command: createReferralSource, input: attributesOf, problems: referralSourceProblems },
    update: { command: updateReferralSource, input: attributesOf, problems: referralSourceProblems },
    remove: deleteReferralSource,
  });
};
