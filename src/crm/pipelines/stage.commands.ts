/**
 * Writing stages (SPEC §15), as units of work, by the rules of pipeline-rules.ts: a new stage goes
 * after the last of its pipeline. Deleting a stage bookings are in is refused (they would fall out
 * of the pipeline unseen), and so is deleting the last stage of a pipeline. Moving a stage up or
 * down (Settings → Pipelines) trades places with its neighbour in one unit of work.
 */
import type { Db, Trx } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import { isRefusal, refuse, type Refusal } from '../../writes/refusal.js';
import type { Command } from '../../writes/unit-of-work.js';
import { createCommand, deleteCommand, updateCommand } from '../record-commands.js';
import { changeEach, idsInOrganization, recordToChange } from '../records.js';
import { bookingsAre } from './pipeline.commands.js';
import { checkStage, type StageInput } from './pipeline-rules.js';
import { positionOf } from './pipeline.codec.js';
import { countBookingsUsing, countStages, nextPosition, stageNameTaken } from './pipeline.repository.js';
import type { StageTable } from './pipeline.table.js';
import { stageDefinition } from './stage.resource.js';
import { STAGE_ACTIONS } from './pipeline.policy.js';

export type { StageInput } from './pipeline-rules.js';

async function judged(db: Db | Trx, actor: Actor, input: StageInput, current?: StageTable) {
  const named = input.pipeline_id ?? input.pipelineId;
  const pipelineKnown =
    named !== undefined &&
    (await idsInOrganization(db, 'pipelines', actor.organizationId, [named])).has(named);
  const pipelineId = named !== undefined ? (pipelineKnown ? named : undefined) : current?.pipeline_id;
  const name = input.name?.trim() ?? current?.name ?? '';
  const moving = current !== undefined && pipelineId !== undefined && pipelineId !== current.pipeline_id;
  return checkStage(input, current, {
    pipelineKnown,
    nameTaken: pipelineId !== undefined && (await stageNameTaken(db, pipelineId, name, current?.id)),
    nextPosition:
      pipelineId === undefined || (current && !moving)
        ? Number(current?.position ?? 1)
        : await nextPosition(db, actor.organizationId, pipelineId),
    stagesInPipeline: moving ? await countStages(db, current.pipeline_id) : 0,
  });
}

export async function stageProblems(db: Db, actor: Actor, input: StageInput, current?: StageTable) {
  return (await judged(db, actor, input, current)).problems;
}

export const createStage = createCommand<'stages', StageInput>({
  action: STAGE_ACTIONS.create,
  definition: stageDefinition,
  check: (trx, actor, input) => judged(trx, actor, input),
  values: (given) => ({
    name: given.name ?? '',
    position: given.position ?? 1,
    pipeline_id: given.pipeline_id ?? '',
    status: given.status ?? null,
  }),
});

export const updateStage = updateCommand<'stages', StageInput>({
  action: STAGE_ACTIONS.update,
  definition: stageDefinition,
  check: (trx, actor, input, current) => judged(trx, actor, input, current),
});

export const deleteStage = deleteCommand({
  action: STAGE_ACTIONS.delete,
  definition: stageDefinition,
  async before({ trx }, current) {
    const using = await countBookingsUsing(trx, 'stage_id', [current.id]);
    if (using > 0) {
      return refuse({
        status: 409,
        code: 'stage_in_use',
        detail: `${bookingsAre(using)} at ${current.name}; move ${using === 1 ? 'it' : 'them'} to another stage first.`,
      });
    }
    if ((await countStages(trx, current.pipeline_id)) <= 1) {
      return refuse({
        status: 409,
        code: 'last_stage',
        detail: `${current.name} is the last stage of its pipeline: a pipeline keeps at least one stage.`,
      });
    }
  },
});

export interface StageMove {
  id: string;
  ifMatch: string | undefined;
  direction: 'up' | 'down';
}

/**
 * Moves a stage one place up or down its pipeline: the stages are numbered 1, 2, … in their
 * order, with the two trading places; each stage whose position changes is told of.
 */
export const moveStage: Command<StageMove, StageTable | Refusal> = {
  action: STAGE_ACTIONS.move,
  async run({ trx, actor, now }, { id, ifMatch, direction }) {
    const current = await recordToChange(trx, stageDefinition, actor.organizationId, id, ifMatch);
    if (isRefusal(current)) return current;
    const stages = await trx
      .selectFrom('stages')
      .selectAll()
      .where('pipeline_id', '=', current.pipeline_id)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const order = stages.map((s) => s.id);
    const from = order.indexOf(current.id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (to < 0 || to >= order.length) return current;
    [order[from], order[to]] = [order[to]!, order[from]!];
    const moved = stages.filter((s) => positionOf(s) !== order.indexOf(s.id) + 1);
    await changeEach(trx, stageDefinition, moved, (s) => ({ position: order.indexOf(s.id) + 1 }), now);
    return { ...current, position: to + 1 };
  },
};
