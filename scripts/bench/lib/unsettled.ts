/**
 * A bench run whose work stops with nothing left to wait for (a promise nobody will settle, a child
 * whose pipes were closed unread) lets Node end the process with code 0 and no word, so the run looks
 * complete with sections missing. `guardUnsettled` makes such an end a failure naming the section it
 * stopped in; `done()` once the run has really finished.
 */
export function guardUnsettled(section: () => string | null): { done(): void } {
  let over = false;
  const onBeforeExit = () => {
    if (over) return;
    over = true;
    console.error(`\nbench: stopped in section '${section() ?? '(none)'}' with nothing left to wait for: its work never finished`);
    process.exitCode = 1;
  };
  process.on('beforeExit', onBeforeExit);
  return {
    done() {
      over = true;
      process.off('beforeExit', onBeforeExit);
    },
  };
}
