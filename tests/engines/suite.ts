/**
 * One engine's suite: its browser and its shop start once, the chosen journeys run in order, each
 * in a fresh tab; a failing journey leaves a screenshot of what the engine showed
 * (test-results/engines/{engine}-{journey}.png).
 */
import { afterAll, beforeAll, onTestFailed, test } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, type EngineName, type Tab } from './driver';
import { startEngineShop } from './shop';
import { ROOT } from './shop';
import { pageState, type Run } from './steps';
import { isNoAnswer } from './bounded';

export type Journey = (run: Run, tab: Tab) => Promise<void>;

export function engineSuite(name: EngineName, journeys: Record<string, Journey>): void {
  const shots = join(ROOT, 'test-results', 'engines');
  let run: Run | undefined;
  let lastTab: Tab | undefined;
  /** Set when a driver call went unanswered: the next journey starts the engine afresh. */
  let stuck = false;
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    const [shop, engine] = await Promise.all([startEngineShop(), launch(name)]);
    run = { engine, shop, shots };
  }, 120_000);
  afterAll(async () => {
    await lastTab?.close().catch(() => undefined);
    await run?.engine.close().catch((err) => console.error(`closing ${name}`, err));
    await run?.shop.stop();
  }, 30_000);

  for (const [title, journey] of Object.entries(journeys)) {
    test(`${name}: ${title}`, async () => {
      const r = run!;
      // The previous journey's tab closes only now, so that a failure's screenshot could still be taken.
      await lastTab?.close().catch(() => undefined);
      lastTab = undefined;
      if (stuck) {
        stuck = false;
        await r.engine.close().catch((err) => console.error(`closing ${name}`, err));
        r.engine = await launch(name);
      }
      const tab = await r.engine.newTab();
      lastTab = tab;
      let shot = false;
      const screenshot = async () => {
        if (shot) return;
        shot = true;
        const file = join(shots, `${name}-${title.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`);
        await tab.screenshot(file).then(
          () => console.error(`${name}: "${title}" failed; the engine showed ${file}`),
          () => undefined,
        );
        await pageState(tab).then(
          (state) => console.error(`${name}: "${title}": the page's state`, state),
          () => undefined,
        );
      };
      // Also on a time-out (the journey is still running then).
      onTestFailed(screenshot);
      try {
        await journey(r, tab);
      } catch (err) {
        stuck = isNoAnswer(err);
        await screenshot();
        throw err;
      }
    });
  }
}
