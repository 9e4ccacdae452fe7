/**
 * Pipelines, their stages and referral sources (SPEC §15): the one face the doors use
 * (docs/decisions/0017-faces-codecs-and-fields.md) — the policy, the commands, the rules, the
 * queries, the resources and the default pipeline of a new organization. The rows are still the
 * value (a pipeline has no codec of its own yet): their types are exported here for the pages.
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
  type PipelineWithStages,
  pipelinesWithStages,
  placeOf,
  stageChoices,
  type StageTotals,
  stageTotals,
} from './pipeline.reads.js';
export { referralSourcesFor } from './referral-sources-for.js';
export { DEFAULT_PIPELINE, DEFAULT_STAGES, insertDefaultPipeline } from './default-pipeline.js';
export { pipelineDefinition } from './pipeline.resource.js';
export { referralSourceDefinition } from './referral-source.resource.js';
export { stageDefinition } from './stage.resource.js';
