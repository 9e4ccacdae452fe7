/**
 * The steps of each kind of follow-up (follow-ups.ts), for the server that finishes what a stop
 * cut short. Each kind's folder keeps its own; naming them here, above the kinds, keeps
 * follow-ups.ts below every kind that leaves one.
 */
import { contactDeletion } from './contacts/index.js';
import type { FollowUpKinds } from './follow-ups.js';

export const FOLLOW_UP_KINDS: FollowUpKinds = { delete_contact: contactDeletion };
