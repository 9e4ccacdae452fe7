/**
 * Automations (SPEC §18): a trigger, conditions on the booking, steps in order and what ends a
 * run; organization admins write them, every member reads them and their runs.
 */
import type { ListOptions, FilterValue } from './list-options.js';
import type { Booking, BookingStatus, Versioned } from './types.js';

export type AutomationTriggerType =
  | 'inquiry.received'
  | 'booking.created'
  | 'booking.status_changed'
  | 'booking.stage_entered'
  | 'document.sent'
  | 'document.signed'
  | 'payment.received'
  | 'installment.due'
  | 'installment.overdue'
  | 'event.upcoming'
  | 'event.finished';

export interface AutomationTrigger {
  type: AutomationTriggerType;
  /** document.sent / document.signed: proposal, beo or invoice. */
  kind?: 'proposal' | 'beo' | 'invoice';
  /** Date triggers: days before (installment.due, event.upcoming) or after (installment.overdue, event.finished). */
  days?: number;
  /** booking.status_changed: the status it changes to. */
  status?: BookingStatus;
  /** booking.stage_entered. */
  stage_id?: string;
  /** booking.created: only from these sources (any when absent). */
  sources?: string[];
}

export interface AutomationCondition {
  /** status, event_type, source, guest_count, stage or custom_fields.<key>. */
  field: string;
  op: 'eq' | 'not_eq' | 'in' | 'gteq' | 'lteq';
  value: unknown;
}

export type AutomationStep =
  | { type: 'wait'; days?: number; hours?: number; at?: string; in_sending_window?: boolean }
  | {
      type: 'send_email';
      template_id: string;
      to: 'client' | 'owner' | 'admins' | { member_id: string };
      requires_approval?: boolean;
    }
  | { type: 'create_task'; title: string; days: number; assignee: 'owner' | { member_id: string } }
  | { type: 'move_stage'; stage_id: string }
  | { type: 'add_note'; body: string };

export type AutomationExit =
  { type: 'document.signed' } | { type: 'message.received' } | { type: 'status'; value: BookingStatus[] };

/** The shipped automations, each made by its key alone. */
export type ShippedAutomationKey =
  | 'acknowledge_inquiry'
  | 'confirm_signed_proposal'
  | 'payment_receipt'
  | 'proposal_follow_up'
  | 'deposit_reminder'
  | 'overdue_reminder'
  | 'final_numbers_task'
  | 'thank_you';

export interface Automation extends Versioned {
  id: string;
  name: string;
  key: ShippedAutomationKey | null;
  enabled: boolean;
  trigger: AutomationTrigger;
  conditions: AutomationCondition[];
  steps: AutomationStep[];
  exit_on: AutomationExit[];
  allow_reenrollment: boolean;
  created_at: string;
  updated_at: string;
}

/** A new automation: the venue's own, or a shipped one by its `key` alone. */
export interface NewAutomation {
  name?: string;
  key?: ShippedAutomationKey;
  enabled?: boolean;
  trigger?: AutomationTrigger;
  conditions?: AutomationCondition[];
  steps?: AutomationStep[];
  exit_on?: AutomationExit[];
  allow_reenrollment?: boolean;
}

export type AutomationChanges = Omit<NewAutomation, 'key'>;

export interface AutomationListOptions extends ListOptions<'name' | 'created_at' | 'updated_at', never> {
  enabled?: FilterValue<boolean>;
}

export interface AutomationRunLogLine {
  at: string;
  step_index: number;
  type: string;
  result: string;
  message_id?: string;
  task_id?: string;
}

/** A booking's way through an automation (read only). */
export interface AutomationRun {
  id: string;
  state: 'waiting' | 'awaiting_approval' | 'done' | 'exited' | 'failed';
  step_index: number;
  next_at: string | null;
  log: AutomationRunLogLine[];
  draft: { to: string[]; subject: string; text: string } | null;
  automation_id: string;
  booking_id: string;
  /** With `include: ['automation']`. */
  automation?: Automation;
  /** With `include: ['booking']`. */
  booking?: Booking;
  created_at: string;
  updated_at: string;
}

export interface AutomationRunListOptions extends ListOptions<
  'created_at' | 'updated_at',
  'automation' | 'booking'
> {
  automation_id?: FilterValue<string>;
  booking_id?: FilterValue<string>;
  state?: FilterValue<AutomationRun['state']>;
}
