import { describe, expect, it } from 'vitest';
import { lazily, once, onceMore, sequential } from '#shared/async.js';

/** A promise the test settles by hand. */
function gate<T = void>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (open = resolve));
  return { promise, open };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sequential', () => {
  it('runs calls one after another in call order, each with its own result', async () => {
    const log: string[] = [];
    const first = gate();
    const run = sequential(async (name: string, wait?: Promise<void>) => {
      log.push(`start ${name}`);
      await wait;
      log.push(`end ${name}`);
      return name.toUpperCase();
    });
    const a = run('a', first.promise);
    const b = run('b');
    await tick();
    expect(log).toEqual(['start a']); // b waits for a
    first.open();
    expect(await Promise.all([a, b])).toEqual(['A', 'B']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('keeps going after a failed call', async () => {
    const run = sequential(async (fail: boolean) => {
      if (fail) throw new Error('boom');
      return 'ok';
    });
    const failed = run(true);
    const next = run(false);
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ok');
  });
});

describe('once', () => {
  it('gives calls made during a run that run, and starts afresh after it settles', async () => {
    let runs = 0;
    const release = gate();
    const run = once(async () => {
      runs += 1;
      await release.promise;
      return runs;
    });
    const a = run();
    const b = run();
    expect(a).toBe(b);
    release.open();
    expect(await a).toBe(1);
    expect(await run()).toBe(2);
  });

  it('clears itself when the function throws before its first await', async () => {
    let calls = 0;
    const run = once(() => {
      calls += 1;
      if (calls === 1) throw new Error('first');
      return 'second';
    });
    await expect(run()).rejects.toThrow('first');
    await expect(run()).resolves.toBe('second');
  });
});

describe('onceMore', () => {
  it('gives calls made during a pass exactly one more pass, and never two passes at once', async () => {
    let running = 0;
    let maxRunning = 0;
    let passes = 0;
    const release = gate();
    const pass = onceMore(async () => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      passes += 1;
      if (passes === 1) await release.promise;
      running -= 1;
    });
    const first = pass();
    const before = pass(); // made before the pass read anything: that pass serves it
    await tick();
    expect(passes).toBe(1);
    const during = [pass(), pass(), pass()]; // the pass may have read its input already: one more pass
    expect(await Promise.race([before, tick().then(() => 'pending')])).toBe('pending');
    release.open();
    await Promise.all([first, before, ...during]);
    expect(passes).toBe(2);
    expect(maxRunning).toBe(1);
    await pass();
    expect(passes).toBe(3);
  });
});

describe('lazily', () => {
  it('loads on the first call only, and every caller shares that load', async () => {
    let loads = 0;
    const load = lazily(async () => {
      loads += 1;
      await tick();
      return { loads };
    });
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([load(), load()]);
    expect(await load()).toBe(a);
    expect(b).toBe(a);
    expect(loads).toBe(1);
  });
});
