/** A check remembered per value: an import asks the same few (countries, zones, currencies) again and again. */
export function remembered(check: (value: string) => boolean): (value: string) => boolean {
  const answers = new Map<string, boolean>();
  return (value) => {
    let answer = answers.get(value);
    if (answer === undefined) {
      answer = check(value);
      if (answers.size < 10_000) answers.set(value, answer);
    }
    return answer;
  };
}
