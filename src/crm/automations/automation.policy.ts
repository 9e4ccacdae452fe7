/**
 * An organization's automations (SPEC §18): its admins write them; any member sends or skips a
 * drafted mail. The engine enrolls bookings and runs steps as the automations' own actor
 * (src/identity/actor.ts `automationActor`), and a step does what a member could: give a task,
 * write a note, move the booking to a stage.
 */
import { defineActions } from '../../policy/action.js';
import { BOOKING_ACTIONS } from '../bookings/index.js';
import { NOTE_ACTIONS } from '../notes/index.js';
import { TASK_ACTIONS } from '../tasks/index.js';

export const AUTOMATION_ACTIONS = defineActions(
  'automations',
  { create: {}, update: {}, delete: {} },
  'Only organization admins may change its automations.',
);

export const AUTOMATION_RUN_ACTIONS = defineActions('automation_runs', {
  approve: {},
  skip: {},
  enroll: { refused: 'Only the automations themselves start their runs.', code: 'automations_only' },
  advance: {
    refused: 'Only the automations themselves run their steps.',
    code: 'automations_only',
    entails: [TASK_ACTIONS.create, NOTE_ACTIONS.create, BOOKING_ACTIONS.update],
  },
});
