/** Pipelines, their stages and referral sources (SPEC §15): the venue's setup, for its admins. */
import { defineActions } from '../../policy/action.js';

const VERBS = { create: {}, update: {}, delete: {} };

export const PIPELINE_ACTIONS = defineActions(
  'pipelines',
  VERBS,
  'Only organization admins may change pipelines.',
);
export const STAGE_ACTIONS = defineActions(
  'stages',
  { ...VERBS, move: {} },
  'Only organization admins may change stages.',
);
export const REFERRAL_SOURCE_ACTIONS = defineActions(
  'referral_sources',
  VERBS,
  'Only organization admins may change referral sources.',
);
