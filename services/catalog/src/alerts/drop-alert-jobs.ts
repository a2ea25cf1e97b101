import type { DropAlertOutcome, dropAlertsRequestSchema } from '@elts/contracts';
import type { JobScheduler } from '@elts/workflows';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { CatalogContext } from '../commands/context.js';
import { type Drop, DropCalendar } from '../domain/drops.js';
import { loadStoredDrops } from '../store/drop-projection.js';
import { activeMembersWithLists } from '../store/members.js';
import type { CatalogDb } from '../store/tables.js';
import { productsInDrop } from './drop-audience.js';
import { dropMatchesByMember } from './drop-matches.js';
import { type AlertLeads, type DropMoment, dropMoments, momentStillTrue } from './drop-moments.js';

export const DROP_MOMENT_JOB = 'alerts.drop-moment';
export const PLAN_DROP_ALERTS_JOB = 'alerts.plan-drops';
/** The calendar's drops are computed, never created: a planner looks this far ahead, this often. */
const PLAN_AHEAD_DAYS = 8;
const PLAN_EVERY_SECONDS = 3600;
/** Identity's port takes at most 1,000 members a call, and a service's body at most 100 KiB (platform's createApp). */
export const CALL_LIMITS = { members: 1000, bytes: 90 * 1024 };

export type DropAlertsRequest = z.input<typeof dropAlertsRequestSchema>;
export type Outcomes = Partial<Record<DropAlertOutcome, number>>;
/** Identity's `POST /internal/drop-alerts` (docs/decisions/0088). */
export type QueueDropAlerts = (request: DropAlertsRequest) => Promise<Outcomes>;

const keyOf = (dropId: string, moment: DropMoment) => `${dropId}:${moment}`;

/** What the drop commands call, in their own transaction, when a drop is created, moved or cancelled. */
export interface DropAlertSchedule {
  follow(trx: Kysely<CatalogDb>, drop: Drop): Promise<void>;
}

/**
 * A drop's messages as durable steps of the catalog's job driver (decision 0088), written in the transaction that
 * changes the drop: its pending moments are replaced by those of its new window, and a cancelled drop has none.
 */
export function dropAlertSchedule(scheduler: () => JobScheduler, leads: AlertLeads, now: () => Date): DropAlertSchedule {
  return {
    async follow(trx, drop) {
      await scheduler().cancelByPrefix(`${drop.id}:`, [DROP_MOMENT_JOB], { db: trx });
      if (drop.cancelled) return;
      for (const { moment, dueAt } of dropMoments(drop, now(), leads, { catchUp: true })) {
        // A moment being sent now may have read the drop before this change (a product put in it a moment after the
        // drop was made): it runs once more. Identity takes each member's message of a moment once, so two runs at
        // once send nothing twice.
        const step = { dropId: drop.id, moment };
        await scheduler().schedule(DROP_MOMENT_JOB, keyOf(drop.id, moment), dueAt, step, { db: trx, againIfRunning: true });
      }
    },
  };
}

/**
 * Sends one moment of one drop: each active member's matches among the drop's products (the last call: those still
 * available) by the board's matcher, to identity in calls it accepts (`inCalls`). Members with no match are not
 * sent, and a drop with nothing to say sends nothing. Run again (a retry, a restart mid-send), identity answers
 * `already_sent` for every member it has queued, so no one hears twice.
 */
export async function sendDropMoment(
  context: CatalogContext,
  queue: QueueDropAlerts,
  dropId: string,
  moment: DropMoment,
): Promise<Outcomes> {
  const now = context.clock.now();
  const calendar = new DropCalendar(context.settings.DROP_ANCHOR_DATE, await loadStoredDrops(context.db));
  const drop = calendar.byId(dropId);
  if (!drop || drop.cancelled || !momentStillTrue(moment, drop, now)) return {};
  const products = await productsInDrop(context.db, calendar, drop, now, { availableOnly: moment === 'last_call' });
  if (products.length === 0) return {};
  const members = dropMatchesByMember(await activeMembersWithLists(context.db, now), products);
  const outcomes: Outcomes = {};
  for (const batch of inCalls(members, CALL_LIMITS)) {
    const answer = await queue({ dropId, moment, opensAt: drop.opensAt.toISOString(), members: batch });
    for (const [outcome, count] of Object.entries(answer) as [DropAlertOutcome, number][]) {
      outcomes[outcome] = (outcomes[outcome] ?? 0) + count;
    }
  }
  context.logger.info({ dropId, moment, members: members.length, outcomes }, 'drop alerts sent to identity');
  return outcomes;
}

/**
 * Members in calls identity accepts: at most `limits.members` a call, and bodies under `limits.bytes` (a member with
 * fifteen long product names takes about 6 KB; a usual one a few hundred bytes), in their order.
 */
export function inCalls<T>(members: T[], limits: { members: number; bytes: number }): T[][] {
  const calls: T[][] = [];
  let call: T[] = [];
  let bytes = 0;
  for (const member of members) {
    const size = Buffer.byteLength(JSON.stringify(member)) + 1;
    if (call.length > 0 && (call.length >= limits.members || bytes + size > limits.bytes)) {
      calls.push(call);
      call = [];
      bytes = 0;
    }
    call.push(member);
    bytes += size;
  }
  if (call.length > 0) calls.push(call);
  return calls;
}

/**
 * The calendar's drops exist without anyone creating them, so a recurring step plans the moments of every drop
 * opening in the next days; a moment already planned keeps its time, and one already past is not planned again.
 */
export async function planComingDrops(context: CatalogContext, scheduler: JobScheduler, leads: AlertLeads): Promise<void> {
  const now = context.clock.now();
  const calendar = new DropCalendar(context.settings.DROP_ANCHOR_DATE, await loadStoredDrops(context.db));
  const coming = calendar.between(now, new Date(now.getTime() + PLAN_AHEAD_DAYS * 86_400_000)).filter((drop) => !drop.cancelled);
  for (const drop of coming) {
    for (const { moment, dueAt } of dropMoments(drop, now, leads, { catchUp: false })) {
      await scheduler.schedule(DROP_MOMENT_JOB, keyOf(drop.id, moment), dueAt, { dropId: drop.id, moment }, { onlyIfAbsent: true });
    }
  }
}

export function registerDropAlertJobs(scheduler: JobScheduler, context: CatalogContext, queue: QueueDropAlerts, leads: AlertLeads): void {
  scheduler.register(DROP_MOMENT_JOB, async ({ dropId, moment }: { dropId: string; moment: DropMoment }) => {
    await sendDropMoment(context, queue, dropId, moment);
  });
  scheduler.every(PLAN_DROP_ALERTS_JOB, PLAN_EVERY_SECONDS, () => planComingDrops(context, scheduler, leads));
}
