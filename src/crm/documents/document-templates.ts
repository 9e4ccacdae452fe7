/**
 * An organization's document templates (SPEC §13): Liquid, rendered by LiquidJS in a sandbox.
 * A template sees one plain object of words (merge-data.ts) and nothing else: no database handle,
 * no class instance, no prototype (`ownPropertyOnly`), no file (include, render and layout are
 * refused when a template is read, and no file system is given to look one up). A variable or
 * filter that does not exist is an error (`strictVariables`, `strictFilters`) rather than a blank
 * in a client's contract, and the size of a template, the time it may take and the text it may
 * make are bounded, so a loop cannot hold the server.
 *
 * A template is judged when it is saved: read, then rendered against sample data of the same
 * shape as every document's, so one that saves renders for every booking. A refusal names its
 * line and says why in words.
 */
import { Liquid, type Template } from 'liquidjs';
import type { Paragraph } from './document-model.js';
import type { MergeData } from './merge-data.js';

/** The longest template a venue may save (characters). */
export const TEMPLATE_MAX_LENGTH = 20_000;

const engine = new Liquid({
  ownPropertyOnly: true,
  strictFilters: true,
  strictVariables: true,
  // No file system: templates are strings, looked up nowhere.
  templates: {},
  parseLimit: TEMPLATE_MAX_LENGTH,
  // Milliseconds a render may take, and the objects it may make.
  renderLimit: 200,
  memoryLimit: 1_000_000,
});
for (const tag of ['include', 'render', 'layout']) {
  engine.registerTag(tag, {
    parse() {
      throw new Error(`{% ${tag} %} is not allowed: a template cannot bring in another one`);
    },
    render: () => '',
  });
}

/** Where a template is wrong, and why, in words. */
export interface TemplateProblem {
  line: number;
  reason: string;
}

interface LiquidFailure {
  name?: string;
  message?: string;
  token?: { getPosition?: () => [number, number] };
  originalError?: { message?: string };
}

/** LiquidJS's message as a sentence a venue's admin can act on. */
function reasonOf(failure: LiquidFailure): string {
  const message = (failure.originalError?.message ?? failure.message ?? 'it cannot be read').replace(
    /, line:\d+, col:\d+$/,
    '',
  );
  const variable = /^undefined variable: (.+)$/.exec(message);
  if (variable) return `{{ ${variable[1]} }} is not a merge field (the fields are listed beside the form)`;
  const filter = /^undefined filter: (.+)$/.exec(message);
  if (filter) return `"${filter[1]}" is not a Liquid filter`;
  if (/memory alloc limit exceeded/.test(message)) return 'it would make far more text than a document holds';
  if (/template render limit exceeded/.test(message)) return 'it takes too long to render';
  if (/parse length limit exceeded/.test(message))
    return `it is longer than ${TEMPLATE_MAX_LENGTH.toLocaleString('en')} characters`;
  return message;
}

function problemOf(error: unknown): TemplateProblem {
  const failure = error as LiquidFailure;
  const [line] = failure.token?.getPosition?.() ?? [1];
  return { line, reason: reasonOf(failure) };
}

/** Reads a template; its problem when it cannot be read. */
function parsed(text: string): { template: Template[] } | { problem: TemplateProblem } {
  try {
    return { template: engine.parse(text) };
  } catch (error) {
    return { problem: problemOf(error) };
  }
}

/** Why `text` cannot be a template, rendered against `sample`, or undefined when it can. */
export async function templateProblem(text: string, sample: MergeData): Promise<TemplateProblem | undefined> {
  if (text.length > TEMPLATE_MAX_LENGTH) {
    return { line: 1, reason: `it is longer than ${TEMPLATE_MAX_LENGTH.toLocaleString('en')} characters` };
  }
  const read = parsed(text);
  if ('problem' in read) return read.problem;
  try {
    await engine.render(read.template, sample);
    return undefined;
  } catch (error) {
    return problemOf(error);
  }
}

/** A saved template rendered with a document's data. */
export async function renderTemplate(text: string, data: MergeData): Promise<string> {
  const read = parsed(text);
  if ('problem' in read) throw new TemplateError(read.problem);
  try {
    return await engine.render(read.template, data);
  } catch (error) {
    throw new TemplateError(problemOf(error));
  }
}

/**
 * A template that rendered for the sample failed for a booking: a venue must never send half a
 * contract, so the document is not made (the message names the line).
 */
export class TemplateError extends Error {
  constructor(readonly problem: TemplateProblem) {
    super(`line ${problem.line}: ${problem.reason}`);
    this.name = 'TemplateError';
  }
}

/**
 * Rendered text as paragraphs: a blank line parts them, a line starting "## " is a heading, and
 * the line breaks inside a paragraph are kept.
 */
export function paragraphsOf(text: string): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = block.split('\n').map((line) => line.trimEnd());
    while (lines.length && lines[0]!.trim() === '') lines.shift();
    while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
    if (lines.length === 0) continue;
    const [first, ...rest] = lines;
    if (first!.startsWith('## ')) {
      paragraphs.push({ text: first!.slice(3).trim(), heading: true });
      if (rest.length) paragraphs.push({ text: rest.join('\n') });
    } else {
      paragraphs.push({ text: lines.join('\n') });
    }
  }
  return paragraphs;
}
