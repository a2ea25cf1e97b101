import { API } from '@elts/contracts';
import { Button, Card, type Column, cx, DataTable, formatCount, formatDateTime, Pagination, StatusBadge } from '@elts/ui';
import { useState } from 'react';
import { useAdminOperation } from '../../api/use-admin-query.js';
import { Banner } from '../../components/Banner.js';
import { FilterSelect } from '../../components/FilterBar.js';
import { tableRupees } from '../../components/money.js';
import { PageHeader } from '../../components/PageHeader.js';
import { StatCard } from '../../components/StatCard.js';
import { type TimedOutPayment, typeLabel } from '../payments/payment-words.js';
import { atRiskNote } from './at-risk-words.js';
import { atRiskTone, TIMEOUT_PERIODS, timeoutRateTone } from './timeout-tones.js';

const PAGE_SIZE = 10;

const SEVERITY = {
  high: 'bg-red-50 text-red-900 ring-red-700/25',
  medium: 'bg-amber-50 text-amber-900 ring-amber-700/25',
  low: 'bg-emerald-50 text-emerald-900 ring-emerald-700/25',
};

const TIMED_OUT_COLUMNS: Column<TimedOutPayment>[] = [
  { key: 'paymentId', header: 'Payment ID', cell: (p) => <code className="text-xs">{p.paymentId}</code> },
  { key: 'orderId', header: 'Order ID', cell: (p) => <code className="text-xs">{p.orderId}</code> },
  { key: 'type', header: 'Type', cell: (p) => typeLabel(p.paymentType) },
  { key: 'amount', header: 'Amount', align: 'right', cell: (p) => tableRupees(p.amount) },
  {
    key: 'duration',
    header: 'Timeout Duration',
    cell: (p) => {
      const minutes = p.timeout_info.timeout_minutes;
      return minutes === null ? '-' : `${minutes} min`;
    },
  },
  { key: 'failedAt', header: 'Failed At', cell: (p) => (p.processedAt ? formatDateTime(p.processedAt) : '-') },
  {
    key: 'status',
    header: 'Status',
    cell: (p) => <StatusBadge status="failed" label={p.timeout_info.auto_failed ? 'Auto Timeout' : 'Failed'} />,
  },
];

/** `/admin/timeouts`: how many payments time out over a period, which are about to, and what to do about it. */
export function TimeoutsPage() {
  const [days, setDays] = useState('7');
  const [page, setPage] = useState(1);
  const analysis = useAdminOperation(API.adminTimeoutAnalysis, { query: { days } });
  const timedOut = useAdminOperation(API.adminTimedOutPayments, { query: { days, page, limit: PAGE_SIZE } });
  const refresh = () => {
    void analysis.refetch();
    void timedOut.refetch();
  };
  const overview = analysis.data?.data.overview;
  const atRisk = analysis.data?.data.at_risk_payments;
  const advice = analysis.data?.data.recommendations;
  const statistics = timedOut.data?.statistics;

  return (
    <>
      <PageHeader
        title="Timeouts"
        actions={
          <Button size="sm" variant="secondary" onClick={refresh}>
            Refresh
          </Button>
        }
      />
      <div className="mb-6 max-w-xs">
        <FilterSelect
          label="Period"
          value={days}
          options={TIMEOUT_PERIODS}
          onChange={(value) => {
            setDays(value);
            setPage(1);
          }}
        />
      </div>
      {(analysis.error || timedOut.error) && <Banner tone="error" message="Failed to fetch timeout analysis data" />}
      <div className="grid grid-cols-2 gap-4 xl:grid-cols-4">
        <StatCard label="Total Payments" value={overview ? formatCount(overview.total_payments) : '-'} />
        <StatCard label="Success Rate" value={overview?.success_rate ?? '-'} />
        <StatCard label="Timeout Rate" value={overview?.timeout_rate ?? '-'} tone={advice ? timeoutRateTone(advice) : 'neutral'} />
        <StatCard
          label="At Risk"
          value={atRisk ? formatCount(atRisk.count) : '-'}
          tone={advice ? atRiskTone(advice) : 'neutral'}
          note={atRiskNote(atRisk?.window)}
        />
      </div>

      <Card as="section" aria-label="Payments At Risk" className="mt-6">
        <h2 className="text-lg font-bold text-ink-950">Payments At Risk</h2>
        {atRisk && atRisk.payments.length > 0 ? (
          <ul className="mt-4 divide-y divide-ink-100 text-sm">
            {atRisk.payments.map((p) => (
              <li key={p.paymentId} className="flex flex-wrap items-center gap-x-6 gap-y-1 py-2">
                <code className="text-xs">{p.paymentId}</code>
                <code className="text-xs">{p.orderId}</code>
                <span>{typeLabel(p.paymentType)}</span>
                <span className="tabular-nums">{tableRupees(p.amount)}</span>
                <span className="font-semibold text-amber-800">{p.minutes_since_creation} min</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-ink-600">No payments currently at risk of timing out</p>
        )}
      </Card>

      <section aria-label="Recent Timed Out Payments" className="mt-6">
        <h2 className="mb-3 text-lg font-bold text-ink-950">Recent Timed Out Payments</h2>
        <DataTable
          caption="Recent timed out payments"
          columns={TIMED_OUT_COLUMNS}
          rows={timedOut.data?.payments ?? []}
          rowKey={(p) => p.paymentId}
          empty={
            <Card>
              <p className="text-ink-600">No timed out payments found in the selected period</p>
            </Card>
          }
        />
        <Pagination
          page={page}
          totalPages={timedOut.data?.pagination.total_pages ?? 1}
          onPageChange={setPage}
          label="Timed out payment pages"
        />
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card as="section" aria-label="Recommendations">
          <h2 className="text-lg font-bold text-ink-950">Recommendations</h2>
          <ul className="mt-4 flex flex-col gap-3">
            {(advice ?? []).map((advice) => (
              <li
                key={advice.type}
                data-severity={advice.severity}
                className={cx('rounded-xl px-4 py-3 text-sm ring-1 ring-inset', SEVERITY[advice.severity])}
              >
                <p className="font-bold">{advice.type.replace(/_/g, ' ').toUpperCase()}</p>
                <p className="mt-1">{advice.message}</p>
              </li>
            ))}
          </ul>
        </Card>
        <Card as="section" aria-label="Timeout Statistics">
          <h2 className="text-lg font-bold text-ink-950">Timeout Statistics</h2>
          <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-6 gap-y-2 text-sm">
            <dt className="text-ink-600">Total Amount Lost</dt>
            <dd className="font-semibold tabular-nums">{statistics ? tableRupees(statistics.total_amount_lost) : '-'}</dd>
            {(statistics?.by_payment_type ?? []).map((row) => (
              <div key={row.paymentType} className="contents">
                <dt className="text-ink-600">{typeLabel(row.paymentType)}</dt>
                <dd className="tabular-nums">
                  {formatCount(row.count)} · {tableRupees(row.total_amount)}
                </dd>
              </div>
            ))}
          </dl>
        </Card>
      </div>
    </>
  );
}
