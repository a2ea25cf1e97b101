import { type adminBffOperations, ageOn, type QueryOf, todayInIndia } from '@elts/contracts';
import { type Kysely, sql } from 'kysely';
import { likePattern } from './filters.js';
import { inParallel } from './parallel.js';
import type { AdminDb } from './tables.js';

export type UsersQuery = QueryOf<typeof adminBffOperations.adminUsers>;

/** The column each of the Users page's sorts orders by. */
export const SORTABLE: Record<UsersQuery['sort'], string> = {
  memberNumber: 'member_number',
  firstname: 'firstname',
  lastname: 'lastname',
  email: 'email',
  profession: 'profession',
  subscriptionType: 'persona',
  pincode: 'pincode',
  age: 'dob',
  createdAt: 'created_at',
};

/**
 * The users matching the page's filters. Chips narrow: a user must have every selected pincode's... one of the
 * selected pincodes, and every selected Need item and Greed item.
 */
export function filteredUsers(db: Kysely<AdminDb>, filters: Omit<UsersQuery, 'sort' | 'order' | 'page' | 'limit' | 'chipSearch'>) {
  let query = db.selectFrom('users');
  if (filters.name) query = query.where(sql`firstname || ' ' || lastname`, 'ilike', likePattern(filters.name));
  if (filters.email) query = query.where('email', 'ilike', likePattern(filters.email));
  if (filters.profession) query = query.where('profession', '=', filters.profession);
  if (filters.subscriptionType) query = query.where('persona', '=', filters.subscriptionType);
  if (filters.pincodes.length > 0) query = query.where('pincode', 'in', filters.pincodes);
  for (const [listName, items] of [
    ['need', filters.need],
    ['greed', filters.greed],
  ] as const) {
    for (const item of items) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_list_items as i')
            .select('i.item')
            .whereRef('i.member_id', '=', 'users.member_id')
            .where('i.list', '=', listName)
            .where('i.item', '=', item),
        ),
      );
    }
  }
  return query;
}

/** Members whose email or full name matches a LIKE pattern (each answered by its trigram index). */
export function matchingMembers(db: Kysely<AdminDb>, pattern: string) {
  return db
    .selectFrom('users')
    .select('member_id')
    .where((eb) => eb.or([eb('email', 'ilike', pattern), eb(sql`firstname || ' ' || lastname`, 'ilike', pattern)]));
}

type FacetFilters = Pick<UsersQuery, 'name' | 'email' | 'profession' | 'subscriptionType'>;

/** user_facets rows for the profession and persona filters; undefined when a free-text filter needs the users. */
function facets(db: Kysely<AdminDb>, filters: FacetFilters) {
  if (filters.name || filters.email) return undefined;
  let query = db.selectFrom('user_facets as f');
  if (filters.profession) query = query.where('f.profession', '=', filters.profession);
  if (filters.subscriptionType) query = query.where('f.persona', '=', filters.subscriptionType);
  return query;
}

/** How many users match the filters: from user_facets unless a free-text or list-item filter needs the users. */
export async function countUsers(db: Kysely<AdminDb>, filters: UsersQuery): Promise<number> {
  const counted = filters.need.length + filters.greed.length === 0 ? facets(db, filters) : undefined;
  const row = counted
    ? // A user has one pincode: the users with any of the chosen ones are the sum of those pincodes' counts.
      await (filters.pincodes.length > 0
        ? counted.where('f.kind', '=', 'pincode').where('f.value', 'in', filters.pincodes)
        : counted.where('f.kind', '=', 'all')
      )
        .select(sql<string>`coalesce(sum(f.members), 0)`.as('n'))
        .executeTakeFirstOrThrow()
    : await filteredUsers(db, filters)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Chips and how many users (of those matching the other filters) carry each; the most common first. */
export async function chips(db: Kysely<AdminDb>, filters: UsersQuery, top = 50) {
  const counted = facets(db, filters);
  if (counted) return chipsFromFacets(counted, filters.chipSearch, top);
  const base = filteredUsers(db, { ...filters, pincodes: [], need: [], greed: [] }).select('member_id');
  const search = filters.chipSearch ? likePattern(filters.chipSearch.toLowerCase()) : undefined;
  const [pincodes, need, greed] = await Promise.all([
    db
      .selectFrom('users')
      .select((eb) => ['pincode as value', eb.fn.countAll<number>().as('count')])
      .where('pincode', 'is not', null)
      .where('member_id', 'in', base)
      .$if(Boolean(search), (q) => q.where('pincode', 'like', search as string))
      .groupBy('pincode')
      .orderBy('count', 'desc')
      .orderBy('pincode')
      .limit(top)
      .execute(),
    ...(['need', 'greed'] as const).map((listName) =>
      db
        .selectFrom('user_list_items')
        .select((eb) => ['item as value', eb.fn.countAll<number>().as('count')])
        .where('list', '=', listName)
        .where('member_id', 'in', base)
        .$if(Boolean(search), (q) => q.where('item', 'like', search as string))
        .groupBy('item')
        .orderBy('count', 'desc')
        .orderBy('item')
        .limit(top)
        .execute(),
    ),
  ]);
  const shape = (rows: { value: string | null; count: number }[]) =>
    rows.map((row) => ({ value: row.value as string, count: Number(row.count) }));
  return { pincodes: shape(pincodes), need: shape(need as never), greed: shape(greed as never) };
}

async function chipsFromFacets(counted: NonNullable<ReturnType<typeof facets>>, chipSearch: string | undefined, top: number) {
  const search = chipSearch ? likePattern(chipSearch.toLowerCase()) : undefined;
  const [pincodes, need, greed] = await Promise.all(
    (['pincode', 'need', 'greed'] as const).map((kind) =>
      counted
        .where('f.kind', '=', kind)
        .$if(Boolean(search), (q) => q.where('f.value', 'like', search as string))
        .select(['f.value', sql<string>`sum(f.members)`.as('count')])
        .groupBy('f.value')
        .having(sql`sum(f.members)`, '>', 0)
        .orderBy('count', 'desc')
        .orderBy('f.value')
        .limit(top)
        .execute(),
    ),
  );
  const shape = (rows: { value: string; count: string }[] = []) => rows.map((row) => ({ value: row.value, count: Number(row.count) }));
  return { pincodes: shape(pincodes), need: shape(need), greed: shape(greed) };
}

export function userView(row: AdminDb['users'], today = todayInIndia()) {
  return {
    id: row.member_id,
    userId: row.member_id,
    memberNumber: row.member_number,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    gst: row.gst,
    mobile: row.mobile,
    dob: row.dob,
    age: row.dob ? ageOn(row.dob, today) : null,
    gender: row.gender,
    profession: row.profession,
    address: row.address,
    professionAddress: row.profession_address,
    pincode: row.pincode,
    subscriptionType: row.persona,
    subscriptionStatus: row.subscription_status,
    needList: row.need_list.join(','),
    greedList: row.greed_list.join(','),
    createdAt: row.created_at.toISOString(),
    profile_image: row.profile_image,
  };
}

/** One page of the Users list in the chosen sort, how many users match, and the chips of the selection. */
export function usersPage(db: Kysely<AdminDb>, filters: UsersQuery) {
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
  return inParallel(
    () => db.selectFrom('users').selectAll().where('member_number', 'in', page).orderBy(sorted).execute(),
    () => countUsers(db, filters),
    () => chips(db, filters),
  );
}

/** The next batch of the users matching the filters, by member number after the last one read. */
export function usersAfter(
  db: Kysely<AdminDb>,
  filters: Parameters<typeof filteredUsers>[1],
  after: { member_number: number } | undefined,
  batch: number,
) {
  return filteredUsers(db, filters)
    .selectAll()
    .where('member_number', '>', after?.member_number ?? 0)
    .orderBy('member_number')
    .limit(batch)
    .execute();
}
