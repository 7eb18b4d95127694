import { describe, expect, it } from 'vitest';
import { readRenderResult } from '../../src/lib/build/render/result';

const answer = {
  tooMany: false,
  limit: 2000,
  written: ['careers/index.html'],
  removed: [],
  added: [],
  rendered: 1,
  kept: 946,
  timings: { context: 3, changes: 12, paths: 480 },
  counts: { 'keys reused': 117, 'read ahead': 40 },
  routes: { listed: ['src/pages/index.astro'], taken: ['src/pages/[...path].astro'] },
};

describe("the persistent renderer's answer", () => {
  it('is read as the renderer wrote it', () => {
    expect(readRenderResult(JSON.stringify(answer))).toEqual(answer);
  });

  it('a line that is not JSON, or an answer of another shape, is named, not read as half an answer', () => {
    expect(() => readRenderResult('renderer: loading')).toThrow(/^the renderer's answer is not JSON: /);
    // A renderer from before the counts were apart from the times.
    const { counts: _counts, ...older } = answer;
    expect(() => readRenderResult(JSON.stringify(older))).toThrow(
      "the renderer's answer is not one this server reads (a renderer of another version?): counts: ",
    );
    expect(() => readRenderResult(JSON.stringify({ ...answer, rendered: -1 }))).toThrow(/: rendered: /);
    expect(() => readRenderResult(JSON.stringify({ ...answer, written: 'careers/index.html' }))).toThrow(/: written: /);
  });
});
