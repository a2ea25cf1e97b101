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
    const results = jobs.map((job) => gate.run(job.run));
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
    const moreResults = more.map((job) => gate.run(job.run));
    await settle();
    expect(log.slice(-2)).toEqual(['start e', 'start f']);
    for (const job of more) job.finish();
    await Promise.all(moreResults);
  });

  it('passes the turn on when a placement fails', async () => {
    const gate = gateOf(1, 10);
    const failing = gate.run(async () => {
      throw new Error('hold refused');
    });
    const next = gate.run(async () => 'next');
    await expect(failing).rejects.toThrow('hold refused');
    expect(await next).toBe('next');
  });

  it('asks the buyer to try again (503) once the line is full, rather than queue without end', async () => {
    const gate = gateOf(1, 1);
    const log: string[] = [];
    const first = work(log, 'first');
    const running = gate.run(first.run);
    const waiting = gate.run(async () => 'waited');
    const refused = await gate.run(async () => 'never').catch((error: unknown) => error);
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
    expect(gate.isSoldOut('p1')).toBe(false);
    gate.markSoldOut('p1');
    expect(gate.isSoldOut('p1')).toBe(true);
    expect(gate.isSoldOut('p2')).toBe(false);
    clock.set(new Date('2026-11-27T18:30:00.999Z'));
    expect(gate.isSoldOut('p1')).toBe(true);
    clock.set(new Date('2026-11-27T18:30:01Z'));
    expect(gate.isSoldOut('p1')).toBe(false);
    gate.markSoldOut('p1');
    gate.markSoldOut('p2');
    gate.unitsBack();
    expect(gate.isSoldOut('p1')).toBe(false);
    expect(gate.isSoldOut('p2')).toBe(false);
  });
});
