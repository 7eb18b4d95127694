/**
 * The login message an account page leaves when it sends a signed-out visitor home reaches the home
 * page's sign-in dialog even when the dialog's code is slow or fails to download, and even when the
 * account page's own header scripts start while it is leaving. Both were seen in Safari's WebKit
 * (docs/engines.md); they hit any browser on a slow connection.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixture';
import { authDialog } from './account-helpers';
import { messages } from '../../src/lib/messages';

// page.route must see the pages' own requests: no service worker in between.
test.use({ serviceWorkers: 'block' });

/** The sign-in dialog with the login-required message, on the home page. */
async function seeLoginMessageAtHome(page: Page): Promise<void> {
  // The home page may be answering slowly (below).
  await page.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
  const dialog = authDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText(messages.loginRequired);
  await expect(dialog.getByRole('heading', { name: 'Log in' })).toBeVisible();
}

test('a sign-in dialog whose code could not be downloaded shows the login message at the next page start', async ({ page }) => {
  const failed = page.waitForEvent('console', (m) => m.type() === 'error' && m.text().includes('Sign-in modal could not be loaded'));
  // The dialog's chunk fails once, as when the connection drops before it was cached.
  await page.route('**/_astro/AuthModal.*.js', (route) => route.abort('internetdisconnected'), { times: 1 });
  await page.goto('/my-account/orders');
  await page.waitForURL((u) => u.pathname === '/');
  await failed;
  await expect(authDialog(page)).toBeHidden();
  // The next page start (here a reload) still has the message, and shows it.
  await page.reload();
  await seeLoginMessageAtHome(page);
  // Shown once: it is gone after that.
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByRole('dialog')).toBeHidden();
});

test("the account page's header starting while it leaves for home does not take the login message", async ({ page }) => {
  const delay = (ms: number) => (route: Route) => new Promise((r) => setTimeout(r, ms)).then(() => route.continue());
  // The home page answers slowly, so the account page stays on screen after sending the visitor home...
  await page.route((u) => u.pathname === '/', delay(3000));
  // ...and its header's script (which opens the sign-in dialog) arrives only after the guard ran.
  await page.route('**/_astro/Header.astro_astro_type_script_*.js', async (route) => {
    if (new URL(route.request().frame().url()).pathname.startsWith('/my-account')) await delay(1500)(route);
    else await route.continue();
  });
  const headerOnAccountPage = page.waitForRequest(
    (r) => r.url().includes('/_astro/Header.astro_astro_type_script_') && new URL(r.frame().url()).pathname.startsWith('/my-account'),
  );
  await page.goto('/my-account/orders');
  // The account page's scripts start at the visitor's first touch, as on a phone.
  await page.dispatchEvent('body', 'pointerdown');
  await headerOnAccountPage;
  await seeLoginMessageAtHome(page);
});
