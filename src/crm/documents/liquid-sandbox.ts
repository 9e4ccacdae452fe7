/**
 * Where a venue's templates are rendered (SPEC §13, §17): LiquidJS, on a rendering thread
 * (pdf/pdf-worker.ts), never on the server's own: a document's header, footer and terms, and an
 * e-mail's subject and body, each a set of parts rendered together. A template sees one plain
 * object of words (merge-data.ts) and nothing else: no database handle, no class instance, no prototype
 * (`ownPropertyOnly`), no file (include, render and layout are refused when it is read, and no file
 * system is given to look one up). A variable or filter that does not exist is an error rather
 * than a blank in a client's contract.
 *
 * Every render of a part has its own copy of the data and its own globals: a tag that writes
 * (increment and decrement write into the data itself; assign, capture and cycle into the render)
 * or a filter over a list changes nothing another part, document or venue reads.
 *
 * What a render may take is bounded, per part and per document (the header, footer and terms
 * together), by counting rather than by the clock, so the same template is refused the same way
 * on any machine: steps (each list of tags or text rendered, and each of its members, so a turn
 * of a loop is at least one, and each filter applied) and characters of text made. LiquidJS's
 * own bounds stay behind them: what a render may allocate (a range counts its length, a filter
 * the text or list it works on) and the time it may take.
 */
import { Filter, Liquid, type Template } from 'liquidjs';
import { TEMPLATE_PARTS, type TemplatePart } from './default-templates.js';
import type { PartProblem } from './template-words.js';
import { TEMPLATE_MAX_LENGTH, partWords, reasonOf } from './template-words.js';

/**
 * A set of templates rendered together, within one set of bounds: its parts in the order they
 * render, and how a sentence names them together ("a document’s parts together").
 */
export interface TemplateSet<Part extends string = TemplatePart> {
  readonly parts: readonly Part[];
  readonly together: string;
}

/** A document's templates (SPEC §13). */
export const DOCUMENT_TEMPLATE_SET: TemplateSet = {
  parts: TEMPLATE_PARTS,
  together: 'a document’s parts together',
};

/**
 * Steps a part may take, and a document's parts together: far more than a template that lists a
 * booking's hundreds of lines takes, and a few hundred milliseconds of CPU at most.
 */
export const PART_STEPS = 20_000;
export const DOCUMENT_STEPS = 40_000;
/** Characters of text a part may make, and a document's parts together. */
export const PART_CHARACTERS = 100_000;
export const DOCUMENT_CHARACTERS = 150_000;
/** What no template within the bounds above comes near: milliseconds per part and per document. */
const PART_MS = 1000;
const DOCUMENT_MS = 2000;

const engine = new Liquid({
  ownPropertyOnly: true,
  strictFilters: true,
  strictVariables: true,
  // No file system: templates are strings, looked up nowhere.
  templates: {},
  parseLimit: TEMPLATE_MAX_LENGTH,
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

/** A bound on steps was passed: `whole` when it was the document's. */
class TooManySteps extends Error {
  constructor(readonly whole: boolean) {
    super('step limit exceeded');
  }
}

/** The steps of the render under way (a thread renders one part at a time, synchronously). */
let steps = { part: 0, document: 0 };
function take(count: number) {
  steps.part += count;
  steps.document += count;
  if (steps.part > PART_STEPS) throw new TooManySteps(false);
  if (steps.document > DOCUMENT_STEPS) throw new TooManySteps(true);
}
type Rendering = (this: unknown, ...args: unknown[]) => Generator<unknown, unknown, unknown>;
const renderer = engine.renderer as unknown as { renderTemplates: Rendering };
const renderTemplates = renderer.renderTemplates;
// Every list of tags and text is rendered here: the document's, each branch's, each turn of a loop.
renderer.renderTemplates = function* counted(this: unknown, ...args: unknown[]) {
  take(1 + (args[0] as readonly unknown[]).length);
  return yield* renderTemplates.apply(this, args);
};
// And every filter applied, wherever it is (an output, a tag's value, a loop's list).
const filters = Filter.prototype as unknown as { render: Rendering };
const applyFilter = filters.render;
filters.render = function* counted(this: unknown, ...args: unknown[]) {
  take(1);
  return yield* applyFilter.apply(this, args);
};

interface LiquidFailure {
  message?: string;
  token?: { getPosition?: () => [number, number] };
  originalError?: unknown;
}

function problemOf<Part extends string>(
  set: TemplateSet<Part>,
  part: Part,
  error: unknown,
): PartProblem<Part> {
  const failure = error as LiquidFailure;
  const [line] = failure.token?.getPosition?.() ?? [1];
  const cause = failure.originalError ?? error;
  const words = partWords(part, set.parts);
  if (cause instanceof TooManySteps) {
    return {
      part,
      line,
      reason: cause.whole
        ? `with the ${words.before}, ${words.the} ${words.takes} too long to render: ${set.together} may take ${DOCUMENT_STEPS.toLocaleString('en')} steps`
        : `${words.the} ${words.takes} too long to render: a part may take ${PART_STEPS.toLocaleString('en')} steps (each tag, text, filter and turn of a loop is one)`,
    };
  }
  const message =
    (failure as { originalError?: { message?: string } }).originalError?.message ?? failure.message;
  return { part, line, reason: reasonOf(part, set.parts, message ?? 'it cannot be read') };
}

function parsed<Part extends string>(
  set: TemplateSet<Part>,
  part: Part,
  text: string,
): Template[] | PartProblem<Part> {
  if (text.length > TEMPLATE_MAX_LENGTH) {
    return {
      part,
      line: 1,
      reason: `it is longer than ${TEMPLATE_MAX_LENGTH.toLocaleString('en')} characters`,
    };
  }
  try {
    return engine.parse(text);
  } catch (error) {
    return problemOf(set, part, error);
  }
}

export interface LiquidOutcome<Part extends string = TemplatePart> {
  /** Each part's text, when every part rendered. */
  rendered: Record<Part, string> | null;
  problems: PartProblem<Part>[];
}

/**
 * The templates of `set` rendered with `data` (one plain object: merge-data.ts), part by part,
 * each from its own copy; or why they cannot be.
 */
export function renderParts<Part extends string = TemplatePart>(
  texts: Readonly<Record<Part, string>>,
  data: object,
  set: TemplateSet<Part>,
): LiquidOutcome<Part> {
  const rendered: Partial<Record<Part, string>> = {};
  const problems: PartProblem<Part>[] = [];
  steps = { part: 0, document: 0 };
  let characters = 0;
  const started = performance.now();
  for (const part of set.parts) {
    const template = parsed(set, part, texts[part]);
    if (!Array.isArray(template)) {
      problems.push(template);
      continue;
    }
    steps.part = 0;
    const renderLimit = Math.max(1, Math.min(PART_MS, DOCUMENT_MS - (performance.now() - started)));
    let text: string;
    try {
      text = engine.renderSync(template, structuredClone(data), { globals: {}, renderLimit }) as string;
    } catch (error) {
      problems.push(problemOf(set, part, error));
      // A part refused on its own leaves the others their share of the document's steps.
      steps.document -= steps.part;
      continue;
    }
    characters += text.length;
    const words = partWords(part, set.parts);
    if (text.length > PART_CHARACTERS) {
      problems.push({
        part,
        line: 1,
        reason: `${words.the} ${words.make} more than ${PART_CHARACTERS.toLocaleString('en')} characters of text`,
      });
    } else if (characters > DOCUMENT_CHARACTERS) {
      problems.push({
        part,
        line: 1,
        reason: `with the ${words.before}, ${words.the} ${words.make} more than ${DOCUMENT_CHARACTERS.toLocaleString('en')} characters of text`,
      });
    }
    rendered[part] = text;
  }
  return { rendered: problems.length === 0 ? (rendered as Record<Part, string>) : null, problems };
}
