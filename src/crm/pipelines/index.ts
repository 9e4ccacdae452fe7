/**
 * Pipelines, their stages and referral sources (SPEC §15): the one face the doors use
 * (docs/decisions/0017-faces-codecs-and-fields.md) — the policy, the commands, the rules, the
 * queries, the resources and the default pipeline of a new organization. Their codec reads the rows into
 * values (pipeline.codec.ts); the pages still read rows, whose types are exported here for them.
 */
export type { ReferralSourceTable, StageStatus, StageTable } from './pipeline.table.js';
export { PIPELINE_ACTIONS, REFERRAL_SOURCE_ACTIONS, STAGE_ACTIONS } from './pipeline.policy.js';
export {
  createPipeline,
  createReferralSource,
  deletePipeline,
  deleteReferralSource,
  type PipelineInput,
  pipelineProblems,
  type ReferralSourceInput,
  referralSourceProblems,
  updatePipeline,
  updateReferralSource,
} from './pipeline.commands.js';
export {
  createStage,
  deleteStage,
  moveStage,
  type StageInput,
  type StageMove,
  stageProblems,
  updateStage,
} from './stage.commands.js';
export { checkReferralSource } from './pipeline-rules.js';
export {
  bookingsAtStages,
  listReferralSources,
  namesById,
  type PipelineWithStages,
  pipelinesWithStages,
  placeOf,
  stageChoices,
  type StageTotals,
  stageTotals,
} from './pipeline.reads.js';
export { referralSourcesFor } from './referral-sources-for.js';
export { DEFAULT_PIPELINE, DEFAULT_STAGES, insertDefaultPipeline } from './default-pipeline.js';
export { type Pipeline, pipelineCodec, positionOf, type Stage, stageCodec } from './pipeline.codec.js';
export { pipelineDefinition } from './pipeline.resource.js';
export { referralSourceDefinition } from './referral-source.resource.js';
export { stageDefinition } from './stage.resource.js';
