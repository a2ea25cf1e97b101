import { type GiveawayResults, identityOperations as ops } from '@elts/contracts';
import { type AppEnv, mount, requireAdmin, requireMember } from '@elts/platform';
import { Hono } from 'hono';
import type { IdentityContext } from '../commands/context.js';
import { enterGiveaway, type GiveawayRules, giveawayStatus } from '../commands/giveaway.js';
import { createInvitations, type InvitationRules, invitationLink, usedThisMonth } from '../commands/invitations.js';
import { wallName } from '../domain/member.js';
import { giveawayDraw, giveawayPrizes, giveawayWinners, memberGiveawayEntry } from '../store/giveaway-reads.js';
import { memberInvitations } from '../store/invitations.js';

export function communityRoutes(context: IdentityContext) {
  const { settings, events, members } = context;
  const giveaway: GiveawayRules = { events, members, opensAtMembers: settings.GIVEAWAY_OPENS_AT_MEMBERS };
  const invitations: InvitationRules = {
    events,
    perMonth: settings.INVITATIONS_PER_MONTH,
    validDays: settings.INVITATION_VALID_DAYS,
    publicUrl: context.publicUrl,
    clock: context.clock,
  };
  const deps = { ...context, wallSize: settings.WALL_SIZE, giveaway, invitations };
  const app = new Hono<AppEnv>();
  mount(app, ops.wall, async (c) => {
    const { page, limit } = c.req.valid('query');
    const { rows, total } = await deps.members.wall(deps.wallSize, page, limit);
    return c.json({
      is_success: true,
      data: rows.map((row) => ({ member_number: row.member_number, name: wallName(row.firstname, row.lastname, row.member_number) })),
      pagination: {
        current_page: page,
        total_pages: Math.max(1, Math.ceil(total / limit)),
        total_items: total,
        has_prev: page > 1,
        has_next: page * limit < total,
      },
    });
  });
  // Public, like the wall: the prizes, and after the draw who won them (the /elts Merch page and the giveaway block).
  mount(app, ops.giveawayResults, async (c) => {
    const [prizes, draw, winners] = await Promise.all([giveawayPrizes(deps.db), giveawayDraw(deps.db), giveawayWinners(deps.db)]);
    const results: GiveawayResults = {
      prizes,
      drawn_at: draw?.drawn_at.toISOString() ?? null,
      winners: winners.map(({ slot, prize, name }) => ({ slot, prize, name })),
    };
    return c.json({ is_success: true, data: results });
  });
  mount(app, ops.memberGiveaway, async (c) => {
    const member = requireMember(c);
    const entry = await memberGiveawayEntry(deps.db, member.id);
    return c.json({
      is_success: true,
      data: entry ? [{ passed: entry.passed, entered_at: entry.entered_at.toISOString() }] : [],
      giveaway: await giveawayStatus(deps.giveaway, member.id),
    });
  });
  mount(app, ops.enterGiveaway, async (c) => {
    const member = requireMember(c);
    const passed = await enterGiveaway(deps.giveaway, member.id, c.req.valid('json'));
    return c.json(
      {
        is_success: true,
        data: { passed },
        message: passed ? "Congratulations! You're entered in the giveaway!" : 'Sorry, you answered incorrectly. Please try next time.',
      },
      201,
    );
  });
  mount(app, ops.memberInvitations, async (c) => {
    const member = requireMember(c);
    const rows = await memberInvitations(deps.db, member.id);
    const used = await usedThisMonth(deps.db, member.id, deps.invitations.clock.now());
    return c.json({
      is_success: true,
      data: rows.map((row) => ({
        code: row.code,
        link: invitationLink(deps.invitations.publicUrl, row.code),
        expires_at: row.expires_at.toISOString(),
        redeemed: row.redeemed_by !== null,
      })),
      allowance: {
        per_month: deps.invitations.perMonth,
        used_this_month: used,
        remaining: Math.max(0, deps.invitations.perMonth - used),
      },
    });
  });
  mount(app, ops.createMemberInvitation, async (c) => {
    const member = requireMember(c);
    const [invitation] = await createInvitations(deps.invitations, { kind: 'member', id: member.id }, 1);
    return c.json({ is_success: true, data: invitation }, 201);
  });
  mount(app, ops.createAdminInvitations, async (c) => {
    const admin = requireAdmin(c);
    const created = await createInvitations(deps.invitations, { kind: 'admin', id: admin.id }, c.req.valid('json').count);
    return c.json({ is_success: true, data: created }, 201);
  });
  return app;
}
