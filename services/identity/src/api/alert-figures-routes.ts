import { identityOperations as ops } from '@elts/contracts';
import { type AppEnv, mount } from '@elts/platform';
import { Hono } from 'hono';
import { indianMonth, whatsappCostPaise } from '../alerts/alert-figures.js';
import type { IdentityContext } from '../commands/context.js';
import { dropChannelCounts, whatsappMessagesBetween } from '../store/alert-figures.js';

/**
 * Operators' figures of a drop's alerts (issue 37 item 5, docs/decisions/0164): per channel, and WhatsApp's estimated
 * cost of the drop (its delivered messages at the MARKETING price) and of the current month in India.
 */
export function alertFiguresRoutes(deps: IdentityContext) {
  const app = new Hono<AppEnv>();
  mount(app, ops.adminDropAlertFigures, async (c) => {
    const dropId = c.req.valid('param').id;
    const prices = deps.settings.WHATSAPP_PRICE_PAISE;
    const { month, from, until } = indianMonth(deps.clock.now());
    // Meta's status webhook, when set up, says which WhatsApp messages were delivered and read (docs/decisions/0168).
    const statusesReported = Boolean(deps.settings.WHATSAPP_APP_SECRET);
    const [channels, monthMessages] = await Promise.all([
      dropChannelCounts(deps.db, dropId, statusesReported),
      whatsappMessagesBetween(deps.db, from, until, statusesReported),
    ]);
    const dropWhatsApp = channels.find((row) => row.channel === 'whatsapp')?.delivered ?? 0;
    return c.json({
      is_success: true,
      data: {
        dropId,
        channels,
        whatsapp: {
          dropCostPaise: whatsappCostPaise({ MARKETING: dropWhatsApp, UTILITY: 0 }, prices),
          month,
          monthMessages,
          monthCostPaise: whatsappCostPaise(monthMessages, prices),
          pricesPaise: prices,
        },
      },
    });
  });
  return app;
}
