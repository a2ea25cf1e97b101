import { todayInIndia } from '@elts/contracts';
import { DATABASE_KINDS, databaseAvailable, type ServiceHarness } from '@elts/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAgo, type MemberSpec, query, registerMember, settled, startAdminBff } from './helpers.js';

const thisYear = Number(todayInIndia().slice(0, 4));

/** Six members, oldest first; Zoya only signed up. Ages are whole years whatever today's date (born on 1 January). */
const MEMBERS: (MemberSpec & { key: string })[] = [
  {
    key: 'asha',
    memberNumber: 1,
    firstname: 'Asha',
    lastname: 'Rao',
    email: 'asha@example.in',
    profile: {
      dob: `${thisYear - 24}-01-01`,
      profession: 'student',
      persona: 'Save',
      pincode: '560001',
      need: ['Headphones', 'Backpack', 'Notebook'],
      greed: ['Camera'],
      professionAddress: '45 Residency Road, Ashok Nagar, Bengaluru',
    },
  },
  {
    key: 'vikram',
    memberNumber: 2,
    firstname: 'Vikram',
    lastname: 'Shah',
    email: 'vikram@corp.in',
    profile: {
      dob: `${thisYear - 41}-01-01`,
      gender: 'male',
      profession: 'professional',
      persona: 'Splurge',
      gst: '27AAPFU0939F1ZV',
      pincode: '400001',
      need: ['headphones', 'laptop', 'shoes'],
      greed: ['watch', 'camera'],
    },
  },
  {
    key: 'meera',
    memberNumber: 3,
    firstname: 'Meera',
    lastname: 'Iyer',
    email: 'meera@example.in',
    profile: {
      dob: `${thisYear - 33}-01-01`,
      profession: 'business',
      persona: 'Splurge',
      pincode: '560001',
      need: ['laptop', 'desk', 'chair'],
    },
  },
  {
    key: 'rahul',
    memberNumber: 4,
    firstname: 'Rahul',
    lastname: 'Verma',
    email: 'rahul@startup.io',
    profile: {
      dob: `${thisYear - 29}-01-01`,
      gender: 'male',
      profession: 'startup',
      persona: 'Save',
      pincode: '110001',
      need: ['backpack', 'headphones', 'bottle'],
      greed: ['camera'],
    },
  },
  { key: 'zoya', memberNumber: 5, firstname: 'Zoya', lastname: 'Khan', email: 'zoya@example.in' },
  {
    key: 'arjun',
    memberNumber: 6,
    firstname: 'Arjun',
    lastname: 'Nair',
    email: 'arjun@example.in',
    profile: {
      dob: `${thisYear - 19}-01-01`,
      profession: 'institution',
      persona: 'Save',
      pincode: '682001',
      need: ['books', 'lamp', 'pens'],
    },
  },
];

describe.each(DATABASE_KINDS)('GET /admin/users on %s', (kind) => {
  const available = databaseAvailable(kind);
  let harness: ServiceHarness;
  let admin: { token: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    if (!available) return;
    ({ harness, admin } = await startAdminBff(kind));
    for (const [index, member] of MEMBERS.entries()) {
      ids[member.key] = await registerMember(harness, { ...member, at: daysAgo(MEMBERS.length - index) });
    }
    await settled(harness, admin);
  });
  afterAll(async () => harness?.close());

  const users = async (params: Record<string, string | number | undefined> = {}) => {
    const { status, body } = await harness.json(`/admin/users${query(params)}`, { token: admin.token });
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  };
  const keysOf = (body: { users: { userId: string }[] }) =>
    body.users.map((user) => Object.entries(ids).find(([, id]) => id === user.userId)?.[0]);

  it.runIf(available)('lists every member newest first with the admin user record of the spec', async () => {
    const body = await users();
    expect(body.is_success).toBe(true);
    expect(keysOf(body)).toEqual(['arjun', 'zoya', 'rahul', 'meera', 'vikram', 'asha']);
    expect(body.pagination).toEqual({ currentPage: 1, totalPages: 1, totalCount: 6, limit: 50, hasPrev: false, hasNext: false });
    const vikram = body.users.find((user: { userId: string }) => user.userId === ids.vikram);
    expect(vikram).toMatchObject({
      id: ids.vikram,
      userId: ids.vikram,
      memberNumber: 2,
      firstname: 'Vikram',
      lastname: 'Shah',
      email: 'vikram@corp.in',
      gst: '27AAPFU0939F1ZV',
      mobile: '9876543210',
      dob: `${thisYear - 41}-01-01`,
      age: 41,
      gender: 'male',
      profession: 'professional',
      subscriptionType: 'Splurge',
      pincode: '400001',
      address: '12 MG Road, Bengaluru',
      professionAddress: '12 MG Road, Bengaluru',
      needList: 'headphones,laptop,shoes',
      greedList: 'watch,camera',
      profile_image: null,
    });
    expect(new Date(vikram.createdAt).getTime()).toBeLessThan(Date.now());
    const zoya = body.users.find((user: { userId: string }) => user.userId === ids.zoya);
    expect(zoya).toMatchObject({ age: null, dob: null, profession: null, pincode: null, needList: '', greedList: '' });
  });

  it.runIf(available)('filters by name (first, last or both), email, profession and subscription type', async () => {
    expect(keysOf(await users({ name: 'asha' }))).toEqual(['asha']);
    expect(keysOf(await users({ name: 'IYER' }))).toEqual(['meera']);
    expect(keysOf(await users({ name: 'ul ver' }))).toEqual(['rahul']);
    expect(keysOf(await users({ email: 'example.in' }))).toEqual(['arjun', 'zoya', 'meera', 'asha']);
    expect(keysOf(await users({ profession: 'startup' }))).toEqual(['rahul']);
    expect(keysOf(await users({ subscriptionType: 'Splurge' }))).toEqual(['meera', 'vikram']);
    expect(keysOf(await users({ subscriptionType: 'Save', email: 'example.in' }))).toEqual(['arjun', 'asha']);
    // A search for LIKE's wildcards means the characters themselves.
    expect((await users({ name: '%' })).users).toEqual([]);
    expect((await users({ email: '_' })).users).toEqual([]);
  });

  it.runIf(available)('ignores empty filters and "all", and refuses values outside the lists', async () => {
    expect(
      (await users({ name: '', email: '', profession: '', subscriptionType: 'all', pincodes: '', need: '' })).pagination.totalCount,
    ).toBe(6);
    // Each refusal is a sentence about the filter the operator set, never zod's words about a schema.
    for (const [params, message] of [
      ['profession=pilot', 'Profession must be one of: student, professional, startup, business, institution.'],
      ['subscriptionType=Spend', 'Subscription type must be one of: Save, Splurge.'],
      ['order=up', 'Order must be one of: asc, desc.'],
      ['page=0', 'Page must be a whole number from 1 to 1,00,000.'],
      ['limit=ten', 'Limit must be a whole number from 1 to 200.'],
    ]) {
      const { status, body } = await harness.json(`/admin/users?${params}`, { token: admin.token });
      expect(status, params).toBe(400);
      expect(body.is_success).toBe(false);
      expect(body.message, params).toBe(message);
    }
  });

  it.runIf(available)('narrows by pincode chips (any of them) and by need and greed chips (all of them, any case)', async () => {
    expect(keysOf(await users({ pincodes: '560001' }))).toEqual(['meera', 'asha']);
    expect(keysOf(await users({ pincodes: '560001,110001' }))).toEqual(['rahul', 'meera', 'asha']);
    expect(keysOf(await users({ need: 'headphones' }))).toEqual(['rahul', 'vikram', 'asha']);
    expect(keysOf(await users({ need: 'Headphones,BACKPACK' }))).toEqual(['rahul', 'asha']);
    expect(keysOf(await users({ greed: 'camera' }))).toEqual(['rahul', 'vikram', 'asha']);
    expect(keysOf(await users({ greed: 'camera,watch' }))).toEqual(['vikram']);
    expect(keysOf(await users({ need: 'headphones', greed: 'camera', pincodes: '110001' }))).toEqual(['rahul']);
    expect(keysOf(await users({ need: 'headphones', profession: 'business' }))).toEqual([]);
  });

  it.runIf(available)('counts the chips among members matching the other filters, most common first', async () => {
    const { chips } = await users();
    expect(chips.pincodes).toEqual([
      { value: '560001', count: 2 },
      { value: '110001', count: 1 },
      { value: '400001', count: 1 },
      { value: '682001', count: 1 },
    ]);
    expect(chips.need.slice(0, 3)).toEqual([
      { value: 'headphones', count: 3 },
      { value: 'backpack', count: 2 },
      { value: 'laptop', count: 2 },
    ]);
    expect(chips.need).toHaveLength(11);
    expect(chips.greed).toEqual([
      { value: 'camera', count: 3 },
      { value: 'watch', count: 1 },
    ]);
    const students = (await users({ profession: 'student' })).chips;
    expect(students.pincodes).toEqual([{ value: '560001', count: 1 }]);
    expect(students.greed).toEqual([{ value: 'camera', count: 1 }]);
    // Selected chips do not shrink the chip lists (the page shows every chip so more can be added).
    expect((await users({ pincodes: '110001' })).chips.pincodes).toHaveLength(4);
  });

  it.runIf(available)('searches in the chips', async () => {
    const { chips } = await users({ chipSearch: 'LAP' });
    expect(chips).toEqual({ pincodes: [], need: [{ value: 'laptop', count: 2 }], greed: [] });
    expect((await users({ chipSearch: '5600' })).chips.pincodes).toEqual([{ value: '560001', count: 2 }]);
    expect((await users({ chipSearch: 'c' })).chips.greed).toEqual([
      { value: 'camera', count: 3 },
      { value: 'watch', count: 1 },
    ]);
  });

  it.runIf(available)('sorts by every sortable column both ways, members without the value last', async () => {
    const sorted = async (sort: string, order: string) => keysOf(await users({ sort, order }));
    expect(await sorted('memberNumber', 'asc')).toEqual(['asha', 'vikram', 'meera', 'rahul', 'zoya', 'arjun']);
    expect(await sorted('memberNumber', 'desc')).toEqual(['arjun', 'zoya', 'rahul', 'meera', 'vikram', 'asha']);
    expect(await sorted('firstname', 'asc')).toEqual(['arjun', 'asha', 'meera', 'rahul', 'vikram', 'zoya']);
    expect(await sorted('lastname', 'desc')).toEqual(['rahul', 'vikram', 'asha', 'arjun', 'zoya', 'meera']);
    expect(await sorted('email', 'asc')).toEqual(['arjun', 'asha', 'meera', 'rahul', 'vikram', 'zoya']);
    expect(await sorted('createdAt', 'asc')).toEqual(['asha', 'vikram', 'meera', 'rahul', 'zoya', 'arjun']);
    expect(await sorted('profession', 'asc')).toEqual(['meera', 'arjun', 'vikram', 'rahul', 'asha', 'zoya']);
    expect(await sorted('profession', 'desc')).toEqual(['asha', 'rahul', 'vikram', 'arjun', 'meera', 'zoya']);
    expect(await sorted('subscriptionType', 'desc')).toEqual(['vikram', 'meera', 'asha', 'rahul', 'arjun', 'zoya']);
    expect(await sorted('pincode', 'asc')).toEqual(['rahul', 'vikram', 'asha', 'meera', 'arjun', 'zoya']);
    expect(await sorted('pincode', 'desc')).toEqual(['arjun', 'asha', 'meera', 'vikram', 'rahul', 'zoya']);
    // Age ascending is youngest first.
    expect(await sorted('age', 'asc')).toEqual(['arjun', 'asha', 'rahul', 'meera', 'vikram', 'zoya']);
    expect(await sorted('age', 'desc')).toEqual(['vikram', 'meera', 'rahul', 'asha', 'arjun', 'zoya']);
  });

  it.runIf(available)('pages with the limit asked for, keeping the filters', async () => {
    const page = (p: number) => users({ sort: 'memberNumber', order: 'asc', limit: 4, page: p });
    const first = await page(1);
    expect(keysOf(first)).toEqual(['asha', 'vikram', 'meera', 'rahul']);
    expect(first.pagination).toEqual({ currentPage: 1, totalPages: 2, totalCount: 6, limit: 4, hasPrev: false, hasNext: true });
    const second = await page(2);
    expect(keysOf(second)).toEqual(['zoya', 'arjun']);
    expect(second.pagination).toEqual({ currentPage: 2, totalPages: 2, totalCount: 6, limit: 4, hasPrev: true, hasNext: false });
    expect((await page(3)).users).toEqual([]);
    const filtered = await users({ email: 'example.in', limit: 3, page: 2, sort: 'memberNumber', order: 'asc' });
    expect(keysOf(filtered)).toEqual(['arjun']);
    expect(filtered.pagination).toMatchObject({ totalCount: 4, totalPages: 2 });
  });
});
