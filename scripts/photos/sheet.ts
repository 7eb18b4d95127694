/** A contact sheet of some pictures, to look at them side by side: tsx scripts/photos/sheet.ts OUT.jpg W H FILE... */
import sharp from 'sharp';

const [out, w, h, ...files] = process.argv.slice(2);
const W = Number(w);
const H = Number(h);
const cols = Math.min(files.length, Math.max(1, Math.floor(1800 / W)));
const rows = Math.ceil(files.length / cols);
const tiles = await Promise.all(files.map((f) => sharp(f).resize(W, H, { fit: 'contain', background: '#ffffff' }).toBuffer()));
await sharp({ create: { width: cols * W, height: rows * H, channels: 3, background: '#ffffff' } })
  .composite(tiles.map((input, i) => ({ input, left: (i % cols) * W, top: Math.floor(i / cols) * H })))
  .png()
  .toFile(out!);
