import { type AppEnv, requireAdmin } from '@elts/platform';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Projections } from '../projections.js';
import type { AdminDb } from '../store/tables.js';

/** Rebuilding the read models from the event history (`npm run projections:rebuild`). */
export function projectionRoutes(projections: Projections, db: Kysely<AdminDb>) {
  return new Hono<AppEnv>()
    .post('/admin/projections/rebuild', async (c) => {
      const admin = requireAdmin(c);
      await db
        .insertInto('audit_log')
        .values({
          event_id: null,
          actor: `admin:${admin.id}`,
          action: 'projections.rebuild',
          target: 'admin-bff',
          before: null,
          after: null,
          at: new Date(),
        })
        .execute();
      await projections.rebuild();
      return c.json({ is_success: true, message: 'Rebuilding the read models from the event history', data: await projections.status() });
    })
    .get('/admin/projections/status', async (c) => {
      requireAdmin(c);
      return c.json({ is_success: true, data: await projections.status() });
    });
}
