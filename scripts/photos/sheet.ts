/** A contact sheet of some pictures, to look at them side by side: tsx scripts/photos/sheet.ts OUT.jpg W H FILE... */
import sharp from 'sharp';
import { OptionError, scriptOptions } from '../lib/cli-options';

const { out, W, H, files } = scriptOptions(
  process.argv.slice(2),
  { name: 'photos/sheet', usage: 'usage: tsx scripts/photos/sheet.ts OUT.jpg W H FILE...', positional: true },
  (o) => {
    const [out, w, h, ...files] = o.rest;
    const [W, H] = [Number(w), Number(h)];
    if (!out || !files.length) throw new OptionError('give the output file, the width and height of a tile, and at least one picture');
    if (!Number.isInteger(W) || !Number.isInteger(H) || W < 1 || H < 1) throw new OptionError(`W and H must be whole numbers of pixels (got '${w}' '${h}')`);
    return { out, W, H, files };
  },
);
const cols = Math.min(files.length, Math.max(1, Math.floor(1800 / W)));
const rows = Math.ceil(files.length / cols);
const tiles = await Promise.all(files.map((f) => sharp(f).resize(W, H, { fit: 'contain', background: '#ffffff' }).toBuffer()));
await sharp({ create: { width: cols * W, height: rows * H, channels: 3, background: '#ffffff' } })
  .composite(tiles.map((input, i) => ({ input, left: (i % cols) * W, top: Math.floor(i / cols) * H })))
  .png()
  .toFile(out);
