/**
 * The photo studio renders the same pixels for the same spec. The studio runs in headless Chromium
 * on SwiftShader (a CPU renderer: the same spec gives the same pixels run after run), so each shot
 * of scripts/photos/studio-shots.ts is compared with the first 16 hex digits of the SHA-256 of
 * its decoded RGBA pixels. The table was recorded from the studio as it was before it was split
 * into TypeScript modules (one untyped script), and rendering it twice gave the same table: any
 * change to a model, material, light or camera shows here as a changed shot. When a picture is
 * meant to change, the failure lists the new digests to paste in, after looking at the pictures
 * (scripts/photos/try.ts, sheet.ts).
 *
 * Before that, without a browser: every picture the sample uses is a spec the studio accepts, and
 * one it cannot take is refused with the field named.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { openStudio } from '../../scripts/photos/browser';
import { sampleJobs } from '../../scripts/photos/jobs';
import { parseShot } from '../../scripts/photos/studio/spec';
import { STUDIO_SHOTS } from '../../scripts/photos/studio-shots';

const RECORDED: Record<string, string> = {
  'ring-solitaire-angle': 'f1f0c50b5e8efb56',
  'ring-halo-sapphire': '1fb54225d14591bd',
  'ring-trilogy-emerald-detail': '384eb23b62038f3d',
  'ring-band-top': '2378a42c30a41027',
  'ring-eternity-pearl': '9f39a00686554b74',
  'ring-dress-ruby': '3b7a2e840bb41686',
  'pendant-heart-enamel': '7b56797844ef2477',
  'pendant-halo-detail': 'dcf4e0615421833e',
  'pendant-pearl-angle': '4fb8f45868598a22',
  'necklace-pearl-strand': '815e86fb017588d6',
  'necklace-bar': 'e7ee4d11ec4c6d09',
  'necklace-stations': '4e84ffa6f7186aa2',
  'earrings-hoop': 'aa34be61976cc34a',
  'earrings-drop-pearl': '5dcefb162c2d4e15',
  'earrings-stud-princess': '69d0f526f131e8d1',
  'bangle-two-tone': 'dd2a044a95ecdbf3',
  'bracelet-tennis': 'ced8f2583e3d39e7',
  'bracelet-charms': '53bb07d86b951437',
  'charm-clover': 'b78cf1666bc815c4',
  'charm-moon-detail': 'b96e6ed028677fb0',
  'watch-dive-rubber': '3bc174f3756809c9',
  'watch-chrono-bracelet': '3269b7dccede3ee4',
  'watch-ladies-mesh': '0c7b2803159cb9c7',
  'watch-leather': '98c8fb6ea8bc5506',
  'smartwatch-round': '948777dc422dcf35',
  'smartwatch-bracelet': '7622f6ed2a14414a',
  giftbox: 'b066e70bb596ef92',
  giftcard: '94474c4c8a00798b',
  service: 'da3abdff9b0d12a4',
  guide: '0deb31b68dac2850',
  'banner-main-launch': 'cc43817846fafda6',
  'store-preston': 'aa3563b1dc561f60',
};

/**
 * The Chromium the digests were recorded with. SwiftShader's pixels are the same run after run with
 * one Chromium, not across versions: on another version the digests are not compared (the test says
 * why it skipped), and whoever updates Chromium records them again after looking at the pictures.
 */
const RECORDED_WITH = 'Chromium 156.0.8078.108';
const chromium = (() => {
  try {
    return execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'no Chromium';
  }
})();
const sameChromium = chromium.startsWith(`${RECORDED_WITH} `);

describe('photo studio specs', () => {
  it('accepts the spec of every picture the sample uses', () => {
    const { jobs } = sampleJobs(1);
    expect(jobs.length).toBeGreaterThan(400);
    const refused = jobs.flatMap((j) => {
      const r = parseShot(j.spec);
      return r.success ? [] : [`${j.path}: ${r.error.issues.map((i) => i.path.join('.')).join(', ')}`];
    });
    expect(refused).toEqual([]);
  });

  it('refuses a kind it does not model, a missing size and a scene without pieces, naming the field', () => {
    const ring = { kind: 'ring', design: 'halo', metal: 'platinum', stone: 'diamond', v: 0, view: 'front', w: 100, h: 120 };
    expect(parseShot(ring).success).toBe(true);
    const issues = (spec: unknown) => {
      const r = parseShot(spec);
      return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    };
    expect(issues({ ...ring, kind: 'tiara' })).toContain('kind');
    const { w: _w, ...noWidth } = ring;
    expect(issues(noWidth)).toContain('w');
    expect(issues({ w: 100, h: 50, bg: 0, items: [] })).toContain('items');
  });
});

describe('photo studio', () => {
  it('covers the recorded shots, no more and no fewer', () => {
    expect(Object.keys(STUDIO_SHOTS).sort()).toEqual(Object.keys(RECORDED).sort());
  });

  it.skipIf(!sameChromium)(
    `renders every shot with the recorded pixels (recorded with ${RECORDED_WITH}; here: ${chromium})`,
    { timeout: 180_000 },
    async () => {
      const studio = await openStudio();
      const rendered: Record<string, string> = {};
      try {
        // refused before it reaches the page
        await expect(studio.png({ ...STUDIO_SHOTS['giftbox'], kind: 'tiara' })).rejects.toThrow(/kind/);
        for (const [name, spec] of Object.entries(STUDIO_SHOTS)) {
          const pixels = await sharp(await studio.png(spec))
            .raw()
            .toBuffer();
          rendered[name] = createHash('sha256').update(pixels).digest('hex').slice(0, 16);
        }
      } finally {
        await studio.close();
      }
      const changed = Object.keys(RECORDED).filter((name) => rendered[name] !== RECORDED[name]);
      expect(changed, `changed shots (new digests: ${JSON.stringify(rendered, null, 2)})`).toEqual([]);
    },
  );
});
