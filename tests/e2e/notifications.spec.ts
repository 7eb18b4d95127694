/**
 * Notifications and panels (spec §3 Notification, §4 Notification and Panels, §9
 * notification time to live 5,000 ms) against the built site.
 */
import { expect, test } from './fixture';
import { SHOTS, addToCart, engravingProduct, openMicrocart, openProduct, shots, simpleProduct } from './product-cart-helpers';

// These pages are tested without the service worker (it is tested by the offline specs): its
// precache in every new context cost a fifth of the CPU these tests used.
test.use({ serviceWorkers: 'block' });

test.describe('notifications', () => {
  test('a notification appears and goes away after its time to live of 5 seconds', async ({ page }) => {
    // Measured in the page: when the note was put in and taken out of the live region (performance.now),
    // so a slow test runner cannot stretch or shrink the figure.
    await page.addInitScript(() => {
      const w = window as unknown as { __ntf: Record<string, { shown?: number; gone?: number }> };
      w.__ntf = {};
      new MutationObserver((records) => {
        for (const r of records) {
          for (const n of r.addedNodes)
            if (n instanceof HTMLElement && n.matches('.ntf__item')) (w.__ntf[n.textContent ?? ''] ??= {}).shown = performance.now();
          for (const n of r.removedNodes)
            if (n instanceof HTMLElement && n.matches('.ntf__item')) (w.__ntf[n.textContent ?? ''] ??= {}).gone = performance.now();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const p = simpleProduct();
    await openProduct(page, p);
    const text = `Product ${p.name} has been added to wishlist!`;
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    const note = page.locator('[data-notifications] .ntf__item', { hasText: text });
    await expect(note).toBeVisible();
    await expect(note).toBeHidden({ timeout: 15_000 });
    const life = await page.evaluate((t) => {
      const seen = Object.entries((window as unknown as { __ntf: Record<string, { shown?: number; gone?: number }> }).__ntf).find(([k]) => k.includes(t))?.[1];
      return seen?.shown !== undefined && seen.gone !== undefined ? seen.gone - seen.shown : null;
    }, text);
    expect(life).not.toBeNull();
    expect(life!).toBeGreaterThanOrEqual(4_900);
    expect(life!).toBeLessThan(6_500);
  });

  test('screenshots of a notification (the clock held so the note stays for them)', async ({ page }) => {
    await page.clock.install();
    const p = simpleProduct();
    await openProduct(page, p);
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    const note = page.locator('[data-notifications] .ntf__item', { hasText: `Product ${p.name} has been added to wishlist!` });
    await expect(note).toBeVisible();
    // A second ahead of the page clock (the call takes time to arrive), well inside the 5 s time to live.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    await shots(page, 'notification', async () => {
      await expect(note).toBeVisible();
    });
    // Time runs again: the note leaves after its time to live.
    await page.clock.runFor(4_100);
    await expect(note).toBeHidden();
  });

  test('the same message twice in a row shows once', async ({ page }) => {
    await openProduct(page, simpleProduct());
    const button = page.getByRole('button', { name: 'Add to cart' });
    await button.click();
    await expect(page.locator('[data-notifications] .ntf__item')).toHaveCount(1);
    await button.click();
    await expect(page.locator('[data-cart-count]')).toHaveText('2');
    await expect(page.locator('[data-notifications] .ntf__item', { hasText: 'Product has been added to the cart!' })).toHaveCount(1);
  });

  test('an error notification has an OK button that closes it; the close button closes any', async ({ page }) => {
    await openProduct(page, engravingProduct());
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const error = page.locator('[data-notifications] .ntf__item--error');
    await expect(error).toHaveAttribute('role', 'alert');
    await expect(error).toContainText('Please configure product custom options and fix the validation errors');
    await error.getByRole('button', { name: 'OK' }).click();
    await expect(error).toHaveCount(0);
    await page.getByRole('button', { name: 'Add to wishlist' }).click();
    const note = page.locator('[data-notifications] .ntf__item').first();
    await expect(note).toBeVisible();
    await note.getByRole('button', { name: 'Close notification' }).click();
    await expect(page.locator('[data-notifications] .ntf__item')).toHaveCount(0);
  });
});

test.describe('panels', () => {
  test('the mobile menu is the sidebar panel: it shows the overlay, keeps focus inside and Escape closes it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const menu = page.locator('details[data-mobile-nav]');
    const overlay = page.locator('[data-overlay]');
    await page.getByRole('button', { name: 'Menu' }).or(page.locator('details[data-mobile-nav] > summary')).first().click();
    await expect(menu).toHaveAttribute('open', '');
    await expect(overlay).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/sidebar-open-375.png` });
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(menu).not.toHaveAttribute('open', '');
    await expect(overlay).toBeHidden();
  });

  test('an escape pressed the moment a panel appears closes it (the focus trap is there at first paint)', async ({ page }) => {
    await page.goto('/');
    // the panels' code is loaded and mounted once before; the race is on every opening
    await openMicrocart(page);
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-microcart]')).toHaveCount(0);
    for (let i = 0; i < 3; i++) {
      // Escape is sent from a mutation observer: right after the drawer enters the page, before any paint
      const pressed = await page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const mo = new MutationObserver(() => {
              const drawer = document.querySelector('[data-microcart]');
              if (!drawer) return;
              mo.disconnect();
              (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
              resolve(true);
            });
            mo.observe(document.body, { childList: true, subtree: true });
            document.querySelector<HTMLElement>('[data-panel="microcart"]')!.click();
          }),
      );
      expect(pressed).toBe(true);
      await expect(page.locator('[data-microcart]')).toHaveCount(0);
      await expect(page.locator('[data-overlay]')).toBeHidden();
    }
  });

  test('opening the wishlist closes the microcart: one panel and one overlay at a time', async ({ page }) => {
    // two panel downloads (microcart, wishlist) on a busy 2-core test machine
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    await openMicrocart(page);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: /^Wishlist/ }).click();
    await expect(page.getByRole('dialog', { name: /Wishlist/ })).toBeVisible();
    await expect(page.getByRole('dialog', { name: /Shopping cart/ })).toHaveCount(0);
    await expect(page.locator('[data-overlay]')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-overlay]')).toBeHidden();
  });
});

test.describe('the product form toasts (§4 Notification)', () => {
  test("the 'Please configure…' error goes once the shopper fixes it, and never sits beside the success", async ({ page }) => {
    const p = engravingProduct();
    await openProduct(page, p);
    const field = p.custom_options.find((o) => o.is_require && o.type === 'field')!;
    const toasts = page.locator('[data-notifications]');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(toasts).toContainText('Please configure product custom options and fix the validation errors');
    await page.getByLabel(field.title).fill('Forever yours');
    // Fixed: the error leaves at once, well before its 5,000 ms time to live.
    await expect(toasts).not.toContainText('Please configure product custom options', { timeout: 1_000 });
    await addToCart(page);
    await expect(toasts).toContainText('Product has been added to the cart!');
    await expect(toasts).not.toContainText('Please configure product custom options');
  });

  test('an error toast with an OK button still leaves after its time to live', async ({ page }) => {
    const p = engravingProduct();
    await openProduct(page, p);
    const toasts = page.locator('[data-notifications]');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(toasts).toContainText('Please configure product custom options and fix the validation errors');
    // Default time to live 5,000 ms (§9), and a little for the machine.
    await expect(toasts).not.toContainText('Please configure product custom options', { timeout: 8_000 });
  });
  for (const width of [1366, 390]) {
    test(`at ${width} px a toast leaves the header's buttons free to press, and on a phone the add-to-bag bar too`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 767 ? 800 : 844 });
      await openProduct(page, simpleProduct());
      await addToCart(page);
      const toast = page.locator('.ntf__item').filter({ hasText: 'Product has been added to the cart!' });
      await expect(toast).toBeVisible();
      // The header in view, as on a page the shopper has not scrolled.
      await page.evaluate(() => window.scrollTo(0, 0));
      const bag = page.getByRole('link', { name: /^Cart/ });
      for (const button of [
        bag,
        page
          .locator('header')
          .getByRole('button', { name: /search/i })
          .first(),
      ]) {
        const box = (await button.boundingBox())!;
        const hit = await page.evaluate(
          ([x, y]) => document.elementFromPoint(x!, y!)?.closest('a, button')?.outerHTML.slice(0, 80) ?? null,
          [box.x + box.width / 2, box.y + box.height / 2],
        );
        expect(hit, 'the element at the centre of the header button').toBe((await button.evaluate((e) => e.outerHTML)).slice(0, 80));
      }
      await expect(toast).toBeVisible();
      if (width < 768) {
        // Scrolled past the add-to-bag button, its bar shows at the bottom: the toast sits above it.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        const bar = page.locator('[data-sticky-buy]');
        await expect(bar).toHaveClass(/is-shown/);
        const barBox = (await bar.boundingBox())!;
        const toastBox = (await toast.boundingBox())!;
        expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y);
      }
    });
  }
  /** Whether `toast` and `target` overlap on the screen (a press on any part of the target reaches it). */
  const overlap = async (toast: import('@playwright/test').Locator, target: import('@playwright/test').Locator) => {
    const [t, b] = [(await toast.boundingBox())!, (await target.boundingBox())!];
    return t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height;
  };
  for (const width of [1366, 390]) {
    test(`at ${width} px a toast leaves the bag's "Go to checkout" and the product form's "Add to cart" free to press`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 767 ? 800 : 844 });
      // The product form's refusal while its button is in view.
      await openProduct(page, engravingProduct());
      const add = page.locator('form').getByRole('button', { name: 'Add to cart' });
      // Scrolled down through the options, the button low on the screen.
      await add.evaluate((b) => b.scrollIntoView({ block: 'end' }));
      await add.click();
      const refusal = page.locator('.ntf__item').filter({ hasText: 'Please configure product custom options' });
      await expect(refusal).toBeVisible();
      // The field errors above it moved the button down: the shopper brings it back into view.
      await add.evaluate((b) => b.scrollIntoView({ block: 'end' }));
      await expect(add).toBeInViewport();
      expect(await overlap(refusal, add)).toBe(false);

      await openProduct(page, simpleProduct());
      await addToCart(page);
      const added = page.locator('.ntf__item').filter({ hasText: 'Product has been added to the cart!' });
      await expect(added).toBeVisible();
      const cart = await openMicrocart(page);
      await expect(added).toBeVisible();
      const checkout = cart.getByRole('link', { name: 'Go to checkout' }).or(cart.getByRole('button', { name: 'Go to checkout' }));
      await expect(checkout).toBeInViewport();
      expect(await overlap(added, checkout)).toBe(false);
      // Nor the drawer's title and close button.
      expect(await overlap(added, cart.locator('.hp-drawer__close'))).toBe(false);
      expect(await overlap(added, cart.getByRole('heading', { name: /Shopping cart/ }))).toBe(false);
    });
  }
});
