/**
 * The part of pdfmake 0.3 (server side) Marquee uses. @types/pdfmake is not used: it declares
 * the browser's DOM globally, which would change Node's own types (fetch bodies) everywhere.
 */
declare module 'pdfmake' {
  /** A node of a document definition (pdfmake.github.io/docs): text, stack, columns, table, image… */
  export type Content = string | ContentNode | Content[];
  export interface ContentNode {
    [property: string]: unknown;
  }
  export interface TableNode {
    table: { body: unknown[][]; widths?: unknown };
  }
  export interface TableLayout {
    hLineWidth?: (i: number, node: TableNode) => number;
    vLineWidth?: (i: number, node: TableNode) => number;
    hLineColor?: (i: number, node: TableNode) => string;
    paddingLeft?: (i: number, node: TableNode) => number;
    paddingRight?: (i: number, node: TableNode) => number;
    paddingTop?: (i: number, node: TableNode) => number;
    paddingBottom?: (i: number, node: TableNode) => number;
  }
  export interface PageNode {
    headlineLevel?: number;
    /** Where it starts: `verticalRatio` is how far down the page's inner height (0 to 1). */
    startPosition?: { pageNumber: number; verticalRatio: number };
  }
  export interface PageQueries {
    getFollowingNodesOnPage(): unknown[];
  }
  export interface DocumentDefinition {
    content: Content;
    [property: string]: unknown;
    pageBreakBefore?: (node: PageNode, queries: PageQueries) => boolean;
    footer?: (page: number, pages: number) => Content;
  }
  export interface FontFiles {
    normal: string;
    bold: string;
    italics: string;
    bolditalics: string;
  }
  export interface CreatedPdf {
    getBuffer(): Promise<Buffer>;
  }
  export function createPdf(definition: DocumentDefinition): CreatedPdf;
  /** Files pdfmake reads by name (fonts) before the file system. */
  export const virtualfs: { writeFileSync(name: string, bytes: Buffer): void };
  export function setFonts(fonts: Record<string, FontFiles>): void;
  export function setUrlAccessPolicy(allow: (url: string) => boolean): void;
  export function setLocalAccessPolicy(allow: (path: string) => boolean): void;
}
