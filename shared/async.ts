/**
 * Two small ways to keep async work from overlapping, after Actual Budget's loot-core (shared/async.ts),
 * used instead of hand-rolled promise chains and flags. Pure: no DOM, no Node, so page, service worker and
 * API can all use them.
 */

type AsyncFunction<Args extends unknown[], Result> = (...args: Args) => Promise<Result> | Result;

/**
 * Calls run strictly one after another, in the order they were made; each caller gets its own result.
 * A call that fails does not stop the ones queued behind it.
 */
export function sequential<Args extends unknown[], Result>(
  fn: AsyncFunction<Args, Result>,
): (...args: Args) => Promise<Result> {
  let tail: Promise<unknown> = Promise.resolve();
  return (...args: Args) => {
    const result = tail.then(() => fn(...args));
    tail = result.catch(() => undefined);
    return result;
  };
}

/**
 * At most one run at a time: a call made while one is running gets that run's promise instead of starting
 * another. Once it settles, the next call starts a fresh run.
 */
export function once<Args extends unknown[], Result>(
  fn: AsyncFunction<Args, Result>,
): (...args: Args) => Promise<Result> {
  let running: Promise<Result> | null = null;
  return (...args: Args) => {
    running ??= (async () => {
      try {
        // A function that throws before its first await must still clear `running` after it is set.
        await undefined;
        return await fn(...args);
      } finally {
        running = null;
      }
    })();
    return running;
  };
}

/**
 * Like `once`, but a call made while a run is going asks for one more run after it: the run may have read
 * its input before the caller's change. Every caller's promise settles after a run that started after the
 * call. Used for queue passes: several triggers firing together give one pass, plus one more at most.
 */
export function onceMore(fn: () => Promise<void>): () => Promise<void> {
  let again = false;
  const passes = once(async () => {
    do {
      again = false;
      await fn();
    } while (again);
  });
  return () => {
    again = true;
    return passes();
  };
}

/**
 * The first call starts `load`; every call, then and later, gets that same promise. For loading a heavy
 * module on first use (`lazily(() => import('pg'))`) so that a process which never needs it never pays
 * for it. A failed load stays failed, as a failed static import would.
 */
export function lazily<Result>(load: () => Promise<Result>): () => Promise<Result> {
  let loaded: Promise<Result> | undefined;
  return () => (loaded ??= load());
}
