/**
 * What is said of a template that cannot be rendered (SPEC §13, §17): its part, its line and why,
 * in words a venue's admin can act on, never LiquidJS's own.
 */
import type { TemplatePart } from './default-templates.js';

/** The longest template a venue may save (characters). */
export const TEMPLATE_MAX_LENGTH = 20_000;

/** Where a part of a template is wrong, and why (a document's header, an e-mail's subject). */
export interface PartProblem<Part extends string = TemplatePart> {
  part: Part;
  line: number;
  reason: string;
}

/** The parts a sentence names in the plural ("the terms take"). */
const PLURAL_PARTS: ReadonlySet<string> = new Set(['terms']);

/**
 * How a sentence names a part of a set rendered in the order of `parts`: "the terms take", "the
 * header takes", and the parts before it ("header and footer").
 */
export function partWords(part: string, parts: readonly string[]) {
  const plural = PLURAL_PARTS.has(part);
  return {
    the: `the ${part}`,
    takes: plural ? 'take' : 'takes',
    make: plural ? 'make' : 'makes',
    before: parts.slice(0, Math.max(0, parts.indexOf(part))).join(' and '),
  };
}

/** LiquidJS's message as a sentence that names the part where it matters. */
export function reasonOf(part: string, parts: readonly string[], liquidMessage: string): string {
  const message = liquidMessage.replace(/, line:\d+, col:\d+$/, '');
  const words = partWords(part, parts);
  const variable = /^undefined variable: (.+)$/.exec(message);
  if (variable) return `{{ ${variable[1]} }} is not a merge field (the fields are listed beside the form)`;
  const filter = /^undefined filter: (.+)$/.exec(message);
  if (filter) return `"${filter[1]}" is not a Liquid filter`;
  if (/memory alloc limit exceeded/.test(message)) return 'it would make far more text than a document holds';
  if (/template render limit exceeded/.test(message)) return `${words.the} ${words.takes} too long to render`;
  if (/parse length limit exceeded/.test(message))
    return `it is longer than ${TEMPLATE_MAX_LENGTH.toLocaleString('en')} characters`;
  return message;
}
