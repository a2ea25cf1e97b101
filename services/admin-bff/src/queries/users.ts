import { ageOn, todayInIndia } from '@elts/contracts';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { AdminDb } from '../store/tables.js';
import { likePattern, optional } from './filters.js';

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
  profession: optional(z.enum(['student', 'professional', 'startup', 'business', 'institution'])),
  subscriptionType: optional(z.enum(['Save', 'Splurge'])),
  pincodes: list,
  need: list,
  greed: list,
  chipSearch: optional(z.string().trim().max(100)),
  sort: z.enum(Object.keys(SORTABLE) as [keyof typeof SORTABLE]).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
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

/** Chips and how many users (of those matching the other filters) carry each; the most common first. */
export async function chips(db: Kysely<AdminDb>, filters: UsersQuery, top = 50) {
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
