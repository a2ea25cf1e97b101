import type { AdminCharts, ChartBucket } from '@elts/contracts';
import { LoadingState } from '@elts/ui';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { ChartFrame } from './ChartFrame.js';
import { ChartTable } from './ChartTable.js';
import { BEFORE_COLOR, bucketLabel, CHART_WORDS, periodText, valueText } from './chart-words.js';
import type { PlotLine } from './UPlotChart.js';

// uPlot is fetched the first time a chart is drawn, never with the admin remote's entry, the shell or the shop.
const UPlotChart = lazy(() => import('./UPlotChart.js'));

type Chart = AdminCharts['charts'][number];

/** One chart with its period beside the one before, a "View as table" toggle, and why it is empty when it is. */
export function ChartCard({ chart, answer }: { chart: Chart; answer: Pick<AdminCharts, 'period' | 'previous'> }) {
  const [asTable, setAsTable] = useState(false);
  const bucket: ChartBucket = answer.period.bucket;
  const words = CHART_WORDS[chart.id] ?? { title: chart.id, series: {}, nothing: 'Nothing happened' };
  const single = chart.series.length === 1;
  const lines = useMemo(() => {
    const drawn: PlotLine[] = chart.series.map((key, i) => ({
      label: words.series[key]?.label ?? key,
      color: words.series[key]?.color ?? '#334155',
      values: chart.points.map((point) => point.values[i] ?? 0),
    }));
    // One series has the period before drawn beside it, dashed; several have it in the table and the readout.
    if (single)
      drawn.push({ label: 'Period before', color: BEFORE_COLOR, values: chart.previous.map((p) => p.values[0] ?? 0), dashed: true });
    return drawn;
  }, [chart, words, single]);
  const xLabels = useMemo(() => chart.points.map((point) => bucketLabel(point.start, bucket)), [chart, bucket]);
  const formatValue = useCallback((value: number) => valueText(value, chart.unit), [chart.unit]);
  const describe = useCallback(
    (i: number) => {
      const point = chart.points[i];
      const before = chart.previous[i];
      if (!point) return '';
      const figures = (values: number[]) =>
        chart.series.map((key, s) => `${words.series[key]?.label ?? key} ${valueText(values[s] ?? 0, chart.unit)}`).join(', ');
      const then = before ? `; ${bucketLabel(before.start, bucket)}: ${figures(before.values)}` : '';
      return `${bucketLabel(point.start, bucket)}: ${figures(point.values)}${then}`;
    },
    [chart, words, bucket],
  );
  const empty = [...chart.points, ...chart.previous].every((point) => point.values.every((value) => value === 0));

  return (
    <ChartFrame
      title={words.title}
      subtitle={`${periodText(answer.period)}, beside ${periodText(answer.previous)}`}
      table={empty ? undefined : { shown: asTable, toggle: () => setAsTable(!asTable) }}
    >
      {single && !empty && !asTable && (
        <p className="mt-2 flex gap-4 text-xs text-ink-700">
          <span>
            <span aria-hidden="true" className="mr-1 inline-block h-0.5 w-4 align-middle" style={{ background: lines[0]?.color }} />
            {periodText(answer.period)}
          </span>
          <span>
            <span
              aria-hidden="true"
              className="mr-1 inline-block w-4 border-t-2 border-dashed align-middle"
              style={{ borderColor: BEFORE_COLOR }}
            />
            {periodText(answer.previous)}
          </span>
        </p>
      )}
      {!single && !empty && !asTable && (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-700" aria-label="Key">
          {lines.map((line) => (
            <li key={line.label}>
              <span aria-hidden="true" className="mr-1 inline-block h-0.5 w-4 align-middle" style={{ background: line.color }} />
              {line.label}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3">
        {empty ? (
          <p className="rounded bg-ink-50 p-4 text-sm text-ink-700">
            {words.nothing} between {periodText(answer.period).replace(' to ', ' and ')}, nor in the period before (
            {periodText(answer.previous)}): there is nothing to draw.
          </p>
        ) : asTable ? (
          <ChartTable chart={chart} bucket={bucket} />
        ) : (
          <Suspense fallback={<LoadingState message="Drawing the chart..." />}>
            <UPlotChart label={words.title} xLabels={xLabels} lines={lines} formatValue={formatValue} describe={describe} />
          </Suspense>
        )}
      </div>
    </ChartFrame>
  );
}
