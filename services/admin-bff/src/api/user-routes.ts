import { todayInIndia } from '@elts/contracts';
import { type AppEnv, queryParams, requireAdmin } from '@elts/platform';
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { csvLine, USER_CSV_COLUMNS } from '../queries/csv.js';
import { pageOf } from '../queries/filters.js';
import { chips, filteredUsers, SORTABLE, usersQuery, userView } from '../queries/users.js';
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
      const query = filteredUsers(db, filters);
      const [rows, total, chipCounts] = await Promise.all([
        query
          .selectAll()
          .orderBy(column, (ob) => (direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
          .orderBy('member_number')
          .limit(filters.limit)
          .offset((filters.page - 1) * filters.limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        chips(db, filters),
      ]);
      const today = todayInIndia();
      return c.json({
        is_success: true,
        message: 'Users fetched',
        users: rows.map((row) => userView(row, today)),
        pagination: pageOf(filters.page, filters.limit, Number(total.n)),
        chips: chipCounts,
      });
    })
    .get('/admin/users/export', queryParams(usersQuery), (c) => {
      requireAdmin(c);
      const filters = c.req.valid('query');
      const today = todayInIndia();
      const encoder = new TextEncoder();
      // Streamed in keyset batches by member number: memory stays flat whatever the number of users.
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(csvLine([...USER_CSV_COLUMNS])));
          let after = 0;
          for (;;) {
            const rows = await filteredUsers(db, filters)
              .selectAll()
              .where('member_number', '>', after)
              .orderBy('member_number')
              .limit(CSV_BATCH)
              .execute();
            for (const row of rows) {
              const user = userView(row, today);
              controller.enqueue(
                encoder.encode(
                  csvLine([
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
                  ]),
                ),
              );
            }
            if (rows.length < CSV_BATCH) break;
            after = rows.at(-1)!.member_number;
          }
          controller.close();
        },
      });
      return new Response(stream, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="users_${today}.csv"`,
          'cache-control': 'no-store',
        },
      });
    });
}
