import { adminBffOperations as ops } from '@elts/contracts';
import { type AppEnv, mount, requireAdmin } from '@elts/platform';
import { Hono } from 'hono';
import type { AdminBffContext } from '../context.js';
import { insertAuditEntry } from '../store/audit-log.js';

/** Rebuilding the read models from the event history (`npm run projections:rebuild`). */
export function projectionRoutes({ projections, db, clock }: AdminBffContext) {
  const app = new Hono<AppEnv>();
  mount(app, ops.adminRebuildProjections, async (c) => {
    const admin = requireAdmin(c);
    await insertAuditEntry(db, {
      actor: `admin:${admin.id}`,
      action: 'projections.rebuild',
      target: 'admin-bff',
      before: null,
      after: null,
      at: clock.now(),
    });
    await projections.rebuild();
    return c.json({ is_success: true, message: 'Rebuilding the read models from the event history', data: await projections.status() });
  });
  mount(app, ops.adminProjectionsStatus, async (c) => c.json({ is_success: true, data: await projections.status() }));
  return app;
}
