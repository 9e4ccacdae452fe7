/**
 * The name a self-registered client gives itself (RFC 7591 `client_name`) is shown on consent as
 * its own claim. It follows the rules of every other name (src/text-rules.ts: no control
 * characters, no line breaks, no bidirectional controls) and may not claim to be Marquee, to be
 * official or verified, or to be one of this installation's venues: "Marquee (official)",
 * "Harbour Hall assistant" or "Mаrquee" with a Cyrillic а would make a person trust a stranger.
 *
 * Claims are found on a skeleton of the name: compatibility forms folded (NFKD), accents,
 * invisible format characters and punctuation dropped, common look-alike letters and digits read
 * as the Latin letters they imitate, lower case.
 */
import { BIDI_CONTROL, CONTROL, LINE_BREAK } from '../../text-rules.js';

/** Look-alikes of Latin letters: Cyrillic and Greek letters, and digits written for letters. */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ԛ: 'q',
  ս: 'u',
  ѕ: 's',
  м: 'm',
  к: 'k',
  т: 't',
  н: 'h',
  в: 'b',
  ɑ: 'a',
  α: 'a',
  ε: 'e',
  ο: 'o',
  ρ: 'p',
  υ: 'u',
  ι: 'i',
  κ: 'k',
  μ: 'm',
  ν: 'v',
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '€': 'e',
};

/** The words of a text as its skeleton: what a reader takes it to say. */
function skeletonWords(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/[\p{M}\p{Cf}]/gu, '')
    .toLowerCase();
  const read = [...folded].map((c) => LOOK_ALIKES[c] ?? c).join('');
  return read.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

const CLAIMS = ['marquee', 'official', 'verified'];

/** Whether the words of `name` contain those of `claim`, in a row or run together. */
function claims(nameWords: readonly string[], claim: string): boolean {
  const wanted = skeletonWords(claim);
  const joined = wanted.join('');
  if (joined.length < 3) return false;
  if (nameWords.join('').includes(joined) && (joined.length >= 6 || CLAIMS.includes(joined))) return true;
  return ` ${nameWords.join(' ')} `.includes(` ${wanted.join(' ')} `);
}

/** What is wrong with a client_name, in words; empty when it may be shown on consent. */
export function clientNameProblems(name: string, venueNames: readonly string[]): string[] {
  if (CONTROL.test(name) || LINE_BREAK.test(name))
    return ['client_name may not contain control characters or line breaks.'];
  if (BIDI_CONTROL.test(name))
    return ['client_name may not contain characters that change the direction of text.'];
  const words = skeletonWords(name);
  if (claims(words, 'Marquee'))
    return [
      'client_name may not claim to be Marquee: a self-registered app names itself, not the service it connects to.',
    ];
  if (claims(words, 'official') || claims(words, 'verified'))
    return [
      'client_name may not claim to be official or verified: nobody has verified a self-registered app.',
    ];
  if (venueNames.some((venue) => claims(words, venue)))
    return ['client_name may not claim to be a venue of this installation.'];
  return [];
}
