import { describe, expect, it } from 'vitest';
import { ConcurrencyError, retryOnConcurrency } from '../src/index.js';

const lostRace = () => new ConcurrencyError('product-1', 3, 4);

describe('retryOnConcurrency', () => {
  it('decides again after losing a race and returns the later result', async () => {
    let calls = 0;
    const result = await retryOnConcurrency(async () => {
      calls++;
      if (calls < 3) throw lostRace();
      return 'saved';
    });
    expect(result).toBe('saved');
    expect(calls).toBe(3);
  });

  it('gives up after the attempts with the caller’s error, or the conflict itself', async () => {
    let calls = 0;
    const always = async () => {
      calls++;
      throw lostRace();
    };
    await expect(retryOnConcurrency(always, { exhausted: () => new Error('changed at the same time') })).rejects.toThrow(
      'changed at the same time',
    );
    expect(calls).toBe(3);
    await expect(retryOnConcurrency(always, { attempts: 2 })).rejects.toBeInstanceOf(ConcurrencyError);
    expect(calls).toBe(5);
  });

  it('does not repeat a command that failed for another reason', async () => {
    let calls = 0;
    await expect(
      retryOnConcurrency(async () => {
        calls++;
        throw new Error('Product not found');
      }),
    ).rejects.toThrow('Product not found');
    expect(calls).toBe(1);
  });
});
