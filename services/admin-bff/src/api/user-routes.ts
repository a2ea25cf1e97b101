import { adminBffOperations as ops, todayInIndia } from '@elts/contracts';
import { type AppEnv, csvDownload, mount } from '@elts/platform';
import { Hono } from 'hono';
import type { AdminBffContext } from '../context.js';
import { USER_CSV_COLUMNS } from '../store/csv.js';
import { pageOf } from '../store/filters.js';
import { usersAfter, usersPage, userView } from '../store/users.js';

const CSV_BATCH = 1000;

/** The Users page: the list with its filters, chips and sorting, and the CSV of the same selection. */
export function userRoutes({ db }: AdminBffContext) {
  const app = new Hono<AppEnv>();
  mount(app, ops.adminUsers, async (c) => {
    const filters = c.req.valid('query');
    const [rows, total, chipCounts] = await usersPage(db, filters);
    const today = todayInIndia();
    return c.json({
      is_success: true,
      message: 'Users fetched',
      users: rows.map((row) => userView(row, today)),
      pagination: pageOf(filters.page, filters.limit, total),
      chips: chipCounts,
    });
  });
  mount(app, ops.adminUsersExport, (c) => {
    const filters = c.req.valid('query');
    const today = todayInIndia();
    return csvDownload<Parameters<typeof userView>[0]>({
      fileName: `users_${today}.csv`,
      header: USER_CSV_COLUMNS,
      batchSize: CSV_BATCH,
      readBatch: (after) => usersAfter(db, filters, after, CSV_BATCH),
      cells: (row) => {
        const user = userView(row, today);
        return [
          user.firstname,
          user.lastname,
          user.email,
          user.mobile,
          user.gender,
          user.dob,
          user.age,
          user.profession,
          user.subscriptionType,
          user.gst,
          user.pincode,
          user.address,
          user.professionAddress,
          user.needList,
          user.greedList,
        ];
      },
    });
  });
  return app;
}
