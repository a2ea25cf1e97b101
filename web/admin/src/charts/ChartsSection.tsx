import { API, type ChartBucket, type ChartPage } from '@elts/contracts';
import { useId, useState } from 'react';
import { useAdminOperation } from '../api/use-admin-query.js';
import { DateRange, FilterBar, FilterSelect } from '../components/FilterBar.js';
import { ListStates } from '../components/ListStates.js';
import { ChartCard } from './ChartCard.js';
import { BUCKET_OPTIONS, defaultPeriod } from './chart-words.js';

/** A page's charts over a period the operator chooses (days, weeks or months), from the daily aggregates. */
export function ChartsSection({ page }: { page: ChartPage }) {
  const [period, setPeriod] = useState(() => defaultPeriod(page));
  const heading = useId();
  // While a date box holds a partly typed day its value is '': the last whole period's charts stay on screen.
  const charts = useAdminOperation(
    API.adminCharts,
    { params: { page }, query: period },
    { enabled: Boolean(period.startDate && period.endDate) },
  );
  const answer = charts.data?.data;
  return (
    <section aria-labelledby={heading} className="my-6">
      <h2 id={heading} className="mb-3 font-display text-xl font-bold text-ink-950">
        Over time
      </h2>
      <FilterBar label="Chart period">
        <DateRange
          labels={{ start: 'Charts from', end: 'Charts to' }}
          start={period.startDate}
          end={period.endDate}
          onChange={(key, value) => setPeriod((current) => ({ ...current, [key]: value }))}
        />
        <FilterSelect
          label="Per"
          value={period.bucket}
          options={BUCKET_OPTIONS}
          onChange={(value) => setPeriod((current) => ({ ...current, bucket: value as ChartBucket }))}
        />
      </FilterBar>
      <ListStates
        isLoading={charts.isLoading}
        error={charts.error}
        loading="Loading charts..."
        fallback="Failed to fetch the charts"
        onRetry={() => charts.refetch()}
      >
        {answer && (
          <div className="grid gap-4 lg:grid-cols-2">
            {answer.charts.map((chart) => (
              <ChartCard key={chart.id} chart={chart} answer={answer} />
            ))}
          </div>
        )}
      </ListStates>
    </section>
  );
}
