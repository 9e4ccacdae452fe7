/**
 * A refusal is a value (docs/decisions/0006-the-write-seam.md): what a command answers when the
 * rules do not let the write happen. The unit of work rolls its transaction back on one; the API,
 * the command line and the assistant's tools get it as the error the API has always answered
 * (`asError()`), and a page gets it as data to render: its status, code and sentence, the problem
 * of each field, and what the refused check found (`payload`: the clash of a double booking, what
 * an import read), so nothing upstream looks it up again or tells refusals apart by class.
 */
import { ApiError, type ErrorSource, type FieldProblem, ValidationError } from '../errors.js';

export class Refusal<Payload = unknown> {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly source: ErrorSource | undefined;
  /** The problem of each field, for a form to show beside its field (empty when none is named). */
  readonly problems: readonly FieldProblem[];
  readonly payload: Payload;
  readonly #error: () => ApiError;

  private constructor(error: () => ApiError, facts: RefusalFacts<Payload>) {
    this.#error = error;
    this.status = facts.status;
    this.code = facts.code;
    this.detail = facts.detail;
    this.source = facts.source;
    this.problems = facts.problems ?? [];
    this.payload = facts.payload as Payload;
  }

  /** A refusal the command makes; as an error, a ValidationError when it names problems. */
  static of<Payload>(facts: RefusalFacts<Payload>): Refusal<Payload> {
    const error = () =>
      facts.problems && facts.problems.length > 0
        ? new ValidationError(facts.problems)
        : new ApiError(facts.status, facts.code, facts.detail, facts.source);
    return new Refusal(error, facts);
  }

  /** The refusal an error of the API states, which stays that very error for the API. */
  static from(error: ApiError): Refusal {
    const problems = error instanceof ValidationError ? error.problems : [];
    const { status, code, detail, source } = error;
    return new Refusal(() => error, { status, code, detail, source, problems, payload: error.payload() });
  }

  /** The error the API answers with (and always has, for refusals that were once thrown). */
  asError(): ApiError {
    return this.#error();
  }

  /** Field name → the first message about it, for forms. */
  fieldMessages(): Record<string, string> {
    const messages: Record<string, string> = {};
    for (const problem of this.problems) {
      if (problem.field && !(problem.field in messages)) messages[problem.field] = problem.detail;
    }
    return messages;
  }
}

export interface RefusalFacts<Payload> {
  status: number;
  code: string;
  detail: string;
  source?: ErrorSource | undefined;
  problems?: readonly FieldProblem[] | undefined;
  payload?: Payload;
}

/** Refuses the write: what a command returns instead of its result. */
export function refuse<Payload = undefined>(facts: RefusalFacts<Payload>): Refusal<Payload> {
  return Refusal.of(facts);
}

/** The payload of a refusal with this status and code (the API's), else undefined. */
export function payloadOf<Payload>(
  refusal: { readonly status: number; readonly code: string; readonly payload: unknown },
  status: number,
  code: string,
): Payload | undefined {
  return refusal.status === status && refusal.code === code ? (refusal.payload as Payload) : undefined;
}

export function isRefusal(value: unknown): value is Refusal {
  return value instanceof Refusal;
}

/**
 * The refusal a thrown error states, if it is one: an error of the API with a 4xx status, as the
 * rules deep inside a command throw them. Anything else is a failure, not a refusal.
 */
export function refusalOf(error: unknown): Refusal | undefined {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? Refusal.from(error)
    : undefined;
}

/** What an attempt came to: the value, or the refusal to render. */
export type Attempt<Result> =
  { readonly ok: true; readonly value: Result } | { readonly ok: false; readonly refusal: Refusal };

/**
 * Runs `work` and tells its refusal apart from its value, converting a thrown refusal (refusalOf)
 * once, here, so no caller branches on error classes. Failures are thrown on.
 */
export async function attemptOf<Result>(work: () => Promise<Result | Refusal>): Promise<Attempt<Result>> {
  let outcome: Result | Refusal;
  try {
    outcome = await work();
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return { ok: false, refusal };
  }
  return isRefusal(outcome) ? { ok: false, refusal: outcome } : { ok: true, value: outcome };
}
