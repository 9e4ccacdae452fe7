/**
 * An automation in one line of plain words (SPEC §18), for every door that lists automations:
 * "When a proposal is sent: wait 3 days until 09:00 in the sending window, then e-mail the client
 * (Follow-up template). Stops when signed, the client writes, or lost." Pure: the templates,
 * stages and members it names are looked up by the caller, and one it cannot name is said so.
 */
import type { EmailTemplateKind } from '../email-templates/index.js';
import type { Condition, ExitRule, Recipient, Step, Trigger } from './automation-shapes.js';

/** How the summary names what an automation refers to by id (undefined: no longer there). */
export interface SummaryNames {
  template?(id: string): string | undefined;
  /** A shipped automation not yet made names its mail by kind: the organization's template of it. */
  templateOfKind?(kind: EmailTemplateKind): string | undefined;
  stage?(id: string): string | undefined;
  member?(id: string): string | undefined;
  /** A custom field of bookings by key: its label, and a value of it in words (an option's label). */
  customField?(key: string): { label: string; words(value: unknown): string } | undefined;
}

/** A step as an automation holds it, or as a shipped one describes its mail (by template kind). */
export type SummaryStep = Step | { type: 'send_email'; template_kind: EmailTemplateKind; to: Recipient };

export interface Summarized {
  trigger: Trigger;
  conditions?: readonly Condition[];
  steps: readonly SummaryStep[];
  exitOn: readonly ExitRule[];
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "a, b, or c"; "a or b"; "a". */
function either(items: readonly string[], word = 'or'): string {
  if (items.length <= 2) return items.join(` ${word} `);
  return `${items.slice(0, -1).join(', ')}, ${word} ${items[items.length - 1] ?? ''}`;
}

function triggerWords(t: Trigger, names: SummaryNames): string {
  const days = t.days ?? 0;
  const counted = (before: string, on: string) =>
    days === 0 ? `On ${on}` : `${plural(days, 'day')} ${before}`;
  switch (t.type) {
    case 'inquiry.received':
      return 'When an inquiry arrives';
    case 'booking.created':
      return t.sources?.length
        ? `When a booking is made from ${either(t.sources.map((s) => s.replace(/_/g, ' ')))}`
        : 'When a booking is made';
    case 'booking.status_changed':
      return `When a booking becomes ${t.status ?? 'another status'}`;
    case 'booking.stage_entered':
      return `When a booking enters the stage ${stageName(t.stage_id ?? '', names)}`;
    case 'document.sent':
      return `When a ${t.kind ?? 'document'} is sent`;
    case 'document.signed':
      return `When a ${t.kind ?? 'document'} is signed`;
    case 'payment.received':
      return 'When a payment is received';
    case 'installment.due':
      return counted('before an installment is due', 'the day an installment is due');
    case 'installment.overdue':
      return counted('after an unpaid installment was due', 'the day an unpaid installment is due');
    case 'event.upcoming':
      return counted('before a booking’s first event', 'the day of a booking’s first event');
    case 'event.finished':
      return counted('after a booking’s last event', 'the day of a booking’s last event');
  }
}

const FIELD_WORDS: Record<string, string> = {
  status: 'status',
  event_type: 'event type',
  source: 'source',
  guest_count: 'guest count',
  stage: 'stage',
};

function conditionWords(c: Condition, names: SummaryNames): string {
  const key = /^custom_fields\.(.+)$/.exec(c.field)?.[1];
  const custom = key === undefined ? undefined : names.customField?.(key);
  const field = FIELD_WORDS[c.field] ?? (custom ? `“${custom.label}”` : (key ?? c.field));
  const word = (v: unknown) => (custom ? custom.words(v) : String(v));
  const value = Array.isArray(c.value) ? either(c.value.map(word)) : word(c.value);
  const op = { eq: 'is', not_eq: 'is not', in: 'is', gteq: 'is at least', lteq: 'is at most' }[c.op];
  return `${field} ${op} ${value}`;
}

function stageName(id: string, names: SummaryNames): string {
  const name = names.stage?.(id);
  return name === undefined ? 'that is no longer there' : `“${name}”`;
}

function whom(to: Recipient | 'owner', names: SummaryNames): string {
  if (typeof to === 'object') return names.member?.(to.member_id) ?? 'a member no longer here';
  return { client: 'the client', owner: 'the booking’s owner', admins: 'the admins' }[to];
}

function waitWords(s: Extract<Step, { type: 'wait' }>): string {
  const span = [s.days ? plural(s.days, 'day') : '', s.hours ? plural(s.hours, 'hour') : '']
    .filter(Boolean)
    .join(' ');
  const parts = [span, s.at ? `until ${s.at}` : '', s.in_sending_window ? 'in the sending window' : ''];
  const said = parts.filter(Boolean).join(' ');
  if (said === '') return 'go on at once';
  return span === '' && !s.at ? 'wait for the sending window' : `wait ${said}`;
}

/** One step in plain words: "wait 3 days until 09:00", "e-mail the client (Follow-up template)". */
export function stepWords(s: SummaryStep, names: SummaryNames): string {
  switch (s.type) {
    case 'wait':
      return waitWords(s);
    case 'send_email': {
      const template =
        'template_kind' in s ? names.templateOfKind?.(s.template_kind) : names.template?.(s.template_id);
      const which = template === undefined ? 'a template no longer there' : `${template} template`;
      const approval = 'requires_approval' in s && s.requires_approval;
      return `${approval ? 'draft an e-mail, for a member to approve, to' : 'e-mail'} ${whom(s.to, names)} (${which})`;
    }
    case 'create_task': {
      const due = s.days === 0 ? 'due that day' : `due ${plural(s.days, 'day')} later`;
      return `add the task “${s.title}” for ${whom(s.assignee, names)}, ${due}`;
    }
    case 'move_stage':
      return `move the booking to the stage ${stageName(s.stage_id, names)}`;
    case 'add_note':
      return `add the note “${s.body.length > 60 ? `${s.body.slice(0, 59)}…` : s.body}”`;
  }
}

function exitWords(e: ExitRule): string[] {
  if (e.type === 'document.signed') return ['signed'];
  if (e.type === 'message.received') return ['the client writes'];
  return e.value;
}

/** Its trigger, each condition and each exit in words, as the line says them (a page lists them). */
export function automationParts(automation: Summarized, names: SummaryNames = {}) {
  return {
    trigger: triggerWords(automation.trigger, names),
    conditions: (automation.conditions ?? []).map((c) => conditionWords(c, names)),
    exits: automation.exitOn.map((e) =>
      e.type === 'document.signed'
        ? 'a document of the booking is signed'
        : e.type === 'message.received'
          ? 'the client writes'
          : `the booking’s status becomes ${either(e.value)}`,
    ),
  };
}

/** The automation in one line of plain words. */
export function automationSummary(automation: Summarized, names: SummaryNames = {}): string {
  const conditions = automation.conditions ?? [];
  const only =
    conditions.length > 0
      ? `, if ${either(
          conditions.map((c) => conditionWords(c, names)),
          'and',
        )}`
      : '';
  const steps = automation.steps.map((s) => stepWords(s, names));
  const doing = steps.length === 0 ? 'nothing' : steps.join(', then ');
  const exits = automation.exitOn.flatMap(exitWords);
  const stops = exits.length > 0 ? ` Stops when ${either(exits)}.` : '';
  return `${triggerWords(automation.trigger, names)}${only}: ${sentence(doing)}${stops}`;
}

/** Words ended as a sentence: with a full stop, unless a quoted sentence already ends them. */
export const sentence = (words: string): string => (/[.!?]”$/.test(words) ? words : `${words}.`);
