// @ts-check
/**
 * The project's astro.config.mjs, unchanged except for `cacheDir` (BENCH_CACHE_DIR): benchmark
 * builds keep their content-layer data store apart from the builds other people run in the same
 * checkout, so a concurrent build can neither corrupt nor warm them.
 */
import base from '../../astro.config.mjs';

export default {
  ...base,
  ...(process.env.BENCH_CACHE_DIR ? { cacheDir: process.env.BENCH_CACHE_DIR } : {}),
};
