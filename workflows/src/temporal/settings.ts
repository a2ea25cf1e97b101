import { z } from 'zod';
import { DEFAULT_TASK_QUEUE } from './contract.js';

/** Where Temporal is. Setting TEMPORAL_ADDRESS is what switches the payments service from the embedded driver. */
export const temporalConnectionSettings = z.object({
  TEMPORAL_ADDRESS: z.string().regex(/^[^\s:/]+:\d{1,5}$/, 'must be host:port'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default(DEFAULT_TASK_QUEUE),
});

export type TemporalConnectionSettings = z.output<typeof temporalConnectionSettings>;

/** The same settings for a process where Temporal is optional (the payments service): unset means embedded. */
export const optionalTemporalSettings = {
  TEMPORAL_ADDRESS: temporalConnectionSettings.shape.TEMPORAL_ADDRESS.optional(),
  TEMPORAL_NAMESPACE: temporalConnectionSettings.shape.TEMPORAL_NAMESPACE,
  TEMPORAL_TASK_QUEUE: temporalConnectionSettings.shape.TEMPORAL_TASK_QUEUE,
};
