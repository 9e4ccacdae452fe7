/**
 * What a refusal quotes of the input it refuses: the value itself when short, else its start and
 * an ellipsis. A refusal names the bad value so it can be found, never echoes a large one whole
 * (a 900 KB argument would make a 900 KB error, and whatever it says would be read again).
 */
export const EXCERPT_LENGTH = 40;

export function excerpt(value: string, max = EXCERPT_LENGTH): string {
  if (value.length <= max) return value;
  // Whole characters (a surrogate pair is never cut), read from no more of the value than needed.
  const chars = [...value.slice(0, max * 2)];
  return chars.length <= max && value.length <= max * 2 ? value : `${chars.slice(0, max).join('')}…`;
}
