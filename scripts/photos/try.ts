/** Renders a few pictures to /tmp at half size to look at them: tsx scripts/photos/try.ts PATH... (scene paths) or a JSON list of specs. */
import { writeFileSync } from 'node:fs';
import { openStudio } from './browser';
import { sceneFor } from './scenes';

const arg = process.argv.slice(2);
const specs: Record<string, unknown>[] = arg[0]?.startsWith('[')
  ? JSON.parse(arg[0])
  : arg.map((p) => {
      const s = sceneFor(p)!;
      return { ...s, w: Math.round(Number(s.w) / 2), h: Math.round(Number(s.h) / 2), seed: 1 };
    });
const studio = await openStudio();
for (const [i, spec] of specs.entries()) {
  const t = performance.now();
  const jpg = await studio.shoot(spec);
  writeFileSync(`/tmp/wtphoto-try-${i}.jpg`, jpg);
  console.log(i, ((performance.now() - t) / 1000).toFixed(2) + 's', jpg.length);
}
await studio.close();
