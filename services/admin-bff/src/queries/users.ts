import { ageOn, todayInIndia } from '@elts/contracts';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { AdminDb } from '../store/tables.js';
import { likePattern, oneOf, optional, wholeNumber } from './filters.js';

const list = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((item) => item.trim().toLowerCase())
          .filter(Boolean)
      : value,
  z.array(z.string().max(100)).max(20).default([]),
);

export const SORTABLE = {
  memberNumber: 'member_number',
  firstname: 'firstname',
  lastname: 'lastname',
  email: 'email',
  profession: 'profession',
  subscriptionType: 'persona',
  pincode: 'pincode',
  age: 'dob',
  createdAt: 'created_at',
} as const;

export const usersQuery = z.object({
  name: optional(z.string().trim().max(100)),
  email: optional(z.string().trim().max(254)),
  profession: optional(oneOf('Profession', ['student', 'professional', 'startup', 'business', 'institution'])),
  subscriptionType: optional(oneOf('Subscription type', ['Save', 'Splurge'])),
  pincodes: list,
  need: list,
  greed: list,
  chipSearch: optional(z.string().trim().max(100)),
  sort: oneOf('Sort', Object.keys(SORTABLE) as [keyof typeof SORTABLE]).default('createdAt'),
  order: oneOf('Order', ['asc', 'desc']).default('desc'),
  page: wholeNumber('Page', 1, 100_000).default(1),
  limit: wholeNumber('Limit', 1, 200).default(50),
});
export type UsersQuery = z.output<typeof usersQuery>;

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
