import { randomUUID } from 'node:crypto';
import { personalDetailsUpdatedEvent } from '@elts/contracts/testing';
import { DATABASE_KINDS, databaseAvailable, eventually, type ServiceHarness } from '@elts/platform/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceMember, startCatalog } from './helpers.js';

/**
 * Early access goes by the address a member signs in with (MemberRegistered, verified by the identity provider),
 * never by the contact address of their profile, which is theirs to change (identity's docs/decisions/0018).
 */
describe.each(DATABASE_KINDS)('early access by the sign-in email on %s', (kind) => {
  const available = databaseAvailable(kind);
  let catalog: ServiceHarness;

  beforeAll(async () => {
    if (available) catalog = await startCatalog(kind, { EARLY_ACCESS_ONLY: 'true' });
  });
  afterAll(async () => catalog?.close());

  const accessOf = async (token: string) => (await catalog.json('/product/list?enabled_only=true', { token })).body.data.access;

  it.runIf(available)('is not opened by a contact email that is on the list', async () => {
    const admin = catalog.adminSession();
    const listed = `listed.${randomUUID().slice(0, 8)}@example.in`;
    expect((await catalog.json('/admin/early-access', { method: 'POST', token: admin.token, body: { emails: [listed] } })).status).toBe(
      200,
    );
    const member = await announceMember(catalog, { need: ['kettle'] });
    expect(await accessOf(member.token)).toBe('early_access_required');

    await catalog
      .source('identity')
      .append(`member-${member.memberId}`, 'any', [
        personalDetailsUpdatedEvent(member.memberId, { email: listed }),
        { type: 'ListsUpdated', data: { memberId: member.memberId, needList: ['kettle', 'marker'], greedList: [] } },
      ]);
    // The lists event comes after the contact email, so once it is applied the email has been seen too.
    await eventually(async () => {
      const { rows } = await sql<{ n: number }>`
        select cardinality(need_list) as n from members where member_id = ${member.memberId}`.execute(catalog.db);
      return Number(rows[0]?.n) === 2;
    });
    expect(await accessOf(member.token)).toBe('early_access_required');
    const { rows } = await sql<{ email: string }>`select email from members where member_id = ${member.memberId}`.execute(catalog.db);
    expect(rows[0]?.email).toBe(member.email);
  });
});
