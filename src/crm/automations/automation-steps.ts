/**
 * An automation's steps and exits (SPEC §18), read from JSON with every problem at its pointer:
 * `wait` (days and hours to 365 days, a time of day, the sending window), `send_email` (a
 * template, to the client, the booking's owner, the admins or a member, perhaps awaiting
 * approval), `create_task` (a title, due days after, the owner or a member), `move_stage`,
 * `add_note`; a run exits when the booking's status becomes one named, a document is signed or
 * the client writes.
 */
import { BOOKING_STATUSES } from '../bookings/index.js';
import type { Problems } from '../validation.js';
import { type ExitRule, MAX_STEPS, type Recipient, type Step } from './automation-shapes.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64;
const wholeUpTo = (v: unknown, max: number): v is number =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) <= max;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function oneLine(v: unknown, max: number): v is string {
  return typeof v === 'string' && v.trim() !== '' && v.length <= max && !/[\r\n\0]/.test(v);
}

function member(v: unknown): { member_id: string } | undefined {
  return isObject(v) && isId(v.member_id) ? { member_id: v.member_id } : undefined;
}

function readStep(raw: unknown, where: string, problems: Problems): Step | undefined {
  const at = (m: string, detail: string) => problems.attribute(`${where}/${m}`, detail);
  if (!isObject(raw)) return void problems.attribute(`${where}/type`, 'A step is an object with a type.');
  const before = problems.list.length;
  switch (raw.type) {
    case 'wait': {
      if (raw.days !== undefined && !wholeUpTo(raw.days, 365)) at('days', 'Wait 0 to 365 days.');
      if (raw.hours !== undefined && !wholeUpTo(raw.hours, 8760)) at('hours', 'Wait 0 to 8,760 hours.');
      if (raw.at !== undefined && !(typeof raw.at === 'string' && TIME.test(raw.at)))
        at('at', 'A time of day is HH:MM, e.g. 09:00.');
      if (raw.in_sending_window !== undefined && typeof raw.in_sending_window !== 'boolean')
        at('in_sending_window', 'true or false.');
      if (raw.days === undefined && raw.hours === undefined && raw.at === undefined && !raw.in_sending_window)
        at('days', 'Say how long to wait: days, hours, a time of day or the sending window.');
      if (problems.list.length > before) return undefined;
      return {
        type: 'wait',
        ...(raw.days !== undefined ? { days: raw.days as number } : {}),
        ...(raw.hours !== undefined ? { hours: raw.hours as number } : {}),
        ...(raw.at !== undefined ? { at: raw.at as string } : {}),
        ...(raw.in_sending_window !== undefined
          ? { in_sending_window: raw.in_sending_window as boolean }
          : {}),
      };
    }
    case 'send_email': {
      if (!isId(raw.template_id)) at('template_id', 'Name the e-mail template (its id) to send.');
      const to: Recipient | undefined =
        raw.to === 'client' || raw.to === 'owner' || raw.to === 'admins' ? raw.to : member(raw.to);
      if (!to) at('to', 'Send to "client", "owner", "admins" or {"member_id": …}.');
      if (raw.requires_approval !== undefined && typeof raw.requires_approval !== 'boolean')
        at('requires_approval', 'true or false.');
      if (problems.list.length > before) return undefined;
      return {
        type: 'send_email',
        template_id: raw.template_id as string,
        to: to!,
        requires_approval: raw.requires_approval === true,
      };
    }
    case 'create_task': {
      if (!oneLine(raw.title, 200)) at('title', 'A task has a title of one line, at most 200 characters.');
      if (!wholeUpTo(raw.days, 365)) at('days', 'The task is due 0 to 365 days after the step.');
      const assignee = raw.assignee === 'owner' ? 'owner' : member(raw.assignee);
      if (!assignee) at('assignee', 'Give the task to "owner" or {"member_id": …}.');
      if (problems.list.length > before) return undefined;
      return {
        type: 'create_task',
        title: (raw.title as string).trim(),
        days: raw.days as number,
        assignee: assignee!,
      };
    }
    case 'move_stage':
      if (!isId(raw.stage_id)) return void at('stage_id', 'Name the stage (its id) to move the booking to.');
      return { type: 'move_stage', stage_id: raw.stage_id };
    case 'add_note':
      if (!(typeof raw.body === 'string' && raw.body.trim() !== '' && raw.body.length <= 10_000))
        return void at('body', 'A note has a body of 1 to 10,000 characters.');
      return { type: 'add_note', body: raw.body };
    default:
      return void at('type', 'A step is wait, send_email, create_task, move_stage or add_note.');
  }
}

export function readSteps(raw: unknown, problems: Problems): Step[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_STEPS) {
    problems.attribute('steps', `An automation has 1 to ${MAX_STEPS} steps, in order.`);
    return [];
  }
  const steps = raw.map((step: unknown, i) => readStep(step, `steps/${i}`, problems));
  if (!steps.some((s) => s !== undefined && s.type !== 'wait') && problems.list.length === 0)
    problems.attribute('steps', 'An automation does something besides waiting.');
  return steps.filter((s): s is Step => s !== undefined);
}

export function readExits(raw: unknown, problems: Problems): ExitRule[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.length > 10) {
    problems.attribute('exit_on', 'exit_on is a list of at most 10 rules.');
    return [];
  }
  return raw.flatMap((rule: unknown, i): ExitRule[] => {
    const where = `exit_on/${i}`;
    if (isObject(rule) && (rule.type === 'document.signed' || rule.type === 'message.received'))
      return [{ type: rule.type }];
    if (isObject(rule) && rule.type === 'status') {
      const values = Array.isArray(rule.value) ? rule.value : [];
      if (values.length === 0 || values.some((v) => !(BOOKING_STATUSES as readonly unknown[]).includes(v))) {
        problems.attribute(`${where}/value`, `Name statuses among ${BOOKING_STATUSES.join(', ')}.`);
        return [];
      }
      return [{ type: 'status', value: [...new Set(values as string[])] }];
    }
    problems.attribute(`${where}/type`, 'An exit is document.signed, message.received or status.');
    return [];
  });
}
