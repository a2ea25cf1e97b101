import { todayInIndia } from '@elts/contracts';
import { type AppEnv, csvDownload, queryParams, requireAdmin } from '@elts/platform';
import { Hono } from 'hono';
import { type Kysely, sql } from 'kysely';
import { USER_CSV_COLUMNS } from '../queries/csv.js';
import { pageOf } from '../queries/filters.js';
import { inParallel } from '../queries/parallel.js';
import { chips, countUsers, filteredUsers, SORTABLE, usersQuery, userView } from '../queries/users.js';
import type { AdminDb } from '../store/tables.js';

const CSV_BATCH = 1000;

/** The Users page: the list with its filters, chips and sorting, and the CSV of the same selection. */
export function userRoutes(db: Kysely<AdminDb>) {
  return new Hono<AppEnv>()
    .get('/admin/users', queryParams(usersQuery), async (c) => {
      requireAdmin(c);
      const filters = c.req.valid('query');
      const column = SORTABLE[filters.sort];
      // Age grows as the date of birth goes back: youngest first is the latest date first.
      const direction = filters.sort === 'age' ? (filters.order === 'asc' ? 'desc' : 'asc') : filters.order;
      const sorted = sql`${sql.ref(column)} ${sql.raw(direction)} nulls last, member_number`;
      // The page's member numbers walk the sort's index alone (a deep page skips index entries, not rows), then
      // only that page's rows are read.
      const page = filteredUsers(db, filters)
        .select('member_number')
        .orderBy(sorted)
        .limit(filters.limit)
        .offset((filters.page - 1) * filters.limit);
      const [rows, total, chipCounts] = await inParallel(
        () => db.selectFrom('users').selectAll().where('member_number', 'in', page).orderBy(sorted).execute(),
        () => countUsers(db, filters),
        () => chips(db, filters),
      );
      const today = todayInIndia();
      return c.json({
        is_success: true,
        message: 'Users fetched',
        users: rows.map((row) => userView(row, today)),
        pagination: pageOf(filters.page, filters.limit, total),
        chips: chipCounts,
      });
    })
    .get('/admin/users/export', queryParams(usersQuery), (c) => {
      requireAdmin(c);
      const filters = c.req.valid('query');
      const today = todayInIndia();
      return csvDownload<Parameters<typeof userView>[0]>({
        fileName: `users_${today}.csv`,
        header: USER_CSV_COLUMNS,
        batchSize: CSV_BATCH,
        readBatch: (after) =>
          filteredUsers(db, filters)
            .selectAll()
            .where('member_number', '>', after?.member_number ?? 0)
            .orderBy('member_number')
            .limit(CSV_BATCH)
            .execute(),
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
}
