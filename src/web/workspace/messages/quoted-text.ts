/**
 * A message's text as a conversation shows it: what the writer wrote, with what they did not
 * write folded away — the history their mail program quoted ("> " lines, and the "On … wrote:"
 * line that introduces them, or an Outlook "Original Message" block) and their signature (after
 * the "-- " delimiter, RFC 3676 §4.3). Quoting between the writer's own lines stays, as they
 * answered point by point.
 */

export interface FoldedText {
  /** What the writer wrote. */
  shown: string;
  /** The quoted history and the signature ('' when there is none). */
  folded: string;
}

const SIGNATURE = /^-- ?$/;
const QUOTED = /^\s*>/;
const ORIGINAL = /^\s*-{2,}\s*(Original Message|Forwarded message)\s*-{2,}\s*$/i;
/** "On Wed, 2 Dec 2026 at 09:00, Harbour Rooms <events@…> wrote:", which mail programs may wrap. */
const ON_WROTE = /^\s*On\s.+\bwrote:\s*$/;

/** Where the "On … wrote:" line that starts at `index` ends (it may run over three lines), or -1. */
function onWroteEnd(lines: readonly string[], index: number): number {
  if (!/^\s*On\s/.test(lines[index] ?? '')) return -1;
  for (let end = index; end < Math.min(lines.length, index + 3); end++) {
    if (ON_WROTE.test(lines.slice(index, end + 1).join(' '))) return end;
  }
  return -1;
}

/**
 * Where the text folds: the first line that is a signature delimiter, an "Original Message" line,
 * an "On … wrote:" line, or a quoted line from which every line to the end is quoted or blank.
 * One pass from the end says which lines are followed only by quoted or blank ones, so a long
 * quoted history costs its length once, not its length for each of its lines.
 */
function foldAt(lines: readonly string[]): number {
  const quotedFrom = new Array<boolean>(lines.length + 1);
  quotedFrom[lines.length] = true;
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index]!;
    quotedFrom[index] = quotedFrom[index + 1]! && (line.trim() === '' || QUOTED.test(line));
  }
  return lines.findIndex((line, index) => {
    if (SIGNATURE.test(line) || ORIGINAL.test(line)) return true;
    if (onWroteEnd(lines, index) !== -1) return true;
    return QUOTED.test(line) && quotedFrom[index]!;
  });
}

export function foldText(text: string): FoldedText {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const at = foldAt(lines);
  if (at <= 0) {
    // All of it quoted (or nothing to fold): show it as it is rather than an empty message.
    return { shown: text.trim(), folded: '' };
  }
  return { shown: lines.slice(0, at).join('\n').trim(), folded: lines.slice(at).join('\n').trim() };
}
