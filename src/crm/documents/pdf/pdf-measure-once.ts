/**
 * pdfmake measures a document's text once per layout pass, and it lays a document out again
 * each time `pageBreakBefore` moves a heading to the next page (pdf-definition.ts): the bench's
 * proposal takes three passes, and measuring its text (breaking it into words, resolving each
 * word's style, shaping it with fontkit) was two thirds of a render's CPU. A text node's
 * measure cannot change between the passes of one render (only `pageBreak` is set on a node in
 * between, which no measure reads), so the first pass's result is kept with the node and every
 * later pass is given a copy of it: layout consumes and splits the words it is given.
 */
import { createRequire } from 'node:module';

interface Inline {
  [property: string]: unknown;
}
interface TextNode {
  text: unknown;
  _inlines: Inline[];
  _minWidth: number;
  _maxWidth: number;
}
interface Measured {
  text: unknown;
  inlines: Inline[];
  minWidth: number;
  maxWidth: number;
}

const require = createRequire(import.meta.url);
const DocMeasure = (require('pdfmake/js/DocMeasure') as { default: { prototype: Record<string, unknown> } })
  .default.prototype as { measureLeaf: (this: unknown, node: TextNode) => TextNode };

const measured = new WeakMap<TextNode, Measured>();
const measureLeaf = DocMeasure.measureLeaf;

DocMeasure.measureLeaf = function (node) {
  const known = measured.get(node);
  if (known && known.text === node.text) {
    node._inlines = known.inlines.map((inline) => ({ ...inline }));
    node._minWidth = known.minWidth;
    node._maxWidth = known.maxWidth;
    return node;
  }
  measureLeaf.call(this, node);
  measured.set(node, {
    text: node.text,
    inlines: node._inlines.map((inline) => ({ ...inline })),
    minWidth: node._minWidth,
    maxWidth: node._maxWidth,
  });
  return node;
};
