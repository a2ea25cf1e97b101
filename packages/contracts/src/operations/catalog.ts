import { z } from 'zod';
import {
  adminProductSchema,
  BOARD_SECTIONS,
  productFormSchema,
  productForOrderSchema,
  publicProductSchema,
  stockHandOverSchema,
  stockHoldResultSchema,
  stockHoldSchema,
  stockMoveResultSchema,
  stockOrderSchema,
  stockReleaseSchema,
} from '../api/products.js';
import { calendarDateSchema } from '../validation/dates.js';
import { answer } from './answers.js';
import { operation } from './operation.js';
import { stepOperations } from './steps.js';

const productId = z.object({ id: z.string().min(1).max(64) });
const dropId = productId;

const flag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** The deals board as `GET /product/list` answers it to shoppers: at most 15 products in their sections. */
const boardSchema = z.object({
  products: z.array(publicProductSchema),
  sections: z.record(z.enum(BOARD_SECTIONS), z.array(z.string())),
  personalised: z.boolean(),
  /** Why a signed-in member got the public board instead of their own. */
  access: z.enum(['subscription_required', 'early_access_required']).optional(),
});

// The shared calendar-day schema bounds the year too: a range ending on 9999-12-31 would step past year 9999,
// where the calendar arithmetic's YYYY-MM-DD strings break.
const instant = z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601)' });
/** What an admin sends for a drop: a Friday (its midnight to Sunday midnight), or an exact window. */
const dropBody = z.object({
  opensOn: calendarDateSchema('The opening day').optional(),
  opensAt: instant.optional(),
  closesAt: instant.optional(),
  label: z.string().trim().max(80).optional(),
});
export type DropRequest = z.output<typeof dropBody>;

const dropSchema = z.object({
  id: z.string(),
  label: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  source: z.enum(['calendar', 'admin']),
  /** A calendar drop whose dates an admin changed. */
  moved: z.boolean(),
  status: z.enum(['scheduled', 'open', 'closed', 'cancelled']),
  /** Why the drop is off the calendar members are promised (docs/decisions/0087); null when it keeps to it. */
  calendarWarning: z.string().nullable(),
});

const email = z.email('must be an email address').max(254);
const emailsBody = z.object({ email: email.optional(), emails: z.array(email).max(100).optional() });
export type EarlyAccessRequest = z.output<typeof emailsBody>;
const earlyAccessSchema = z.object({
  enabled: z.boolean(),
  emails: z.array(z.object({ email: z.string(), addedBy: z.string(), addedAt: z.string(), memberId: z.string().nullable() })),
});

const steps = stepOperations('catalog');

/** The catalogue, its deals board and deal drops, the early-access list, and the stock the order saga holds. */
export const catalogOperations = {
  productForOrder: operation({
    id: 'productForOrder',
    method: 'GET',
    path: '/internal/products/:id',
    owner: 'catalog',
    access: 'internal',
    summary: "A product's price, sale window and units left, for an order (or a giveaway prize) to be checked against",
    params: productId,
    response: answer(productForOrderSchema),
  }),
  nextDrop: operation({
    id: 'nextDrop',
    method: 'GET',
    path: '/internal/drops/next',
    owner: 'catalog',
    access: 'internal',
    summary: "The drop open now or opening next, with the units its products have left, for the drop's waiting room",
    response: answer(
      z
        .object({
          id: z.string(),
          label: z.string(),
          opensAt: z.string(),
          closesAt: z.string(),
          /** Units neither sold nor held, over the enabled products the drop's window applies to. */
          unitsLeft: z.number().int(),
        })
        .nullable(),
    ),
  }),
  holdStock: operation({
    id: 'holdStock',
    method: 'POST',
    path: '/internal/stock/hold',
    owner: 'catalog',
    access: 'internal',
    summary: "Holds an order's units until its payment settles; idempotent per order",
    body: stockHoldSchema,
    response: answer(stockHoldResultSchema),
  }),
  releaseStock: operation({
    id: 'releaseStock',
    method: 'POST',
    path: '/internal/stock/release',
    owner: 'catalog',
    access: 'internal',
    summary: "Gives an order's held units back; idempotent per order",
    body: stockReleaseSchema,
    response: answer(stockMoveResultSchema),
  }),
  handOverStock: operation({
    id: 'handOverStock',
    method: 'POST',
    path: '/internal/stock/hand-over',
    owner: 'catalog',
    access: 'internal',
    summary: "Moves one unit of a released order's hold to a waitlisted member's order, in one step; idempotent per taking order",
    body: stockHandOverSchema,
    response: answer(stockHoldResultSchema),
  }),
  commitStock: operation({
    id: 'commitStock',
    method: 'POST',
    path: '/internal/stock/commit',
    owner: 'catalog',
    access: 'internal',
    summary: "Turns a paid order's held units into sold ones; idempotent per order",
    body: stockOrderSchema,
    response: answer(stockMoveResultSchema),
  }),

  productImage: operation({
    id: 'productImage',
    method: 'GET',
    path: '/product/images/:file',
    owner: 'catalog',
    access: 'public',
    summary: "A demo product's picture, drawn by the catalog (SVG)",
    params: z.object({ file: z.string() }),
    produces: 'svg',
  }),
  listProducts: operation({
    id: 'listProducts',
    method: 'GET',
    path: '/product/list',
    owner: 'catalog',
    access: 'public',
    summary: "The deals board (a member's own, else the public one); with enabled_only=false, every product for an admin",
    query: z.object({
      enabled_only: flag.optional(),
      limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(1000, 'limit must be at most 1000').optional(),
    }),
    response: answer(z.union([boardSchema, z.object({ products: z.array(adminProductSchema) })])),
  }),
  productBrands: operation({
    id: 'productBrands',
    method: 'GET',
    path: '/product/brands',
    owner: 'catalog',
    access: 'public',
    summary: "The product form's brands: the preset ones and those in use",
    response: answer(z.object({ brands: z.array(z.string()) })),
  }),
  productVariants: operation({
    id: 'productVariants',
    method: 'GET',
    path: '/product/:id/variants',
    owner: 'catalog',
    access: 'public',
    summary: "A product's versions in its variant group (itself when it has none); an admin sees disabled ones too",
    params: productId,
    response: answer(z.object({ variants: z.array(z.union([adminProductSchema, publicProductSchema])) })),
  }),
  createProduct: operation({
    id: 'createProduct',
    method: 'POST',
    path: '/product/create',
    owner: 'catalog',
    access: 'admin',
    summary: 'Adds a product from the product form',
    body: productFormSchema,
    response: answer(adminProductSchema),
    status: 201,
  }),
  updateProduct: operation({
    id: 'updateProduct',
    method: 'PUT',
    path: '/product/update/:id',
    owner: 'catalog',
    access: 'admin',
    summary: 'Changes a product from the product form; the fields the body leaves out keep their values',
    params: productId,
    body: productFormSchema,
    response: answer(adminProductSchema),
  }),
  toggleProduct: operation({
    id: 'toggleProduct',
    method: 'PUT',
    path: '/product/toggle-status/:id',
    owner: 'catalog',
    access: 'admin',
    summary: 'Enables a disabled product, or disables an enabled one',
    params: productId,
    response: answer(adminProductSchema),
  }),

  listDrops: operation({
    id: 'listDrops',
    method: 'GET',
    path: '/admin/drops',
    owner: 'catalog',
    access: 'admin',
    summary: 'The deal drops calendar between two days (two weeks back to three months on by default), with its changes',
    query: z.object({ from: calendarDateSchema('The first day').optional(), to: calendarDateSchema('The last day').optional() }),
    response: answer(
      z.object({ anchor: z.string(), everyDays: z.number().int(), current: dropSchema.nullable(), drops: z.array(dropSchema) }),
    ),
  }),
  liveSale: operation({
    id: 'liveSale',
    method: 'GET',
    path: '/admin/drops/live',
    owner: 'catalog',
    access: 'admin',
    summary:
      "What is on sale now, per product, for the operators' live view: units left, reserved for orders not yet paid, and sold and released since the sale opened",
    response: answer(
      z.object({
        at: z.string(),
        products: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            brand: z.string(),
            saleStartsAt: z.string().nullable(),
            saleEndsAt: z.string().nullable(),
            left: z.number().int(),
            reserved: z.number().int(),
            sold: z.number().int(),
            released: z.number().int(),
          }),
        ),
      }),
    ),
  }),
  createDrop: operation({
    id: 'createDrop',
    method: 'POST',
    path: '/admin/drops',
    owner: 'catalog',
    access: 'admin',
    summary: 'Schedules a deal drop of its own',
    body: dropBody,
    response: answer(dropSchema),
    status: 201,
  }),
  moveDrop: operation({
    id: 'moveDrop',
    method: 'PUT',
    path: '/admin/drops/:id',
    owner: 'catalog',
    access: 'admin',
    summary: "Moves a deal drop's window or renames it",
    params: dropId,
    body: dropBody,
    response: answer(dropSchema),
  }),
  cancelDrop: operation({
    id: 'cancelDrop',
    method: 'DELETE',
    path: '/admin/drops/:id',
    owner: 'catalog',
    access: 'admin',
    summary: 'Cancels a deal drop',
    params: dropId,
    response: answer(dropSchema),
  }),

  earlyAccessList: operation({
    id: 'earlyAccessList',
    method: 'GET',
    path: '/admin/early-access',
    owner: 'catalog',
    access: 'admin',
    summary: "The deals board's early-access list, and whether only it gets the board",
    response: answer(earlyAccessSchema),
  }),
  grantEarlyAccess: operation({
    id: 'grantEarlyAccess',
    method: 'POST',
    path: '/admin/early-access',
    owner: 'catalog',
    access: 'admin',
    summary: 'Adds one address or several to the early-access list',
    body: emailsBody,
    response: answer(earlyAccessSchema),
  }),
  removeEarlyAccess: operation({
    id: 'removeEarlyAccess',
    method: 'DELETE',
    path: '/admin/early-access',
    owner: 'catalog',
    access: 'admin',
    summary: 'Removes one address or several from the early-access list',
    body: emailsBody,
    response: answer(earlyAccessSchema),
  }),
  removeEarlyAccessEmail: operation({
    id: 'removeEarlyAccessEmail',
    method: 'DELETE',
    path: '/admin/early-access/:email',
    owner: 'catalog',
    access: 'admin',
    summary: 'Removes one address from the early-access list',
    params: z.object({ email }),
    response: answer(earlyAccessSchema),
  }),

  catalogFailingSteps: steps.failingSteps,
  catalogRetryStep: steps.retryStep,
  catalogGiveUpStep: steps.giveUpStep,
};
