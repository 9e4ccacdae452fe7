/**
 * pdfmake resolves each style property of each word by walking the style stack of its text
 * (every container above it, and the named styles they give), and allocated a closure and a
 * Set for each named style it passed: a ten-page proposal asks some 150,000 times, and that
 * garbage was a good part of a render's collection time. The same walk without allocations:
 * the first value given, from the top of the stack down, then the default style; a named
 * style's `extends` followed as pdfmake does (last parent first, each style at most once).
 */
import { createRequire } from 'node:module';

type Style = Record<string, unknown> & { extends?: string | string[] };
type Override = string | Record<string, unknown>;
interface Stack {
  styleDictionary: Record<string, Style | undefined>;
  defaultStyle: Record<string, unknown> | undefined;
  styleOverrides: Override[];
  autopush(item: unknown): number;
  pop(count: number): void;
  getProperty(property: string): unknown;
}
interface StackClass {
  prototype: Stack;
  getStyleProperty(
    item: Record<string, unknown>,
    stack: Stack | null,
    property: string,
    fallback: unknown,
  ): unknown;
}

const require = createRequire(import.meta.url);
const StyleContextStack = (require('pdfmake/js/StyleContextStack') as { default: StackClass }).default;

const given = (value: unknown) => value !== undefined && value !== null;

function fromStyle(
  dictionary: Stack['styleDictionary'],
  name: string,
  property: string,
  visited?: Set<string>,
): unknown {
  const style = dictionary[name];
  if (!style) return undefined;
  if (given(style[property])) return style[property];
  if (!style.extends) return undefined;
  const seen = visited ?? new Set<string>();
  seen.add(name);
  const parents = Array.isArray(style.extends) ? style.extends : [style.extends];
  for (let i = parents.length - 1; i >= 0; i--) {
    const parent = parents[i]!;
    if (seen.has(parent)) continue;
    const value = fromStyle(dictionary, parent, property, seen);
    if (given(value)) return value;
  }
  return undefined;
}

StyleContextStack.prototype.getProperty = function (property) {
  const overrides = this.styleOverrides;
  for (let i = overrides.length - 1; i >= 0; i--) {
    const item = overrides[i]!;
    const value =
      typeof item === 'string' || item instanceof String
        ? fromStyle(this.styleDictionary, String(item), property)
        : item[property];
    if (given(value)) return value;
  }
  return this.defaultStyle && this.defaultStyle[property];
};

StyleContextStack.getStyleProperty = function (item, stack, property, fallback) {
  if (given(item[property])) return item[property];
  if (!stack) return fallback;
  const pushed = stack.autopush(item);
  const value = stack.getProperty(property);
  if (pushed > 0) stack.pop(pushed);
  return given(value) ? value : fallback;
};
