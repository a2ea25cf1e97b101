import { randomUUID } from 'node:crypto';
import { COPY, identityOperations } from '@elts/contracts';
import { type AppEnv, createStream, mount } from '@elts/platform';
import { Hono } from 'hono';
import type { IdentityContext } from '../commands/context.js';
import { receiveContactMessage } from '../domain/contact.js';

export function contactRoutes({ events }: IdentityContext) {
  const app = new Hono<AppEnv>();
  mount(app, identityOperations.contact, async (c) => {
    const { streamId, event } = receiveContactMessage(randomUUID(), c.req.valid('json'));
    await events.transact((unit) => createStream(unit, streamId, () => [event], { metadata: { actor: 'visitor' } }));
    return c.json({ is_success: true, message: COPY.contact.success }, 201);
  });
  return app;
}
