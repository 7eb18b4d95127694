import { describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { warnEmptyHeaderMenu } from '../../src/lib/build/warnings';
import { snapshotCmsPages } from '../../src/lib/routing/content-routes';
import { SAMPLE_DIR } from '../../src/lib/snapshot/read';
import { messages } from '../../src/lib/messages';

describe('build warnings for empty content (§8)', () => {
  it("an empty header menu logs 'Header menu returned empty result'; a filled one logs nothing", () => {
    const warn = vi.fn();
    expect(warnEmptyHeaderMenu([], warn)).toBe(true);
    expect(warn).toHaveBeenCalledWith(`[menus] ${messages.headerMenuEmpty}`);
    warn.mockClear();
    expect(warnEmptyHeaderMenu([{ title: 'Rings' }], warn)).toBe(false);
    expect(warn).not.toHaveBeenCalled();
  });

  it("a snapshot without cms pages logs 'CMS query returned empty result' with the CMS extension hint", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const dir = mkdtempSync(join(tmpdir(), 'pj-cms-'));
    cpSync(SAMPLE_DIR, dir, { recursive: true });
    writeFileSync(join(dir, 'cms-pages.json'), '[]');
    expect(snapshotCmsPages(dir)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(`[cms] ${messages.cmsQueryEmpty}. ${messages.cmsExtensionHint}`);
    warn.mockClear();
    expect(snapshotCmsPages(SAMPLE_DIR).length).toBeGreaterThan(0);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('names each content route left out of the build for want of an active cms page, once per snapshot', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const dir = mkdtempSync(join(tmpdir(), 'pj-cms-left-out-'));
    cpSync(SAMPLE_DIR, dir, { recursive: true });
    const pages = (JSON.parse(readFileSync(join(SAMPLE_DIR, 'cms-pages.json'), 'utf8')) as { identifier: string; active?: boolean }[])
      .filter((p) => p.identifier !== 'careers')
      .map((p) => (p.identifier === 'black-friday' ? { ...p, active: false } : p));
    writeFileSync(join(dir, 'cms-pages.json'), JSON.stringify(pages));
    snapshotCmsPages(dir);
    snapshotCmsPages(dir);
    expect(warn.mock.calls.map((c) => c[0])).toEqual([
      "[cms] content route /black-friday left out of the build (answers 410 gone): its CMS page is inactive with identifier 'black-friday'",
      "[cms] content route /careers left out of the build (answers 410 gone): no CMS page with identifier 'careers'",
    ]);
    warn.mockRestore();
  });
});
