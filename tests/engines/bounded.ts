/**
 * Every call to a browser driver is bounded. A driver can leave a command without an answer
 * (WebKitWebDriver has: a navigation or a script that never returns), and a journey waiting on it
 * would hang until the run's time-out, with every later journey queued behind it. A call past its
 * bound fails the journey with `NoAnswer`, which names the engine and the step; the suite then starts
 * the engine afresh for the next journey (./suite.ts).
 */

/** A driver call that did not answer within its bound. */
export class NoAnswer extends Error {
  override name = 'NoAnswer';
}

/** The bound of one driver call (a navigation, a script, a click with its wait for the element). */
export const CALL_MS = 60_000;

/** Runs `work`, failing with NoAnswer naming `step` when it has not settled after `ms`. */
export function bounded<T>(step: string, ms: number, work: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswer(`${step}: no answer from the browser within ${ms / 1000} s`)), ms);
  });
  const answer = work();
  // The call may still settle after its bound: its late answer or error goes nowhere.
  answer.catch(() => undefined);
  return Promise.race([answer, late]).finally(() => clearTimeout(timer));
}

/** True for an error that means the driver stopped answering (the engine is then started afresh). */
export const isNoAnswer = (err: unknown): boolean => err instanceof NoAnswer;

/** A catch for a call that may fail while a page changes (then `value`), but not one the driver left unanswered. */
export const noAnswerOr =
  <T>(value: T) =>
  (err: unknown): T => {
    if (isNoAnswer(err)) throw err;
    return value;
  };

/** A short name of a script for a step's name: its function's name, or its first characters. */
export function scriptName(fn: unknown): string {
  if (typeof fn === 'function' && fn.name) return fn.name;
  return String(fn).replace(/\s+/g, ' ').slice(0, 70);
}

/** An argument as JSON, patterns as their source (JSON would show a RegExp as {}). */
const shownArg = (a: unknown): string => JSON.stringify(a, (_k, v: unknown) => (v instanceof RegExp ? String(v) : v)) ?? String(a);

/**
 * The same object with every method bounded: each call fails with NoAnswer after `ms` (or the
 * method's own bound), naming `what` and the call with its arguments.
 */
export function boundAll<T extends object>(what: string, target: T, ms: number, own: Partial<Record<keyof T, number>> = {}): T {
  const out = {} as Record<string, unknown>;
  for (const [key, value] of Object.entries(target)) {
    if (typeof value !== 'function') {
      out[key] = value;
      continue;
    }
    out[key] = (...args: unknown[]) => {
      const shown = args.map((a) => (typeof a === 'function' ? scriptName(a) : typeof a === 'string' && a.length > 120 ? `${a.slice(0, 60)}…` : shownArg(a)));
      const bound = own[key as keyof T] ?? ms;
      return bounded(`${what}: ${key}(${shown.join(', ')})`, bound, () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
    };
  }
  return out as T;
}

/**
 * WebdriverIO's own bound of each request to the driver, a little past the journeys' `ms`, and no
 * retry: a command that failed or hung is not sent again (WebdriverIO retries by default, and with
 * the session's retry count a hung command would wait its bound eleven times; a retried click or
 * navigation would act twice). The options are read at every command, so this applies from now on.
 */
export function boundDriverRequests(b: { options: { connectionRetryTimeout?: number; connectionRetryCount?: number } }, ms: number): void {
  b.options.connectionRetryTimeout = ms + 5000;
  b.options.connectionRetryCount = 0;
}
