/** Renders a few pictures to /tmp at half size to look at them: tsx scripts/photos/try.ts PATH... (scene paths) or a JSON list of specs. */
import { writeFileSync } from 'node:fs';
import { openStudio } from './browser';
import { sceneFor } from './scenes';
import { OptionError, scriptOptions } from '../lib/cli-options';

const usage = "usage: tsx scripts/photos/try.ts SCENE_PATH... | '[SPEC, ...]'";
const arg = scriptOptions(process.argv.slice(2), { name: 'photos/try', usage, positional: true }, (o) => {
  if (!o.rest.length) throw new OptionError('give scene paths or a JSON list of specs');
  const unknown = o.rest[0]!.startsWith('[') ? [] : o.rest.filter((p) => !sceneFor(p));
  if (unknown.length) throw new OptionError(`no scene for ${unknown.join(', ')}`);
  return o.rest;
});
const specs: Record<string, unknown>[] = arg[0]?.startsWith('[')
  ? JSON.parse(arg[0])
  : arg.map((p) => {
      const s = sceneFor(p)!; // checked above
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
