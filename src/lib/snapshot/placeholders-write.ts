/**
 * Placeholder colours of a snapshot's pictures: the mean colour of each file in `media/`, written to
 * `placeholders.json` (path -> '#rrggbb') when a snapshot is pulled or generated, so the build shows
 * a matching tint under every image while it loads, without decoding a picture per page.
 */
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import sharp from 'sharp';

const PICTURES = new Set(['.jpg', '.jpeg', '.png', '.webp', '.avif', '.gif', '.svg']);

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/** The mean colour of one picture over white (transparent areas read as the page's white). */
export async function meanColour(file: string): Promise<string> {
  // 8x8 is plenty for a mean and keeps a 1,600 px JPEG to a few milliseconds.
  const { data, info } = await sharp(file)
    .resize(8, 8, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += info.channels) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
  const n = data.length / info.channels;
  return `#${hex(sum[0]! / n)}${hex(sum[1]! / n)}${hex(sum[2]! / n)}`;
}

function* files(dir: string): Generator<string> {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return;
  }
  for (const name of names) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (PICTURES.has(extname(name).toLowerCase())) yield p;
  }
}

/** Computes the colours of `{snapshot}/media` and writes `{snapshot}/placeholders.json`; returns how many. */
export async function writePlaceholders(snapshotDir: string): Promise<number> {
  const media = join(snapshotDir, 'media');
  const out: Record<string, string> = {};
  for (const file of files(media)) {
    try {
      out['/' + relative(media, file).split(sep).join('/')] = await meanColour(file);
    } catch {
      /* an unreadable picture simply gets no placeholder */
    }
  }
  writeFileSync(join(snapshotDir, 'placeholders.json'), `${JSON.stringify(out, null, 1)}\n`);
  return Object.keys(out).length;
}
