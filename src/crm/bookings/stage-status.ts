/**
 * A stage may stand for a status (SPEC §15), and then a booking's stage and status move together,
 * in the one write that asks for either:
 * - moving a booking into a stage that stands for a status (its `stage_id` or `stage` changed to
 *   it) is that status move, judged by §7's rules like any other (booking-status.ts; a clash is
 *   the command's to find): refused with the reason, pointing at the stage the write named, and
 *   the stage left as it was;
 * - a status move (its `status` changed, its stage not) puts the booking into its pipeline's first
 *   stage for that status, if it has one; a new booking's pipeline is the one it starts in, so a
 *   booking created or imported definite lands in "Won"; when it has none and the booking's stage
 *   stands for the status it leaves (a definite booking put back to tentative, in "Won"), the
 *   booking goes to the last stage before that one that stands for no status, so no card shows a
 *   status its booking no longer has;
 * - a write that moves the booking into a stage standing for one status and asks for another is
 *   refused: it asks two things at once;
 * - a booking imported with its history keeps the stage and the status its file gives.
 * A stage that stands for nothing leaves the status alone, and a status no stage stands for leaves
 * the stage alone.
 */
import type { StageFact, VenueFacts } from '../facts.js';
import type { Problems } from '../validation.js';
import type { BookingStatus } from './booking.table.js';

/** What of a booking write this rule reads. */
export interface StageStatusInput {
  status?: string | undefined;
  stage_id?: string | null | undefined;
  stageId?: string | null | undefined;
  history?: boolean | undefined;
}

/** The stage a write moved the booking into, when that stage is what asks for the status. */
export interface StatusByStage {
  stage: StageFact & { status: BookingStatus };
  /** Where the write named the stage: refusals of the move point there. */
  field: 'stage_id' | 'stage';
}

export interface StageStatusLink {
  /** The status the write asks for: given, or meant by the stage it moves the booking into. */
  status: string | undefined;
  byStage?: StatusByStage | undefined;
  /** The booking's stage once the status is known: where a status move lands it, else `placed`. */
  stageAfter(placed: string | null): string | null;
}

/** Where a write named the stage: by attribute, by relationship, or not at all. */
function namedStage(input: StageStatusInput): { id: string | null; field: 'stage_id' | 'stage' } | undefined {
  if (input.stage_id !== undefined) return { id: input.stage_id, field: 'stage_id' };
  if (input.stageId !== undefined) return { id: input.stageId, field: 'stage' };
  return undefined;
}

export function linkStageAndStatus(
  input: StageStatusInput,
  current: { status: BookingStatus; stage_id: string | null } | undefined,
  facts: VenueFacts,
  problems: Problems,
): StageStatusLink {
  const named = namedStage(input);
  const moved = named !== undefined && (current === undefined || named.id !== current.stage_id);
  const target = moved && named.id !== null ? facts.stage(named.id) : undefined;
  const asked = input.status !== undefined && input.status !== current?.status ? input.status : undefined;
  const history = input.history === true && current === undefined;
  const stays = (placed: string | null) => placed;
  if (history && named !== undefined) return { status: input.status, stageAfter: stays };
  if (target?.status && named) {
    if (asked !== undefined && asked !== target.status) {
      const detail = `${target.name} stands for ${target.status}, and the status given is ${asked}: give one of them.`;
      if (named.field === 'stage_id') problems.attribute('stage_id', detail, 'conflicting_values');
      else problems.relationship('stage', detail, 'conflicting_values');
      return { status: input.status, stageAfter: stays };
    }
    const stage = { ...target, status: target.status };
    return { status: target.status, byStage: { stage, field: named.field }, stageAfter: stays };
  }
  const statusMoves = current === undefined ? input.status !== undefined : asked !== undefined;
  if (moved || !statusMoves || input.status === undefined) return { status: input.status, stageAfter: stays };
  const to = input.status;
  return {
    status: input.status,
    // Its pipeline is the one of the stage it is in (or, new, starts in); in none, it stays so.
    stageAfter: (placed) => {
      const at = placed === null ? undefined : facts.stage(placed);
      if (at === undefined) return placed;
      const landing = facts.firstStageFor(at.pipelineId, to);
      if (landing) return landing.id;
      if (at.status !== null && at.status !== to) return facts.plainStageBefore(at.id)?.id ?? placed;
      return placed;
    },
  };
}
