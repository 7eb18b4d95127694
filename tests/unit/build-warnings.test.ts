import { describe, expect, it, vi } from 'vitest';
import { mkdtempSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { warnEmptyHeaderMenu } from '../../src/lib/build/warnings';
import { snapshotCmsPages } from '../../src/lib/routing/content-routes';
import { SAMPLE_DIR } from '../../src/lib/build/snapshot';
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
});
