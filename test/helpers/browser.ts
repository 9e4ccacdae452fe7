/**
 * Headless Chromium from Debian's package, driven by playwright-core. Tests that need it skip,
 * saying why, where it is not installed (.ci/run installs it).
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where screenshots go: test-results/ (git-ignored), or SCREENSHOT_DIR to keep them elsewhere. */
export const SCREENSHOT_DIR = path.resolve(process.env.SCREENSHOT_DIR ?? 'test-results/screenshots');

export function chromiumMissing(): string | false {
  return existsSync(CHROMIUM) ? false : `Chromium is not installed at ${CHROMIUM} (apt-get install chromium)`;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A full-page screenshot for people to look at (test-results/ is git-ignored). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
