/**
 * A real browser for page tests: Debian's chromium (apt-get install chromium; .ci/run installs it)
 * driven by playwright-core through its executablePath — nothing is downloaded. `missingBrowser()`
 * says why tests cannot run; CI sets ILIUM_REQUIRE_BROWSER=1 so that is a failure there, not a skip.
 * `screenshot()` writes into docs/screenshots/ when ILIUM_WRITE_SCREENSHOTS=1 (how the README's
 * images are made), and into a temporary directory otherwise.
 */
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type Page, chromium } from 'playwright-core';

const CHROMIUM = process.env['ILIUM_CHROMIUM'] ?? '/usr/bin/chromium';
const DOCS_SCREENSHOTS = fileURLToPath(new URL('../../../docs/screenshots', import.meta.url));

export function missingBrowser(): string | undefined {
  return existsSync(CHROMIUM) ? undefined : `no chromium at ${CHROMIUM} (apt-get install chromium, or set ILIUM_CHROMIUM)`;
}

/** Skip the test when the browser is missing, unless CI requires it. */
export function browserSkip(): string | false {
  const missing = missingBrowser();
  return missing !== undefined && process.env['ILIUM_REQUIRE_BROWSER'] !== '1' ? missing : false;
}

export async function launchBrowser(): Promise<Browser> {
  const missing = missingBrowser();
  if (missing !== undefined) throw new Error(missing);
  // Running as root (CI containers) needs --no-sandbox.
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

export function screenshotDir(): string {
  if (process.env['ILIUM_WRITE_SCREENSHOTS'] === '1') {
    mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
    return DOCS_SCREENSHOTS;
  }
  return mkdtempSync(join(tmpdir(), 'ilium-screens-'));
}

export async function screenshot(page: Page, dir: string, name: string): Promise<string> {
  const file = join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}
