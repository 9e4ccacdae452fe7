/**
 * The unit of work a command is given (command.ts): its transaction, actor and instant, and the
 * way it runs another command inside it, judged by the policy like any other (permit.ts).
 */
import type { Trx } from '../db/database.js';
import type { Actor } from '../policy/actor.js';
import type { Action } from '../policy/action.js';
import type { Command, Made, Work } from './command.js';
import { policyRefusal } from './permit.js';
import { isRefusal } from './refusal.js';

/** What a unit of work's commands are given, running inside the command of action `within`. */
export function workOf(base: Omit<Work, 'run'>, within: Action): Work {
  return {
    ...base,
    async run<Input, Result>(command: Command<Input, Result>, input: Input): Promise<Made<Result>> {
      const refused = policyRefusal(base.actor, command.action, command.subject?.(input), within);
      if (refused) throw refused.asError();
      const outcome = await command.run(workOf(base, command.action), input);
      if (isRefusal(outcome)) throw outcome.asError();
      return outcome as Made<Result>;
    },
  };
}

/**
 * A unit of work opened on a transaction its caller holds (the demo venue's seed, written in the
 * transaction that makes the venue): its commands are judged by the policy all the same.
 */
export function workIn(trx: Trx, actor: Actor, now: number): Work {
  return workOf({ trx, actor, now, afterCommit: [] }, NO_ACTION);
}

/** The action of no command: it entails nothing. */
const NO_ACTION: Action = Object.freeze({ name: '', refused: '', code: '', entails: Object.freeze([]) });
