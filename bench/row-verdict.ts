/**
 * Whether a bench row measured what it says. A row's throughput counts every answer, so a row
 * whose server answered 429 or 500 (or whose requests failed) measured how fast errors come
 * back, not the scenario: such a row is a failed row, and no figure is printed for it. A load
 * may ask for some answers other than 2xx (a move onto a taken place asks for a 409 one request
 * in ten); those are counted apart, up to the share it asked for of the requests sent. A round
 * ends with up to one request a connection unanswered, and those are the last sent: the share is
 * of the answers and those.
 */

/** Answers other than 2xx a load asks for: `status` on one request in `oneIn`. */
export interface AskedAnswers {
  status: number;
  oneIn: number;
}

/** One round of a row: every request made, and those not answered 2xx by status (`error` when none came). */
export interface RoundAnswers {
  answers: number;
  statuses: Readonly<Record<string, number>>;
  /** Requests the round may have sent and cut off before their answer (its connections). */
  unanswered?: number;
}

/** How many of a round's answers may be the asked-for status. */
const askedShare = (round: RoundAnswers, asks: AskedAnswers) =>
  Math.ceil((round.answers + (round.unanswered ?? 0)) / asks.oneIn);

export type RowVerdict =
  | { failed: false; asked: number }
  | { failed: true; answers: number; unasked: Record<string, number>; total: number };

/** The non-2xx answers of a round its load did not ask for, by status. */
function unaskedIn(round: RoundAnswers, asks: AskedAnswers | undefined): Record<string, number> {
  const unasked: Record<string, number> = {};
  for (const [status, count] of Object.entries(round.statuses)) {
    const allowed = asks && String(asks.status) === status ? askedShare(round, asks) : 0;
    if (count > allowed) unasked[status] = count - allowed;
  }
  return unasked;
}

/** The verdict over every round of a row: failed when any round had an answer it did not ask for. */
export function judgeRow(rounds: readonly RoundAnswers[], asks?: AskedAnswers): RowVerdict {
  const unasked: Record<string, number> = {};
  let answers = 0;
  let asked = 0;
  for (const round of rounds) {
    answers += round.answers;
    for (const [status, count] of Object.entries(unaskedIn(round, asks))) {
      unasked[status] = (unasked[status] ?? 0) + count;
    }
    if (asks) asked += Math.min(round.statuses[asks.status] ?? 0, askedShare(round, asks));
  }
  const total = Object.values(unasked).reduce((sum, n) => sum + n, 0);
  return total === 0 ? { failed: false, asked } : { failed: true, answers, unasked, total };
}

/** "37,688 of 38,170 answers not asked for (429: 37,688)": a failed row in words. */
export function failureWords(verdict: Extract<RowVerdict, { failed: true }>): string {
  const statuses = Object.entries(verdict.unasked)
    .sort((a, b) => b[1] - a[1])
    .map(([status, count]) => `${status}: ${count.toLocaleString('en')}`)
    .join(', ');
  return `${verdict.total.toLocaleString('en')} of ${verdict.answers.toLocaleString('en')} answers not asked for (${statuses})`;
}

/** A row's figure and the goal SPEC sets for it: `measured` must come out under `under`. */
export interface Goal {
  row: string;
  measured: number;
  under: number;
  /** How the figure is written: `ms`, or `×` for a ratio. */
  unit: string;
}

/**
 * The goals a run missed, in words ("…: 127 ms, goal under 100 ms"): a figure at or over its
 * goal, or one that was not measured (NaN), fails the row as unasked answers do.
 */
export function missedGoals(goals: readonly Goal[]): string[] {
  return goals.flatMap((goal) =>
    goal.measured < goal.under
      ? []
      : [
          `${goal.row}: ${Number.isNaN(goal.measured) ? 'not measured' : `${goal.measured} ${goal.unit}`}, goal under ${goal.under} ${goal.unit}`,
        ],
  );
}
