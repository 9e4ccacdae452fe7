/**
 * What is said of a template that cannot be rendered (SPEC §13): its part, its line and why, in
 * words a venue's admin can act on, never LiquidJS's own.
 */
import type { TemplatePart } from './default-templates.js';

/** The longest template a venue may save (characters). */
export const TEMPLATE_MAX_LENGTH = 20_000;

/** Where a part of a template is wrong, and why. */
export interface PartProblem {
  part: TemplatePart;
  line: number;
  reason: string;
}

const BEFORE: Record<TemplatePart, string> = { header: '', footer: 'header', terms: 'header and footer' };

/** How a sentence names a part: "the terms take", "the header takes". */
export function partWords(part: TemplatePart) {
  const plural = part === 'terms';
  return {
    the: `the ${part}`,
    takes: plural ? 'take' : 'takes',
    make: plural ? 'make' : 'makes',
    before: BEFORE[part],
  };
}

/** LiquidJS's message as a sentence that names the part where it matters. */
export function reasonOf(part: TemplatePart, liquidMessage: string): string {
  const message = liquidMessage.replace(/, line:\d+, col:\d+$/, '');
  const words = partWords(part);
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
