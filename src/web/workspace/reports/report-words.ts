/**
 * A report's figures as the venue's people read them (SPEC §13), in the organization's locale:
 * a month as "February 2027" ("Februar 2027" in de-DE), never the API's "2027-02"; a count as
 * "1,234" ("1.234"); a rate as "37.5%" ("37,5 %"). Days and amounts are the workspace's own
 * (time-zones.ts `dayLabel`, src/crm/money.ts `moneyText`). The rates and counts are formatted
 * from their decimal text, so no float stands between the figure and what is shown.
 */
import { dateFormat, percentText } from '../../../locale.js';

/** "February 2027" (en-GB, en-US), "Februar 2027" (de-DE) of a month (YYYY-MM). */
export function monthLabel(month: string, locale: string): string {
  if (!/^\d{4}-\d{2}$/.test(month)) return month;
  const format = dateFormat(
    `month ${locale}`,
    () => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' }),
  );
  return format.format(Date.parse(`${month}-01T00:00:00Z`));
}

/** A percentage with one decimal given as text ("37.5"): "37.5%" (en-GB, en-US), "37,5 %" (de-DE). */
export function rateText(percentage: string, locale: string): string {
  return percentText(percentage, locale, 1);
}
