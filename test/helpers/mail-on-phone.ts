/**
 * An e-mail's HTML part as a 390 px phone shows it (headless Chromium): how wide the page is laid
 * out, and any element that asks for a fixed width over 390 px (which a mail program would keep,
 * whatever the browser does with it). A screenshot is kept for people to look at.
 */
import { launchBrowser, screenshot } from './browser.js';

export interface PhoneLayout {
  /** The page's scroll width, in CSS px. */
  width: number;
  /** `width` attributes or styles over 390 px, as found. */
  wide: string[];
}

export async function mailOnPhone(html: string, name: string): Promise<PhoneLayout> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.setContent(html);
    const width = Number(await page.evaluate('document.documentElement.scrollWidth'));
    await screenshot(page, name);
    const widths = (await page.evaluate(
      `[...document.querySelectorAll('[width], [style*="width"]')].map((e) => e.getAttribute('width') + ' ' + e.getAttribute('style'))`,
    )) as string[];
    const wide = widths.filter((w) =>
      [...w.matchAll(/(?:^|[^-])width:\s*(\d+)px|^(\d+) /g)].some((m) => Number(m[1] ?? m[2]) > 390),
    );
    return { width, wide };
  } finally {
    await browser.close();
  }
}
