/**
 * Roboto, parsed once per thread. pdfmake reads a document's fonts from its virtual file system
 * (their bytes are put there once, so no file is read for a render), and pdfkit makes each
 * render's font around fontkit's font of those bytes: the font's tables (character map, glyph
 * metrics, its substitution and positioning lookups) are decoded on first use and kept, where
 * each render decoded them again. What a render's PDF says of a glyph (the characters it
 * stands for, as a text reader extracts them) is taken from the glyph's first use in that
 * render: its glyphs are forgotten before each render, so a PDF never depends on the renders
 * made before it on the thread.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

interface FontkitFont {
  postscriptName: string;
  _glyphs: Record<number, unknown>;
  createSubset(): unknown;
}
/** pdfkit's font of a document: its subset, around fontkit's font. */
interface DocumentFont {
  font: FontkitFont;
  subset: unknown;
}
interface VirtualFiles {
  writeFileSync(name: string, bytes: Buffer): void;
}
interface PdfDocument {
  fontCache: Record<string, Record<string, DocumentFont> | undefined>;
  getFontType(bold: boolean, italics: boolean): string;
  provideFont(family: string, bold: boolean, italics: boolean): DocumentFont;
}

const require = createRequire(import.meta.url);
const directory = path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
const FILES = {
  normal: 'Roboto-Regular.ttf',
  bold: 'Roboto-Medium.ttf',
  italics: 'Roboto-Italic.ttf',
  bolditalics: 'Roboto-MediumItalic.ttf',
};
const BYTES = new Map(Object.values(FILES).map((name) => [name, readFileSync(path.join(directory, name))]));

const PDFDocument = (require('pdfmake/js/PDFDocument') as { default: { prototype: PdfDocument } }).default
  .prototype;
const provideFont = PDFDocument.provideFont;
const parsed = new Map<string, FontkitFont>();

// A document's font is made as pdfmake makes it (of the same bytes), then given the kept font.
PDFDocument.provideFont = function (family, bold, italics) {
  const made = this.fontCache[family]?.[this.getFontType(bold, italics)] !== undefined;
  const font = provideFont.call(this, family, bold, italics);
  if (made) return font;
  const name = font.font.postscriptName;
  const kept = parsed.get(name) ?? font.font;
  parsed.set(name, kept);
  font.font = kept;
  font.subset = kept.createSubset();
  return font;
};

/** Puts Roboto in pdfmake's virtual file system: the fonts for `setFonts`. */
export function robotoFonts(files: VirtualFiles) {
  for (const [name, bytes] of BYTES) files.writeFileSync(name, bytes);
  return { Roboto: FILES };
}

/** Before each render: the glyphs of the last one are forgotten. */
export function forgetGlyphs() {
  for (const font of parsed.values()) font._glyphs = {};
}
