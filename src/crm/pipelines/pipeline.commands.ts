/**
 * Writing pipelines and referral sources (SPEC §15), as units of work (src/writes/unit-of-work.ts),
 * by the rules of pipeline-rules.ts. A new pipeline goes after the last. Deleting the last
 * pipeline is refused (a new booking always has a stage to go to), and so is deleting one whose
 * stages bookings are in; otherwise its stages go with it, each told of. A referral source that
 * bookings came from is not deleted.
 */
import type { Db, Trx } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import { refuse } from '../../writes/refusal.js';
import { recordDeleted } from '../change-events.js';
import { createCommand, deleteCommand, updateCommand } from '../record-commands.js';
import { deleteRecord } from '../records.js';
import {
  checkPipeline,
  checkReferralSource,
  type PipelineInput,
  type ReferralSourceInput,
} from './pipeline-rules.js';
import { positionOf } from './pipeline.codec.js';
import { countBookingsUsing, countPipelines, nameTaken, nextPosition } from './pipeline.repository.js';
import { pipelineDefinition } from './pipeline.resource.js';
import type { PipelineTable, ReferralSourceTable } from './pipeline.table.js';
import { referralSourceDefinition } from './referral-source.resource.js';
import { stageDefinition } from './stage.resource.js';
import { PIPELINE_ACTIONS, REFERRAL_SOURCE_ACTIONS } from './pipeline.policy.js';

export type { PipelineInput, ReferralSourceInput } from './pipeline-rules.js';

/** "1 booking is" / "3 bookings are". */
export const bookingsAre = (n: number) => `${n} booking${n === 1 ? ' is' : 's are'}`;

async function judgedPipeline(db: Db | Trx, actor: Actor, input: PipelineInput, current?: PipelineTable) {
  const name = input.name?.trim() ?? '';
  const org = actor.organizationId;
  return checkPipeline(input, current, {
    nameTaken: await nameTaken(db, 'pipelines', org, name, current?.id),
    nextPosition: current ? positionOf(current) : await nextPosition(db, org),
  });
}

export async function pipelineProblems(db: Db, actor: Actor, input: PipelineInput, current?: PipelineTable) {
  return (await judgedPipeline(db, actor, input, current)).problems;
}

export const createPipeline = createCommand<'pipelines', PipelineInput>({
  action: PIPELINE_ACTIONS.create,
  definition: pipelineDefinition,
  check: (trx, actor, input) => judgedPipeline(trx, actor, input),
  values: (given) => ({ name: given.name ?? '', position: given.position ?? 1 }),
});

export const updatePipeline = updateCommand<'pipelines', PipelineInput>({
  action: PIPELINE_ACTIONS.update,
  definition: pipelineDefinition,
  check: (trx, actor, input, current) => judgedPipeline(trx, actor, input, current),
});

export const deletePipeline = deleteCommand({
  action: PIPELINE_ACTIONS.delete,
  definition: pipelineDefinition,
  async before({ trx, actor, now }, current) {
    if ((await countPipelines(trx, actor.organizationId)) <= 1) {
      return refuse({
        status: 409,
        code: 'last_pipeline',
        detail:
          'This is the organization’s last pipeline: new bookings go to its first stage. Add another pipeline first.',
      });
    }
    const stages = await trx.selectFrom('stages').selectAll().where('pipeline_id', '=', current.id).execute();
    const using = await countBookingsUsing(
      trx,
      'stage_id',
      stages.map((s) => s.id),
    );
    if (using > 0) {
      return refuse({
        status: 409,
        code: 'pipeline_in_use',
        detail: `${bookingsAre(using)} in the stages of ${current.name}; move ${using === 1 ? 'it' : 'them'} to another stage first.`,
      });
    }
    for (const stage of stages) {
      await deleteRecord(trx, 'stages', stage);
      await recordDeleted(trx, stageDefinition, stage, now);
    }
  },
});

async function judgedSource(
  db: Db | Trx,
  actor: Actor,
  input: ReferralSourceInput,
  current?: ReferralSourceTable,
) {
  const name = input.name?.trim() ?? '';
  return checkReferralSource(input, current, {
    nameTaken: await nameTaken(db, 'referral_sources', actor.organizationId, name, current?.id),
  });
}

export async function referralSourceProblems(
  db: Db,
  actor: Actor,
  input: ReferralSourceInput,
  current?: ReferralSourceTable,
) {
  return (await judgedSource(db, actor, input, current)).problems;
}

export const createReferralSource = createCommand<'referral_sources', ReferralSourceInput>({
  action: REFERRAL_SOURCE_ACTIONS.create,
  definition: referralSourceDefinition,
  check: (trx, actor, input) => judgedSource(trx, actor, input),
  values: (given) => ({ name: given.name ?? '' }),
});

export const updateReferralSource = updateCommand<'referral_sources', ReferralSourceInput>({
  action: REFERRAL_SOURCE_ACTIONS.update,
  definition: referralSourceDefinition,
  check: (trx, actor, input, current) => judgedSource(trx, actor, input, current),
});

export const deleteReferralSource = deleteCommand({
  action: REFERRAL_SOURCE_ACTIONS.delete,
  definition: referralSourceDefinition,
  async before({ trx }, current) {
    const using = await countBookingsUsing(trx, 'referral_source_id', [current.id]);
    if (using > 0) {
      return refuse({
        status: 409,
        code: 'referral_source_in_use',
        detail: `${bookingsAre(using)} from ${current.name}; give ${using === 1 ? 'it' : 'them'} another source first.`,
      });
    }
  },
});
