/**
 * The unit of work a command is given (command.ts): its transaction, actor and instant, the way it
 * runs another command inside it, judged by the policy like any other (permit.ts) — its refusal
 * returned, for the command to return in turn — and the records it touched, kept before the commit
 * (keeping.ts).
 */
import type { Trx } from '../db/database.js';
import type { Actor } from '../policy/actor.js';
import type { Action } from '../policy/action.js';
import type { Command, Made, Work } from './command.js';
import { Touched } from './keeping.js';
import { policyRefusal } from './permit.js';
import { isRefusal, type Refusal } from './refusal.js';

/** What a unit of work is made of: every command it runs shares it. */
export type WorkBase = Pick<Work, 'trx' | 'actor' | 'now' | 'afterCommit'> & { touched: Touched };

/** What a unit of work's commands are given, running inside the command of action `within`. */
export function workOf(base: WorkBase, within: Action): Work {
  const { touched, ...given } = base;
  const work: Work = {
    ...given,
    async run<Input, Result>(command: Command<Input, Result>, input: Input): Promise<Made<Result> | Refusal> {
      const refused = policyRefusal(base.actor, command.action, command.subject?.(input), within);
      if (refused) return refused;
      return (await command.run(workOf(base, command.action), input)) as Made<Result> | Refusal;
    },
    touch: (keeper, id, marks) => touched.touch(keeper, id, marks),
    keep: () => touched.keep(work),
  };
  return work;
}

/** A unit of work on a transaction its caller holds, whose commands' refusals are thrown (workIn). */
export interface SeedWork extends Work {
  run<Input, Result>(command: Command<Input, Result>, input: Input): Promise<Made<Result>>;
}

/**
 * A unit of work opened on a transaction its caller holds (the demo venue's seed, written in the
 * transaction that makes the venue): its commands are judged by the policy all the same, and what
 * each touched is kept once it has run, as a unit of work of its own keeps it. The seed is the
 * caller's own and has no one to answer: a refusal is a fault, thrown for its transaction to roll back.
 */
export function workIn(trx: Trx, actor: Actor, now: number): SeedWork {
  const work = workOf({ trx, actor, now, afterCommit: [], touched: new Touched() }, NO_ACTION);
  return {
    ...work,
    async run<Input, Result>(command: Command<Input, Result>, input: Input): Promise<Made<Result>> {
      const made = await work.run(command, input);
      const refused = isRefusal(made) ? made : await work.keep();
      if (refused) throw refused.asError();
      return made as Made<Result>;
    },
  };
}

/** The action of no command: it entails nothing. */
const NO_ACTION: Action = Object.freeze({ name: '', refused: '', code: '', entails: Object.freeze([]) });
