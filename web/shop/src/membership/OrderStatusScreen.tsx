import { useSearchParams } from '@elts/router';
import { Card } from '@elts/ui';

/** `/order` as it stands today: the title, and the order it was asked about (`?order_id=`). */
export function OrderStatusScreen() {
  const [query] = useSearchParams();
  const orderId = query.get('order_id');
  return (
    <div>
      <h1 className="font-display text-4xl font-extrabold text-ink-950">Order Status</h1>
      {orderId && (
        <p className="mt-4 text-ink-700">
          Order ID: <span className="font-semibold text-ink-950">{orderId}</span>
        </p>
      )}
      <Card className="mt-8">
        <h2 className="text-lg font-bold text-ink-950">Order tracking opens with shopping</h2>
        <p className="mt-2 text-ink-700">Once ordering is live, this page confirms your payment and shows where your order is.</p>
      </Card>
    </div>
  );
}
