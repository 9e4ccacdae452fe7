/**
 * Leads, an inquiry made a booking (SPEC §14): the one face the doors use
 * (docs/decisions/0017-faces-codecs-and-fields.md) — the policy, the command that makes one, its
 * rules' input and limits. A lead is a booking with its contact, account and notes: it has no
 * record of its own to decode.
 */
export { LEAD_ACTIONS } from './lead.policy.js';
export { createLead, leadProblems } from './lead.command.js';
export { type Lead, LEAD_LIMITS, type LeadInput } from './lead-rules.js';
