import { Link } from '@elts/router';
import { AlertIcon, Button, buttonClasses, Card, formatDateTime, formatRupees, StatusBadge } from '@elts/ui';
import type { ReactNode } from 'react';
import { ORDER_COPY } from './copy.js';
import { FactList } from './FactList.js';
import type { OrderInfo } from './order-status.js';
import { paymentWindowMessage } from './payment-window.js';
import { exactPaiseOf } from './subscription-status.js';

const SUBSCRIPTION_LINK = '/profile?section=subscription';

const Facts = ({ rows }: { rows: Array<[string, ReactNode]> }) => <FactList rows={rows} className="mt-6 gap-y-3" />;

const Status = ({ status }: { status: string }) => <StatusBadge status={status} label={status.toUpperCase()} />;

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-8 flex flex-col gap-3 sm:flex-row">{children}</div>;
}

const HomeLink = () => (
  <Link to="/" className={buttonClasses('secondary')}>
    {ORDER_COPY.home}
  </Link>
);

export function SubscriptionActivated({ info }: { info: OrderInfo }) {
  const paise = exactPaiseOf(info.amount);
  return (
    <Card as="section" aria-labelledby="order-outcome">
      <h2 id="order-outcome" className="text-2xl font-bold text-emerald-800">
        {ORDER_COPY.activated}
      </h2>
      <Facts
        rows={[
          ['Order ID', info.order_id],
          ['Transaction ID', info.transaction_id],
          ['Payment Method', info.payment_method?.toUpperCase()],
          ['Mandate ID', info.mandate_id],
          ['Mandate Status', info.mandate_status?.toUpperCase()],
          ['Status', <Status key="status" status={info.status} />],
          ['Amount', paise === undefined ? undefined : formatRupees(paise)],
        ]}
      />
      <h3 className="mt-8 font-bold text-ink-950">Your membership benefits</h3>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-ink-700">
        {ORDER_COPY.benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <Actions>
        <Link to={SUBSCRIPTION_LINK} className={buttonClasses('primary')}>
          {ORDER_COPY.viewSubscription}
        </Link>
        <Link to="/profile" className={buttonClasses('secondary')}>
          {ORDER_COPY.startShopping}
        </Link>
      </Actions>
    </Card>
  );
}

/** A failure, or an order the page could not look up (then only its id is known). */
export function OrderFailed({ message, info, orderId }: { message: string; info?: OrderInfo; orderId?: string }) {
  return (
    <Card as="section" aria-labelledby="order-outcome" role="alert">
      <div className="flex items-center gap-3">
        <span className="grid size-11 place-items-center rounded-full bg-red-50 text-xl text-red-700">
          <AlertIcon />
        </span>
        <h2 id="order-outcome" className="text-2xl font-bold text-red-800">
          {ORDER_COPY.failed}
        </h2>
      </div>
      <p className="mt-4 text-ink-700">{message}</p>
      {info ? (
        <Facts
          rows={[
            ['Order ID', info.order_id],
            ['Status', <Status key="status" status={info.status} />],
          ]}
        />
      ) : (
        orderId && <Facts rows={[['Order ID', orderId]]} />
      )}
      <Actions>
        <Link to={SUBSCRIPTION_LINK} className={buttonClasses('primary')}>
          {ORDER_COPY.tryAgain}
        </Link>
        <HomeLink />
      </Actions>
    </Card>
  );
}

export function PaymentPending({ info, onRefresh, refreshing }: { info: OrderInfo; onRefresh: () => void; refreshing: boolean }) {
  return (
    <Card as="section" aria-labelledby="order-outcome">
      <h2 id="order-outcome" className="text-2xl font-bold text-amber-900">
        {ORDER_COPY.pending}
      </h2>
      <p className="mt-4 text-ink-700">{paymentWindowMessage(info)}</p>
      <Facts
        rows={[
          ['Order ID', info.order_id],
          ['Status', <Status key="status" status={info.status} />],
          ['Last Updated', info.last_updated ? formatDateTime(info.last_updated) : undefined],
        ]}
      />
      <Actions>
        <Button onClick={onRefresh} busy={refreshing}>
          {ORDER_COPY.refresh}
        </Button>
        <HomeLink />
      </Actions>
    </Card>
  );
}
