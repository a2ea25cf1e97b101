import type { PaymentTimeouts, StepService } from '@elts/contracts';
import type { Clock, InternalClient, Logger } from '@elts/platform';
import type { Kysely } from 'kysely';
import type { Projections } from './projections.js';
import type { AdminDb } from './store/tables.js';

/** What admin-bff's routes are built from, made once in service.ts: every route module takes it. */
export interface AdminBffContext {
  db: Kysely<AdminDb>;
  projections: Projections;
  /** The services whose operations the Cron page drives (payments' schedules; everyone's failing steps). */
  clients: Record<StepService, () => InternalClient>;
  /** Identity, which names the operators of the audit trail. */
  identity: () => InternalClient;
  /** The thresholds payments times payments out by, for the timeout analysis and the at-risk list. */
  timeouts: PaymentTimeouts;
  /** The catalogue's drop calendar anchor (the same variable, parsed alike): the Drops chart's calendar drops. */
  dropAnchor: string;
  logger: Logger;
  clock: Clock;
}
