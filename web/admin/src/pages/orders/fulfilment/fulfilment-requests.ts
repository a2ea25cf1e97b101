import {
  API,
  type BulkFulfilmentRequest,
  fulfilmentStepSchema,
  nextFulfilmentStep,
  type OperationTable,
  type OperatorStep,
  type ResponseOf,
} from '@elts/contracts';
import { readDayText } from '@elts/ui';
import { adminOperation } from '../../../api/admin-request.js';

/** A paid order's fulfilment as `GET /admin/product-orders` lists it (null while unpaid). */
export type OrderFulfilment = NonNullable<ResponseOf<OperationTable['adminProductOrders']>['orders'][number]['fulfilment']>;

export interface FulfilmentRow {
  orderId: string;
  /** Which shipment of the order the row moves: an exchange's replacement (2 and up); the order's own when absent. */
  shipment?: number;
  fulfilment: OrderFulfilment | null;
}

/** The shipment each order of a dialog moves, by order id (the order's own when it names none). */
export type ShipmentOf = (orderId: string) => number | undefined;

export const ACTION_LABELS: Record<OperatorStep, string> = {
  processing: 'Mark processing',
  shipped: 'Mark shipped',
  delivered: 'Mark delivered',
};

/** The orders among `rows` that `step` is the next step of. */
export function readyFor<Row extends FulfilmentRow>(rows: readonly Row[], step: OperatorStep): Row[] {
  return rows.filter((row) => row.fulfilment && nextFulfilmentStep(row.fulfilment.step) === step);
}

/** What the dialog holds: one courier and day for all, an AWB number and tracking link for each order. */
export interface StepForm {
  courier: string;
  deliveredOn: string;
  shipments: Record<string, { awb: string; tracking: string }>;
}

type Item = BulkFulfilmentRequest['orders'][number];
/** The requests to send, or what is wrong, by field: `courier`, `deliveredOn`, `<orderId>.awb_number`, ... */
export type Checked = { items: Item[]; errors?: undefined } | { items?: undefined; errors: Record<string, string> };

/** The courier and the day are asked once for every order: their errors belong to that one field of the form. */
const SHARED_FIELDS: Record<string, string> = { courier: 'courier', delivered_on: 'deliveredOn' };

/** Checks the dialog with the schema the server parses with, so a mistake is shown at its field before sending. */
export function checkStep(step: OperatorStep, orderIds: readonly string[], form: StepForm, shipmentOf?: ShipmentOf): Checked {
  const errors: Record<string, string> = {};
  let deliveredOn = '';
  if (step === 'delivered') {
    const reading = readDayText(form.deliveredOn);
    if (reading.kind === 'day') deliveredOn = reading.day;
    else errors.deliveredOn = reading.kind === 'empty' ? 'Delivery date is required' : reading.message;
  }
  const items: Item[] = [];
  for (const orderId of orderIds) {
    const shipment = form.shipments[orderId] ?? { awb: '', tracking: '' };
    const which = shipmentOf?.(orderId);
    const body = {
      ...(step === 'shipped'
        ? { step, courier: form.courier, awb_number: shipment.awb, tracking_url: shipment.tracking }
        : step === 'delivered'
          ? { step, delivered_on: deliveredOn }
          : { step }),
      ...(which ? { shipment: which } : {}),
    };
    const parsed = fulfilmentStepSchema.safeParse(body);
    if (parsed.success) items.push({ ...parsed.data, order_id: orderId });
    for (const issue of parsed.error?.issues ?? []) {
      const field = String(issue.path[0] ?? 'step');
      errors[SHARED_FIELDS[field] ?? `${orderId}.${field}`] ??= issue.message;
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { items };
}

/** One order through its own call (its refusal is the answer's), several through the bulk call. */
export async function sendSteps(items: Item[]): Promise<ResponseOf<typeof API.fulfilOrders>> {
  if (items.length === 1) {
    const [{ order_id, ...body }] = items as [Item];
    const answer = await adminOperation(API.fulfilOrder, { params: { id: order_id }, body });
    return { is_success: true, message: answer.message, data: { updated: [order_id], refused: [] } };
  }
  return adminOperation(API.fulfilOrders, { body: { orders: items } });
}
