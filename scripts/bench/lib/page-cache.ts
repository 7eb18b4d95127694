/** The kernel's page cache, for benchmarks that must start each build from the same machine state. */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

/**
 * Writes the file system's dirty pages out and drops the kernel's page cache (root only). On the
 * project's build machine, making folders gets slower after many were removed, until this is done:
 * a rebuild's ~23,000 folders then cost from 0.3 s to several seconds depending on the builds before
 * (`scripts/bench/mkdir-probe.ts`, docs/benchmarks.md "Rebuild growth").
 */
export function dropPageCache(): void {
  execFileSync('sync');
  try {
    writeFileSync('/proc/sys/vm/drop_caches', '1\n');
  } catch (e) {
    throw new Error(`--drop-caches: cannot drop the kernel's page cache (${(e as Error).message}); it needs root`);
  }
}
