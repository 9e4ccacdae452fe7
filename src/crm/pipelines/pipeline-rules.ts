/**
 * The rules of pipelines, stages and referral sources (SPEC §15), each one pure function over
 * facts loaded first, so the API and Settings → Pipelines judge alike and report every bad field
 * at once: a name (one line, at most 100 characters) unique in the organization (a stage's: in
 * its pipeline); a position a whole number from 0; a stage's pipeline one of the organization's,
 * and a stage moved to another pipeline never the last of its own; the status a stage stands for
 * one of STAGE_STATUSES, or none.
 */
import { type Checked, Problems } from '../validation.js';
import {
  type PipelineTable,
  type ReferralSourceTable,
  STAGE_STATUSES,
  type StageStatus,
  type StageTable,
} from './pipeline.table.js';

export const NAME_MAX = 100;
const POSITION_MAX = 1_000_000;

export interface PipelineInput {
  name?: string | undefined;
  position?: number | undefined;
}

export interface StageInput {
  name?: string | undefined;
  position?: number | undefined;
  /** The booking status it stands for; null for none. */
  status?: string | null | undefined;
  /** The pipeline, as the attribute `pipeline_id` names it. */
  pipeline_id?: string | undefined;
  /** The pipeline, as the relationship `pipeline` names it. */
  pipelineId?: string | undefined;
}

export interface ReferralSourceInput {
  name?: string | undefined;
}

/** What the rules know beside the input. */
export interface NameFacts {
  /** Whether another record where the name must be unique has the name asked for. */
  nameTaken: boolean;
}

export interface PlacedFacts extends NameFacts {
  /** The position a new record takes when none is given: after the last. */
  nextPosition: number;
}

export interface StageFacts extends PlacedFacts {
  /** Whether the pipeline named is the organization's (undefined when none is named). */
  pipelineKnown: boolean;
  /** How many stages the stage's current pipeline has (on a change). */
  stagesInPipeline: number;
}

function checkName(problems: Problems, noun: string, name: string, facts: NameFacts, where: string) {
  if (name === '') problems.attribute('name', `A ${noun} needs a name.`, 'blank');
  else if (name.length > NAME_MAX)
    problems.attribute('name', `A ${noun}'s name is at most ${NAME_MAX} characters long.`, 'too_long');
  else if (facts.nameTaken)
    problems.attribute('name', `Another ${noun} ${where} is called "${name}" already.`, 'taken');
  problems.text('name', name, 'name');
}

function checkPosition(problems: Problems, position: number): void {
  if (!Number.isInteger(position) || position < 0 || position > POSITION_MAX) {
    problems.attribute('position', `A position is a whole number from 0 to ${POSITION_MAX}.`);
  }
}

export function checkPipeline(
  input: PipelineInput,
  current: PipelineTable | undefined,
  facts: PlacedFacts,
): Checked<Partial<Pick<PipelineTable, 'name' | 'position'>>> {
  const problems = new Problems();
  const changes: Partial<Pick<PipelineTable, 'name' | 'position'>> = {};
  if (input.name !== undefined || !current) {
    changes.name = input.name?.trim() ?? '';
    checkName(problems, 'pipeline', changes.name, facts, 'of this organization');
  }
  if (input.position !== undefined) checkPosition(problems, input.position);
  if (input.position !== undefined || !current) changes.position = input.position ?? facts.nextPosition;
  return { value: changes, problems: problems.list };
}

export function checkStage(
  input: StageInput,
  current: StageTable | undefined,
  facts: StageFacts,
): Checked<Partial<Pick<StageTable, 'name' | 'position' | 'pipeline_id' | 'status'>>> {
  const problems = new Problems();
  const changes: Partial<Pick<StageTable, 'name' | 'position' | 'pipeline_id' | 'status'>> = {};
  const pipelineId = input.pipeline_id ?? input.pipelineId;
  const where = input.pipeline_id !== undefined ? 'attribute' : 'relationship';
  const pointAt = (detail: string, code: string) =>
    where === 'attribute'
      ? problems.attribute('pipeline_id', detail, code)
      : problems.relationship('pipeline', detail, code);
  if (pipelineId === undefined && !current) {
    pointAt('A stage needs the pipeline it is a stage of.', 'required');
  } else if (pipelineId !== undefined && !facts.pipelineKnown) {
    pointAt(`No pipeline with the id "${pipelineId}" exists in this organization.`, 'not_found');
  } else if (
    input.pipeline_id !== undefined &&
    input.pipelineId !== undefined &&
    input.pipeline_id !== input.pipelineId
  ) {
    problems.relationship(
      'pipeline',
      'pipeline_id and the pipeline relationship name different pipelines; give one of them.',
      'conflicting_values',
    );
  } else if (current && pipelineId !== undefined && pipelineId !== current.pipeline_id) {
    if (facts.stagesInPipeline <= 1) {
      pointAt('This is the last stage of its pipeline: a pipeline keeps at least one stage.', 'last_stage');
    }
  }
  if (pipelineId !== undefined && (!current || pipelineId !== current.pipeline_id)) {
    changes.pipeline_id = pipelineId;
  }
  // A stage moved to another pipeline keeps its name there only if no stage of it has that name.
  if (input.name !== undefined || !current || changes.pipeline_id !== undefined) {
    changes.name = input.name?.trim() ?? current?.name ?? '';
    checkName(problems, 'stage', changes.name, facts, 'of this pipeline');
  }
  if (input.position !== undefined) checkPosition(problems, input.position);
  if (input.position !== undefined || !current || changes.pipeline_id !== undefined) {
    changes.position = input.position ?? facts.nextPosition;
  }
  if (input.status !== undefined || !current) {
    const status = input.status ?? null;
    if (status !== null && !(STAGE_STATUSES as readonly string[]).includes(status)) {
      problems.attribute(
        'status',
        `A stage stands for ${STAGE_STATUSES.join(' or ')}, or for no status; not "${status}".`,
      );
    } else changes.status = status as StageStatus | null;
  }
  return { value: changes, problems: problems.list };
}

export function checkReferralSource(
  input: ReferralSourceInput,
  current: ReferralSourceTable | undefined,
  facts: NameFacts,
): Checked<Partial<Pick<ReferralSourceTable, 'name'>>> {
  const problems = new Problems();
  const changes: Partial<Pick<ReferralSourceTable, 'name'>> = {};
  if (input.name !== undefined || !current) {
    changes.name = input.name?.trim() ?? '';
    checkName(problems, 'referral source', changes.name, facts, 'of this organization');
  }
  return { value: changes, problems: problems.list };
}
