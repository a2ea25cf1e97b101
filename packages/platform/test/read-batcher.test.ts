import { describe, expect, it } from 'vitest';
import { ReadBatcher } from '../src/db/read-batcher.js';

/** A read the test ends when it wants, recording which keys each read was asked for. */
function reads() {
  const asked: string[][] = [];
  const pending: Array<{ keys: string[]; end: (error?: Error) => void }> = [];
  const read = (keys: string[]) =>
    new Promise<Map<string, string>>((resolve, reject) => {
      asked.push(keys);
      pending.push({
        keys,
        end: (error) =>
          error ? reject(error) : resolve(new Map(keys.filter((key) => key !== 'gone').map((key) => [key, `value of ${key}`]))),
      });
    });
  return { read, asked, endNext: (error?: Error) => pending.shift()!.end(error) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('read batcher (0074)', () => {
  it('reads a lone lookup at once', async () => {
    const { read, asked, endNext } = reads();
    const batcher = new ReadBatcher(read, { atOnce: 1, most: 10 });
    const value = batcher.get('a');
    expect(asked).toEqual([['a']]);
    endNext();
    expect(await value).toBe('value of a');
  });

  it('gathers the lookups that arrive during a read into the next one, and never answers them from an earlier read', async () => {
    const { read, asked, endNext } = reads();
    const batcher = new ReadBatcher(read, { atOnce: 1, most: 10 });
    const first = batcher.get('a');
    // These arrive while the read of 'a' is under way: even the second 'a' waits for a read that begins after it.
    const later = ['b', 'a', 'c', 'b', 'gone'].map((key) => batcher.get(key));
    expect(asked).toEqual([['a']]);
    endNext();
    expect(await first).toBe('value of a');
    await settle();
    expect(asked).toEqual([['a'], ['b', 'a', 'c', 'gone']]);
    endNext();
    expect(await Promise.all(later)).toEqual(['value of b', 'value of a', 'value of c', 'value of b', undefined]);
  });

  it('runs `atOnce` reads together and caps a read at `most` keys', async () => {
    const { read, asked, endNext } = reads();
    const batcher = new ReadBatcher(read, { atOnce: 2, most: 2 });
    const values = ['a', 'b', 'c', 'd', 'e', 'f'].map((key) => batcher.get(key));
    expect(asked).toEqual([['a'], ['b']]);
    endNext();
    await settle();
    expect(asked.slice(2)).toEqual([['c', 'd']]);
    endNext();
    endNext();
    await settle();
    expect(asked.slice(3)).toEqual([['e', 'f']]);
    endNext();
    expect(await Promise.all(values)).toHaveLength(6);
  });

  it('fails only the lookups of a read that failed, and goes on', async () => {
    const { read, endNext } = reads();
    const batcher = new ReadBatcher(read, { atOnce: 1, most: 10 });
    const first = batcher.get('a');
    const second = batcher.get('b');
    endNext(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settle();
    endNext();
    expect(await second).toBe('value of b');
  });
});
