import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ports, ROOT, shellUrl } from './support';

const consoleUrl = () => process.env.E2E_OPS_URL!;
const remoteUrl = (name: string) => `http://127.0.0.1:${ports()[name]}`;

/** A source map the build kept beside a package's bundles. */
function sourceMapOf(pkg: string): string {
  const map = fs.readdirSync(path.join(ROOT, pkg, 'dist')).find((name) => name.endsWith('.js.map'));
  if (!map) throw new Error(`${pkg}'s build has no source map`);
  return map;
}

test.describe('the ops host and the shell', () => {
  for (const [name, url, pkg] of [
    ['the ops host', consoleUrl, 'ops'],
    ['the shell', shellUrl, 'shell'],
  ] as const) {
    test(`${name} answers with a CSP, may not be framed or sniffed, grants no CORS, and serves no source map`, async ({ request }) => {
      const answer = await request.get(url(), { headers: { Origin: 'https://evil.example' } });
      expect(answer.status()).toBe(200);
      const headers = answer.headers();
      expect(headers['content-security-policy']).toMatch(/(^|; )default-src 'self'(;|$)/);
      expect(headers['content-security-policy']).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
      expect(headers['content-security-policy']).toMatch(/(^|; )object-src 'none'(;|$)/);
      expect(headers['x-frame-options']).toBe('DENY');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['access-control-allow-origin']).toBeUndefined();

      const map = sourceMapOf(pkg);
      expect((await request.get(`${url()}${map}`)).status()).toBe(404);
    });
  }

  test("a remote's files are shared with the shell's and the console's origins only, and its maps are not served", async ({ request }) => {
    const manifest = `${remoteUrl('mf-news')}/mf-manifest.json`;
    for (const host of [shellUrl(), consoleUrl()]) {
      const origin = new URL(host).origin;
      expect((await request.get(manifest, { headers: { Origin: origin } })).headers()['access-control-allow-origin']).toBe(origin);
    }
    expect(
      (await request.get(manifest, { headers: { Origin: 'https://evil.example' } })).headers()['access-control-allow-origin'],
    ).toBeUndefined();
    expect((await request.get(`${remoteUrl('mf-news')}/${sourceMapOf('mf-news')}`)).status()).toBe(404);
  });
});

/** What the page's CSP refused, as the page itself saw it and as the console reported it. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  const reported: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reported.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return async () => [...reported, ...(await page.evaluate(() => (window as unknown as { violations: string[] }).violations))];
}

test.describe('under their CSP', () => {
  // The shell's service worker registers under the policy too.
  test.use({ serviceWorkers: 'allow' });

  test("the shell's home draws its remotes' widgets, with nothing refused", async ({ page }) => {
    const violations = await recordViolations(page);
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
    await page.goto(shellUrl());
    // The latest-news widget is mf-news's (manifest, entry, chunk and styles from its origin), its articles the API's.
    await expect(page.getByRole('main').getByRole('listitem').getByRole('link').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then(Boolean))).toBe(true);
    expect(await violations()).toEqual([]);
    expect(failed).toEqual([]);
  });

  test('the ops login page draws, with nothing refused', async ({ page }) => {
    const violations = await recordViolations(page);
    await page.goto(consoleUrl());
    await expect(page.getByLabel('Authenticator code')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
});
