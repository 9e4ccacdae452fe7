/**
 * The rules venue data shares (SPEC §7), and a collector that reports every bad field at once:
 * one problem per field, each pointing at its place in the JSON:API document, so an API client
 * gets one error object per field and a form shows each message beside its field.
 */
import { type FieldProblem, ValidationError } from '../errors.js';
import { BIDI_CONTROL, CONTROL, LINE_BREAK } from '../text-rules.js';
import { missingDayWords } from '../wall-clock.js';
import { Refusal } from '../writes/refusal.js';

/** One line of text, a name (one line, read the way it is stored), or text over several lines. */
export type TextKind = 'line' | 'name' | 'lines';

export class Problems {
  readonly #list: FieldProblem[] = [];

  /** A bad attribute, at `/data/attributes/FIELD`. */
  attribute(field: string, detail: string, code = 'invalid_value'): void {
    if (this.#list.some((p) => p.field === field)) return;
    this.#list.push({ field, detail, code, source: { pointer: `/data/attributes/${field}` } });
  }

  /** A bad relationship, at `/data/relationships/FIELD/data`. */
  relationship(field: string, detail: string, code = 'invalid_relationship'): void {
    if (this.#list.some((p) => p.field === field)) return;
    this.#list.push({ field, detail, code, source: { pointer: `/data/relationships/${field}/data` } });
  }

  /** A problem with its own place in the request. */
  add(problem: FieldProblem): void {
    if (this.#list.some((p) => p.field === problem.field)) return;
    this.#list.push(problem);
  }

  /**
   * Text that may be stored: no control characters (tab aside), no line breaks unless it may run
   * over several lines, and in a name no bidirectional controls, which make a name read otherwise
   * than it is stored (a "Trojan Source" spoof of a name in a list).
   */
  text(field: string, value: string | null | undefined, kind: TextKind = 'line'): void {
    if (!value) return;
    if (CONTROL.test(value)) {
      this.attribute(field, 'Text here may not contain control characters.', 'control_character');
    } else if (kind !== 'lines' && LINE_BREAK.test(value)) {
      this.attribute(field, 'This is one line of text: it may not contain line breaks.', 'control_character');
    } else if (kind === 'name' && BIDI_CONTROL.test(value)) {
      this.attribute(
        field,
        'A name may not contain characters that change the direction of text.',
        'control_character',
      );
    }
  }

  has(field: string): boolean {
    return this.#list.some((p) => p.field === field);
  }

  /** Every problem found, in the order found. */
  get list(): readonly FieldProblem[] {
    return this.#list;
  }

  /** The refusal naming every problem (422), when there is any. */
  refusal(): Refusal | undefined {
    return refusalOfProblems({ problems: this.#list });
  }
}

/** What a rule makes of an input: the record's values, and every problem with them. */
export interface Checked<Value> {
  value: Value;
  problems: readonly FieldProblem[];
}

/**
 * The refusal of every problem the rules found (422), or undefined when there are none: a command
 * returns it instead of writing what its rules refused.
 */
export function refusalOfProblems(checked: Pick<Checked<unknown>, 'problems'>): Refusal | undefined {
  return checked.problems.length > 0 ? Refusal.from(new ValidationError(checked.problems)) : undefined;
}

/** Trimmed text, or null when empty: optional text fields store nothing rather than ''. */
export function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

const IANA_ZONE = /^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+)$/;

/** Zones found known, remembered: asking the runtime builds a formatter (tens of µs). Bounded by the zone list. */
const knownZones = new Set<string>();

/** An IANA time zone name the runtime knows (`UTC`, `Europe/Berlin`, `America/New_York`). */
export function isTimeZone(value: string): boolean {
  if (knownZones.has(value)) return true;
  if (!IANA_ZONE.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
  } catch {
    return false;
  }
  knownZones.add(value);
  return true;
}

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 4217 currency code, upper-case. */
export function isCurrency(value: string): boolean {
  return CURRENCIES.has(value);
}

const REGIONS = new Intl.DisplayNames(['en'], { type: 'region' });

/** An ISO 3166-1 alpha-2 country code, upper-case. */
export function isCountry(value: string): boolean {
  if (!/^[A-Z]{2}$/.test(value)) return false;
  const name = REGIONS.of(value);
  return name !== undefined && name !== value && name !== 'Unknown Region';
}

/** An RFC 3339 date-time (validated by the schema) as the stored ISO-8601 UTC string. */
export function utc(dateTime: string): string {
  return new Date(dateTime).toISOString();
}

/** An RFC 3339 date-time as the stored ISO-8601 UTC string; undefined when it names no instant. */
export function instant(value: string): string | undefined {
  // Date.parse reads a day that does not exist (2027-02-31) as one of the next month.
  if (missingDayWords(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/**
 * A time of a record as given, judged (a date and time that exists; e.g. not a leap second,
 * 23:59:60, which RFC 3339 allows and no stored instant can be), or as it was when not given.
 */
export function givenOrCurrentInstant(
  problems: Problems,
  field: string,
  given: string | undefined,
  current: string | undefined,
): string | undefined {
  if (given === undefined) return current;
  const value = instant(given);
  if (value === undefined) problems.attribute(field, `"${given}" is not a date and time that exists.`);
  return value;
}

/** The problems at the names the client used (one per field), where it used other names. */
export function atNamesUsed(list: readonly FieldProblem[], renamed: Readonly<Record<string, string>>) {
  const told = new Set<string>();
  return list.flatMap((problem) => {
    const name = problem.field !== undefined ? renamed[problem.field] : undefined;
    const moved =
      name !== undefined && problem.source?.pointer === `/data/attributes/${problem.field}`
        ? { ...problem, field: name, source: { pointer: `/data/attributes/${name}` } }
        : problem;
    if (moved.field !== undefined && told.has(moved.field)) return [];
    if (moved.field !== undefined) told.add(moved.field);
    return [moved];
  });
}
