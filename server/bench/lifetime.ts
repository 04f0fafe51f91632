/**
 * A bench's lifetime: what it started is stopped, newest first, when it ends, fails, runs past
 * its time limit, or is interrupted or killed, so no database, nginx or server outlives it.
 */

/** What must be stopped, newest first. */
export const cleanups: Array<() => Promise<unknown> | unknown> = [];

async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.reverse().splice(0)) {
    try {
      await cleanup();
    } catch (error) {
      console.error(error);
    }
  }
}

/** Runs `main`, stopping everything in `cleanups` after it, after `limitMs`, on Ctrl-C and on a kill. */
export function runBounded(main: () => Promise<void>, limitMs: number): void {
  const limit = setTimeout(() => {
    console.error(`stopped: the benchmark ran past ${limitMs / 1000} s`);
    void cleanUp().then(() => process.exit(1));
  }, limitMs);
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => void cleanUp().then(() => process.exit(code)));
  }
  main()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(async () => {
      clearTimeout(limit);
      await cleanUp();
    });
}
