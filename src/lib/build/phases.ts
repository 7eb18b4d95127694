/**
 * A build step's phase timer, for the step's log line: each `lap(name)` records into `timings`, under
 * `name`, the milliseconds since the timer started or since the last lap. Build time only.
 */
export function phaseTimer(timings: Record<string, number>): (name: string) => void {
  let since = performance.now();
  return (name) => {
    const now = performance.now();
    timings[name] = Math.round(now - since);
    since = now;
  };
}
