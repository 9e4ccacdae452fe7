/**
 * Automations, the follow-ups a venue would otherwise forget (SPEC §18): the one face the doors
 * use (docs/decisions/0017-faces-codecs-and-fields.md) — the value and its codec, the fields, the
 * policy, the commands, the queries, the shipped set, and when a step falls due in the venue's
 * zone. The row types never leave this folder.
 */
export { AUTOMATION_FIELDS } from './automation.fields.js';
export { type Automation, type AutomationChanges, automationCodec } from './automation.value.js';
export { AUTOMATION_ACTIONS, AUTOMATION_RUN_ACTIONS } from './automation.policy.js';
export {
  automationProblems,
  createAutomation,
  deleteAutomation,
  updateAutomation,
} from './automation.commands.js';
export { findAutomation, listAutomations, listVersionedAutomations } from './automation.reads.js';
export { type AutomationRun, listAutomationRuns, type RunLogLine } from './automation-run.reads.js';
export {
  automationParts,
  automationSummary,
  sentence,
  stepWords,
  type SummaryNames,
  type SummaryStep,
} from './automation-summary.js';
export { customConditionOps } from './automation-conditions.js';
export {
  insertShippedAutomations,
  SHIPPED_AUTOMATIONS,
  SHIPPED_KEYS,
  type ShippedAutomation,
} from './shipped-automations.js';
export {
  type Condition,
  type ExitRule,
  type Step,
  type Trigger,
  TRIGGER_TYPES,
} from './automation-shapes.js';
export {
  DEFAULT_SENDING_WINDOW,
  dateTriggerAt,
  dueDateAfter,
  type SendingWindow,
  waitUntil,
} from './automation-schedule.js';
export { automationDefinition, automationResource } from './automation.resource.js';
export { automationRunDefinition, automationRunResource } from './automation-run.resource.js';
export { RUN_STATES, type RunState } from './automation.table.js';
export { automationJobHandlers, type AutomationJobOptions } from './automation-jobs.js';
export { dateLookRecurrence } from './automation-dates.js';
export { approveRun, type ApprovalInput, skipRun } from './automation-approval.js';
export {
  APPROVALS_PAGE,
  approvalsWaiting,
  type AwaitingApproval,
  awaitingApproval,
} from './automation-approvals.reads.js';
