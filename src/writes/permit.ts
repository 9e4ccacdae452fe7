/**
 * The policy, judged for every command the unit of work runs, nested ones included
 * (docs/decisions/0016-grants-and-policy.md): a command runs when the actor's grants name its
 * action (on the record it names, where a grant is limited to one), or when the command it runs
 * inside entails it (a lead's account and contact, a signature's confirmed booking). Anything else
 * is refused before a row is read or locked, in the words of the door the actor came through.
 */
import type { Actor } from '../policy/actor.js';
import type { Action } from '../policy/action.js';
import { grantsAllow } from '../policy/grants.js';
import { ROLES } from '../policy/roles.js';
import { refuse, type Refusal } from './refusal.js';

/** Why `actor` may not take `action` (on `subject`, inside `within`), or undefined when they may. */
export function policyRefusal(
  actor: Actor,
  action: Action | undefined,
  subject: string | undefined,
  within: Action | undefined,
): Refusal | undefined {
  // A command that names no action is allowed to nobody (deny by default).
  if (!action) return refuse({ status: 403, code: 'not_allowed', detail: 'This change names no action.' });
  if (within?.entails.includes(action.name)) return undefined;
  if (grantsAllow(actor.grants, action.name, subject)) return undefined;
  return refuse(refusedFacts(actor, action));
}

function refusedFacts(actor: Actor, action: Action) {
  switch (actor.door) {
    case 'portal':
      return { status: 403, code: 'client_only', detail: 'A client’s link may only accept its proposal.' };
    case 'inquiry_form':
      return { status: 403, code: 'form_only', detail: 'The inquiry form may only send an inquiry.' };
    case 'system':
    case 'import':
    case 'cli':
      // No role is in question at these doors: an admin's action is simply not theirs.
      return {
        status: 403,
        code: action.code === 'admin_only' ? 'not_allowed' : action.code,
        detail: action.refused,
      };
    default:
      // The role would allow it: what the credential was granted (its scopes) does not.
      return grantsAllow(ROLES[actor.role].grants, action.name, undefined)
        ? { status: 403, code: 'insufficient_scope', detail: 'This call needs the crm_manage scope.' }
        : { status: 403, code: action.code, detail: action.refused };
  }
}
