import type { AdminCharts, ChartBucket } from '@elts/contracts';
import { type Column, DataTable } from '@elts/ui';
import { bucketLabel, CHART_WORDS, valueText } from './chart-words.js';

type Chart = AdminCharts['charts'][number];
interface Row {
  start: string;
  values: number[];
  before: { start: string; values: number[] } | undefined;
}

/** The chart's figures as a table: each bucket's values, then the same bucket of the period before. */
export function ChartTable({ chart, bucket }: { chart: Chart; bucket: ChartBucket }) {
  const words = CHART_WORDS[chart.id];
  const label = (key: string) => words?.series[key]?.label ?? key;
  const columns: Column<Row>[] = [
    {
      key: 'bucket',
      header: bucket === 'month' ? 'Month' : bucket === 'week' ? 'Week' : 'Day',
      cell: (row) => bucketLabel(row.start, bucket),
    },
    ...chart.series.map((key, i) => ({
      key,
      header: label(key),
      align: 'right' as const,
      cell: (row: Row) => valueText(row.values[i] ?? 0, chart.unit),
    })),
    {
      key: 'before',
      header: 'Period before',
      cell: (row) => (row.before ? bucketLabel(row.before.start, bucket) : ''),
    },
    ...chart.series.map((key, i) => ({
      key: `before-${key}`,
      header: `${label(key)} before`,
      align: 'right' as const,
      cell: (row: Row) => (row.before ? valueText(row.before.values[i] ?? 0, chart.unit) : ''),
    })),
  ];
  const rows = chart.points.map((point, i) => ({ ...point, before: chart.previous[i] }));
  return <DataTable caption={`${words?.title ?? chart.id}, as a table`} columns={columns} rows={rows} rowKey={(row) => row.start} />;
}
