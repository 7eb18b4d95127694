/**
 * Runs a command and measures it the way the machine feels it: wall time and the peak resident
 * memory of the whole process tree (the command and every descendant), sampled from /proc.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const PAGE_SIZE = 4096;

/** Parent pid of every live process, read from /proc/<pid>/stat. */
export function processTable(): Map<number, number> {
  const table = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name (field 2) may contain spaces and parentheses: parse after the last ')'.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(name), Number(rest[1]));
    } catch {
      // the process ended while we looked
    }
  }
  return table;
}

/** The pid and every descendant of it, from a parent table. */
export function descendants(root: number, table: Map<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of table) (children.get(ppid) ?? children.set(ppid, []).get(ppid)!).push(pid);
  const out: number[] = [];
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

/** Resident memory of one process in bytes (0 when it is gone). */
export function rssBytes(pid: number): number {
  try {
    const statm = readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ');
    return Number(statm[1]) * PAGE_SIZE;
  } catch {
    return 0;
  }
}

/** Sum of the resident memory of a process tree in bytes. */
export function treeRss(root: number): number {
  let sum = 0;
  for (const pid of descendants(root, processTable())) sum += rssBytes(pid);
  return sum;
}

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

/** CPU time (user + system, all its threads) a process has used so far, ms (0 when it is gone). */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command name: state(0) ppid(1) ... utime(11) stime(12)
    return (Number(rest[11]) + Number(rest[12])) * CLOCK_TICK_MS;
  } catch {
    return 0;
  }
}

export interface MeasuredRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  wallMs: number;
  /** Peak of the summed resident memory of the process tree, bytes. */
  peakRss: number;
  /**
   * CPU time (user + system) of the tree, ms: the last value seen for each process (sampled, so the
   * final < sampleMs of a process may be missing). On a busy machine this says more than wall time.
   */
  cpuMs: number;
  /** Every output line with the milliseconds since the start at which it arrived. */
  lines: { ms: number; text: string }[];
}

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Sampling period of the memory poller (default 100 ms). */
  sampleMs?: number;
  /** Called for every output line (progress display). */
  onLine?: (line: string) => void;
  /** Kill the tree after this long. */
  timeoutMs?: number;
}

/** Runs `cmd args`, sampling the tree's memory; resolves when it exits (never rejects on a non-zero exit). */
export function runMeasured(cmd: string, args: string[], opts: RunOptions = {}): Promise<MeasuredRun> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const lines: MeasuredRun['lines'] = [];
    let peak = 0;
    const cpu = new Map<number, number>();
    const sample = () => {
      if (!child.pid) return;
      let rss = 0;
      for (const pid of descendants(child.pid, processTable())) {
        rss += rssBytes(pid);
        const c = cpuMs(pid);
        if (c > 0) cpu.set(pid, Math.max(cpu.get(pid) ?? 0, c));
      }
      peak = Math.max(peak, rss);
    };
    const timer = setInterval(sample, opts.sampleMs ?? 100);
    const killer = opts.timeoutMs ? setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), opts.timeoutMs) : undefined;
    const collect = (stream: NodeJS.ReadableStream) => {
      let buf = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        buf += chunk;
        let i: number;
        while ((i = buf.indexOf('\n')) >= 0) {
          const text = buf.slice(0, i);
          buf = buf.slice(i + 1);
          lines.push({ ms: performance.now() - t0, text });
          opts.onLine?.(text);
        }
      });
      stream.on('end', () => {
        if (buf) lines.push({ ms: performance.now() - t0, text: buf });
      });
    };
    collect(child.stdout!);
    collect(child.stderr!);
    child.on('error', (e) => {
      clearInterval(timer);
      if (killer) clearTimeout(killer);
      reject(e);
    });
    let exit: Pick<MeasuredRun, 'code' | 'signal' | 'wallMs'> | undefined;
    child.on('exit', (code, signal) => {
      exit = { code, signal, wallMs: performance.now() - t0 };
      clearInterval(timer);
      if (killer) clearTimeout(killer);
      // Stray grandchildren (a build may spawn workers) must not outlive the measurement.
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group is already gone
      }
    });
    child.on('close', () => {
      let total = 0;
      for (const v of cpu.values()) total += v;
      resolve({ ...exit!, peakRss: peak, cpuMs: total, lines });
    });
  });
}
