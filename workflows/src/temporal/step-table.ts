import type { StepChange, StepType } from '../flows/timers.js';

/** A pending step as a workflow keeps it: plain data, so it survives continue-as-new. */
export interface PendingStep {
  type: StepType;
  key: string;
  dueAt: string;
  payload: Record<string, unknown>;
}

/**
 * The timers of one Temporal workflow, with the embedded timers table's rules: a step is (type, key); scheduling a
 * pending step moves it unless `onlyIfAbsent`; a running step is never reset from outside; a finished step may be
 * scheduled again. Deterministic: no clock, no I/O, so it runs inside the workflow sandbox.
 */
export class StepTable {
  private readonly steps = new Map<string, PendingStep>();
  private running: string | undefined;
  /** Bumped on every change, so a waiting workflow wakes up when a signal moves its timers. */
  version = 0;

  constructor(initial: PendingStep[] = []) {
    for (const step of initial) this.steps.set(id(step.type, step.key), step);
  }

  apply(changes: StepChange[]): void {
    for (const change of changes) {
      if (change.op === 'schedule') {
        const stepId = id(change.type, change.key);
        if (stepId === this.running) continue;
        if (change.onlyIfAbsent && this.steps.has(stepId)) continue;
        this.steps.set(stepId, { type: change.type, key: change.key, dueAt: change.dueAt.toISOString(), payload: change.payload });
      } else if (change.op === 'cancel') {
        this.steps.delete(id(change.type, change.key));
      } else {
        for (const [stepId, step] of this.steps) {
          if (step.key.startsWith(change.prefix) && (!change.types || change.types.includes(step.type))) this.steps.delete(stepId);
        }
      }
    }
    this.version++;
  }

  /** The earliest pending step (ties in the order they were scheduled), or undefined when none is left. */
  next(): PendingStep | undefined {
    let earliest: PendingStep | undefined;
    for (const step of this.steps.values()) if (!earliest || step.dueAt < earliest.dueAt) earliest = step;
    return earliest;
  }

  /** Takes a due step out of the table while it runs. */
  take(step: PendingStep): void {
    const stepId = id(step.type, step.key);
    this.steps.delete(stepId);
    this.running = stepId;
  }

  finished(): void {
    this.running = undefined;
  }

  get size(): number {
    return this.steps.size;
  }

  snapshot(): PendingStep[] {
    return [...this.steps.values()];
  }
}

const id = (type: string, key: string) => `${type}\u0000${key}`;
