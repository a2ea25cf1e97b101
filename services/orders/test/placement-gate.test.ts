import { AppError, ManualClock } from '@elts/platform';
import { describe, expect, it } from 'vitest';
import { PlacementGate } from '../src/commands/placement-gate.js';

const gateOf = (atOnce: number, waiting: number, clock = new ManualClock()) =>
  new PlacementGate({ atOnce, waiting, soldOutMs: 1000, clock });

/** A piece of work the test finishes when it wants, recording when it started. */
function work(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    run: async () => {
      log.push(`start ${name}`);
      await done;
      return name;
    },
    finish,
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('placement gate (0073)', () => {
  it('runs at most `atOnce` placements, the others in arrival order as turns free', async () => {
    const gate = gateOf(2, 10);
    const log: string[] = [];
    const jobs = ['a', 'b', 'c', 'd'].map((name) => work(log, name));
    const results = jobs.map((job) => gate.run('p1', 1, job.run));
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    jobs[1]!.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    jobs[0]!.finish();
    jobs[2]!.finish();
    jobs[3]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    // Every turn came back: two more run at once again.
    const more = [work(log, 'e'), work(log, 'f')];
    const moreResults = more.map((job) => gate.run('p1', 1, job.run));
    await settle();
    expect(log.slice(-2)).toEqual(['start e', 'start f']);
    for (const job of more) job.finish();
    await Promise.all(moreResults);
  });

  it('passes the turn on when a placement fails', async () => {
    const gate = gateOf(1, 10);
    const failing = gate.run('p1', 1, async () => {
      throw new Error('hold refused');
    });
    const next = gate.run('p1', 1, async () => 'next');
    await expect(failing).rejects.toThrow('hold refused');
    expect(await next).toBe('next');
  });

  it('asks the buyer to try again (503) once the line is full, rather than queue without end', async () => {
    const gate = gateOf(1, 1);
    const log: string[] = [];
    const first = work(log, 'first');
    const running = gate.run('p1', 1, first.run);
    const waiting = gate.run('p1', 1, async () => 'waited');
    const refused = await gate.run('p1', 1, async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(503);
    first.finish();
    expect(await running).toBe('first');
    expect(await waiting).toBe('waited');
  });

  it('remembers a sold-out product for a short while, and forgets it when units come back', () => {
    const clock = new ManualClock();
    clock.set(new Date('2026-11-27T18:30:00Z'));
    const gate = gateOf(1, 1, clock);
    expect(gate.refuses('p1', 1)).toBe(false);
    gate.markSoldOut('p1');
    expect(gate.refuses('p1', 1)).toBe(true);
    expect(gate.refuses('p2', 1)).toBe(false);
    clock.set(new Date('2026-11-27T18:30:00.999Z'));
    expect(gate.refuses('p1', 1)).toBe(true);
    clock.set(new Date('2026-11-27T18:30:01Z'));
    expect(gate.refuses('p1', 1)).toBe(false);
    gate.markSoldOut('p1');
    gate.markSoldOut('p2');
    gate.unitsBack();
    expect(gate.refuses('p1', 1)).toBe(false);
    expect(gate.refuses('p2', 1)).toBe(false);
  });

  it('refuses at arrival once the placements let in cover the units the last read found, and forgets a stale read', async () => {
    const clock = new ManualClock();
    clock.set(new Date('2026-11-27T18:30:00Z'));
    const gate = gateOf(1, 10, clock);
    const log: string[] = [];
    // Nothing read yet: nobody is refused from memory.
    const first = work(log, 'first');
    let firstAdmission!: { holdAnswered(): void };
    const running = gate.run('p1', 1, (admission) => {
      firstAdmission = admission;
      return first.run();
    });
    expect(gate.refuses('p1', 1)).toBe(false);
    // The first placement's read finds two units left; it and one waiting buyer speak for both.
    gate.unitsLeft('p1', 2);
    expect(gate.refuses('p1', 1)).toBe(false);
    const second = work(log, 'second');
    const waiting = gate.run('p1', 1, second.run);
    expect(gate.refuses('p1', 1)).toBe(true);
    expect(gate.refuses('p2', 1)).toBe(false);
    // The first's hold is answered: its unit is no longer counted, and the next read will have it.
    firstAdmission.holdAnswered();
    firstAdmission.holdAnswered();
    expect(gate.refuses('p1', 1)).toBe(false);
    expect(gate.refuses('p1', 2)).toBe(true);
    // A read older than the memory is not trusted.
    clock.set(new Date('2026-11-27T18:30:01Z'));
    expect(gate.refuses('p1', 2)).toBe(false);
    gate.unitsLeft('p1', 1);
    expect(gate.refuses('p1', 1)).toBe(true);
    // A unit given back makes the last read stale at once.
    gate.unitsBack();
    expect(gate.refuses('p1', 1)).toBe(false);
    first.finish();
    await settle();
    second.finish();
    expect([await running, await waiting]).toEqual(['first', 'second']);
    // Every placement ended: nothing is spoken for, so an old read refuses no one.
    gate.unitsLeft('p1', 0);
    expect(gate.refuses('p1', 1)).toBe(false);
  });
});
