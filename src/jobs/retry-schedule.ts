/**
 * When a failed delivery is tried again (SPEC §8): after the first try, 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h and 10 h (WEBHOOK_RETRY_SCHEDULE overrides it), each spread by up to a tenth either
 * way so that retries of many deliveries that failed together do not arrive together.
 */
export function retryDelaySeconds(
  attemptsMade: number,
  schedule: readonly number[],
  random: () => number = Math.random,
): number | undefined {
  const base = schedule[attemptsMade - 1];
  if (base === undefined) return undefined;
  return base * (0.9 + 0.2 * random());
}
