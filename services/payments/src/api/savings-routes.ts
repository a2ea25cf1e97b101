import { paymentsOperations } from '@elts/contracts';
import { type AppEnv, mount, requireMember } from '@elts/platform';
import { Hono } from 'hono';
import type { PaymentsContext } from '../commands/context.js';
import { membershipSavings, membershipYearDays } from '../domain/savings.js';
import { paidOrdersOf } from '../store/member-savings.js';
import { latestSubscription, memberCredit } from '../store/subscription-views.js';

/** `GET /subscription/savings`: the member's own membership year against retail, and their credit (decision 0156). */
export function savingsRoutes(context: PaymentsContext) {
  const app = new Hono<AppEnv>();
  mount(app, paymentsOperations.membershipSavings, async (c) => {
    const member = requireMember(c);
    const row = await latestSubscription(context, member.id);
    const active = row?.status === 'active' && row.start_date && row.end_date ? row : undefined;
    const credit = await memberCredit(context, member.id);
    const savings = active
      ? membershipSavings(
          await paidOrdersOf(context.db, member.id),
          membershipYearDays(active.start_date as Date, active.end_date as Date),
          Number(active.amount_paise),
        )
      : undefined;
    return c.json({
      is_success: true,
      message: savings ? 'Membership savings found' : 'No active membership',
      data: {
        year: savings
          ? {
              first_day: savings.firstDay,
              last_day: savings.lastDay,
              orders_counted: savings.ordersCounted,
              retail_paise: savings.retailPaise,
              paid_paise: savings.paidPaise,
              credit_paise: savings.creditPaise,
              saving_paise: savings.savingPaise,
              orders_without_retail: savings.ordersWithoutRetail,
              orders_refunded: savings.ordersRefunded,
              fee_paise: savings.feePaise,
              times_fee_saved: savings.timesFeeSaved,
            }
          : null,
        credit_balance_paise: credit,
        credit_expires_at: active ? (active.end_date as Date).toISOString() : null,
      },
    });
  });
  return app;
}
