import { describe, expect, it } from 'vitest';
import { Wakeup } from '../src/bus/wakeup.js';

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('wakeup', () => {
  it('wakes every sleeper, so one cannot take a wake meant for another', async () => {
    const wakeup = new Wakeup();
    const first = wakeup.wait(60_000);
    const second = wakeup.wait(60_000);
    expect(await settled(first)).toBe(false);
    wakeup.wake();
    expect(await settled(first)).toBe(true);
    expect(await settled(second)).toBe(true);
  });

  it('remembers one wake given while nobody sleeps, and only one', async () => {
    const wakeup = new Wakeup();
    wakeup.wake();
    wakeup.wake();
    expect(await settled(wakeup.wait(60_000))).toBe(true);
    const next = wakeup.wait(20);
    expect(await settled(next)).toBe(false);
    await next;
  });
});
