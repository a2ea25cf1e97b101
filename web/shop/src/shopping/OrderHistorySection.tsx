import { Link } from '@elts/router';
import { buttonClasses, cx, EmptyState, ErrorState, LoadingState, Pagination } from '@elts/ui';
import { useState } from 'react';
import { ORDER_FILTERS, type OrderFilter, orderHistoryError, useOrderHistory } from '../api/orders.js';
import { OrderHistoryCard } from './OrderHistoryCard.js';

/** The Orders section of /profile: the member's product orders, ten a page, filtered by status. */
export function OrderHistorySection() {
  const [filter, setFilter] = useState<OrderFilter>('all');
  const [page, setPage] = useState(1);
  const history = useOrderHistory(page, filter);

  const choose = (next: OrderFilter) => {
    setFilter(next);
    // A new filter starts from its first page (spec section 2).
    setPage(1);
  };

  return (
    <section aria-labelledby="orders-heading">
      <h2 id="orders-heading" className="text-2xl font-extrabold text-ink-950">
        Order History
      </h2>
      <fieldset className="mt-4 flex flex-wrap gap-2">
        <legend className="sr-only">Filter orders by status</legend>
        {ORDER_FILTERS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={filter === option.value}
            onClick={() => choose(option.value)}
            className={cx(buttonClasses(filter === option.value ? 'primary' : 'secondary', 'sm'), 'min-w-20')}
          >
            {option.label}
          </button>
        ))}
      </fieldset>
      {history.isPending ? (
        <LoadingState message="Loading your orders..." />
      ) : history.isError ? (
        <ErrorState message={orderHistoryError(history.error)} onRetry={() => void history.refetch()} />
      ) : history.data.orders.length === 0 ? (
        <EmptyState
          title="No Orders Found"
          message={
            filter === 'all'
              ? 'You have not ordered anything yet. Start shopping on your deals board.'
              : 'Try another filter, or start shopping on your deals board.'
          }
          action={
            <Link to="/profile" className={buttonClasses('primary', 'md')}>
              Start Shopping
            </Link>
          }
        />
      ) : (
        <>
          <ul className={cx('mt-6 grid gap-4', history.isPlaceholderData && 'opacity-60')}>
            {history.data.orders.map((order) => (
              <OrderHistoryCard key={order.order_id} order={order} />
            ))}
          </ul>
          <Pagination
            page={history.data.pagination.current_page}
            totalPages={history.data.pagination.total_pages}
            onPageChange={setPage}
            label="Order pages"
          />
        </>
      )}
    </section>
  );
}
