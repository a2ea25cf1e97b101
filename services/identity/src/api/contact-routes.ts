import { randomUUID } from 'node:crypto';
import { COPY, contactRequestSchema } from '@elts/contracts';
import { type AppEnv, type EventStore, jsonBody } from '@elts/platform';
import { Hono } from 'hono';
import { receiveContactMessage } from '../domain/contact.js';

export function contactRoutes(events: EventStore) {
  return new Hono<AppEnv>().post('/user/contact', jsonBody(contactRequestSchema), async (c) => {
    const { streamId, event } = receiveContactMessage(randomUUID(), c.req.valid('json'));
    await events.append(streamId, 0, [event]);
    return c.json({ is_success: true, message: COPY.contact.success }, 201);
  });
}
