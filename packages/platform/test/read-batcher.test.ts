import { describe, expect, it } from 'vitest';
import { ReadBatcher } from '../src/db/read-batcher.js';

/** A read the test ends when it wants, recording which keys each read was asked for. */
function reads() {
  const asked: string[][] = [];
  const pending: Array<(error?: Error) => void> = [];
  const read = (keys: string[]) =>
    new Promise<Map<string, string>>((resolve, reject) => {
      asked.push(keys);
      const found = new Map(keys.filter((key) => key !== 'gone').map((key) => [key, `value of ${key}`]));
      pending.push((error) => (error ? reject(error) : resolve(found)));
    });
  return { read, asked, endNext: (error?: Error) => pending.shift()!(error) };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('read batcher (0074)', () => {
  it('reads the lookups of one turn of the event loop together, once the turn ends', async () => {
    const { read, asked, endNext } = reads();
    const batcher = new ReadBatcher(read);
    const values = ['a', 'b', 'a', 'gone'].map((key) => batcher.get(key));
    expect(asked).toEqual([]);
    await nextTurn();
    expect(asked).toEqual([['a', 'b', 'gone']]);
    endNext();
    expect(await Promise.all(values)).toEqual(['value of a', 'value of b', 'value of a', undefined]);
  });

  it('never answers a lookup from a read that began before it', async () => {
    const { read, asked, endNext } = reads();
    const batcher = new ReadBatcher(read);
    const first = batcher.get('a');
    await nextTurn();
    // The read of 'a' is under way: a second lookup of 'a' gets a read of its own.
    const second = batcher.get('a');
    await nextTurn();
    expect(asked).toEqual([['a'], ['a']]);
    endNext();
    endNext();
    expect([await first, await second]).toEqual(['value of a', 'value of a']);
  });

  it('splits a turn with more keys than `most` into several reads', async () => {
    const { read, asked, endNext } = reads();
    const batcher = new ReadBatcher(read, 2);
    const values = ['a', 'b', 'c', 'd', 'e'].map((key) => batcher.get(key));
    await nextTurn();
    expect(asked).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    for (let n = 0; n < 3; n++) endNext();
    expect(await Promise.all(values)).toEqual(['a', 'b', 'c', 'd', 'e'].map((key) => `value of ${key}`));
  });

  it('fails only the lookups of the read that failed', async () => {
    const { read, endNext } = reads();
    const batcher = new ReadBatcher(read, 1);
    const first = batcher.get('a');
    const second = batcher.get('b');
    await nextTurn();
    endNext(new Error('connection lost'));
    endNext();
    await expect(first).rejects.toThrow('connection lost');
    expect(await second).toBe('value of b');
  });
});
