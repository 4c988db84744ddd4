// The browser of the page tests (/docs, /console): Debian's chromium driven by playwright-core, with
// the launch flags of the developers' guide. Without one the page tests are skipped, saying why.
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const BROWSER = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(
  (p): p is string => p !== undefined && existsSync(p),
);

/** Says which browser runs the page tests, or why they are skipped. */
export const browserNote = BROWSER ?? 'no chromium found: apt-get install chromium, or set CHROMIUM_PATH';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: BROWSER,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}
