/**
 * What a command does, as the policy names it (docs/decisions/0016-grants-and-policy.md): an
 * action is a kind's verb (`spaces.create`, `documents.sign`). Every command declares its action;
 * the unit of work lets it run only for an actor whose grants name it, or inside a command whose
 * action entails it. A command without an action does not compile; an action nobody is granted
 * runs for nobody.
 */

export interface Action {
  /** `kind.verb`, as grants name it (`spaces.create`; a grant may say `spaces.*`). */
  readonly name: string;
  /**
   * The words a staff member is refused in when their role does not grant it (403 admin_only):
   * the same at every door.
   */
  readonly refused: string;
  /** The code of that refusal: `admin_only` where admins are granted it, else the action's own. */
  readonly code: string;
  /**
   * The actions a command of this one runs inside its own unit of work (a lead makes an account,
   * a contact, a booking and a note): allowed there because this one was, and only there.
   */
  readonly entails: readonly string[];
}

interface ActionSpec {
  refused?: string;
  code?: string;
  entails?: readonly Action[];
}

/** A kind's actions by verb: `defineActions('spaces', { create: {…} })` names `spaces.create`. */
export function defineActions<Verb extends string>(
  kind: string,
  verbs: Record<Verb, ActionSpec>,
  refused = `You may not change ${kind.replace(/_/g, ' ')}.`,
): Record<Verb, Action> {
  const made = {} as Record<Verb, Action>;
  for (const verb of Object.keys(verbs) as Verb[]) {
    const spec = verbs[verb];
    made[verb] = Object.freeze({
      name: `${kind}.${verb}`,
      refused: spec.refused ?? refused,
      code: spec.code ?? 'admin_only',
      entails: Object.freeze((spec.entails ?? []).map((inner) => inner.name)),
    });
  }
  return Object.freeze(made);
}
