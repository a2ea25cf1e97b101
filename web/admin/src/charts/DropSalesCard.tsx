import { API } from '@elts/contracts';
import { type Column, DataTable, LoadingState } from '@elts/ui';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useAdminOperation } from '../api/use-admin-query.js';
import { ListStates } from '../components/ListStates.js';
import { ChartFrame } from './ChartFrame.js';
import { BEFORE_COLOR } from './chart-words.js';
import { type DropSalesAnswer, dropSalesWords, hourLabel, hourSentence, soldOfOffered } from './drop-sales-words.js';
import type { PlotLine } from './UPlotChart.js';

// uPlot is fetched the first time a chart is drawn (decision 0152).
const UPlotChart = lazy(() => import('./UPlotChart.js'));

const SOLD_COLOR = '#4338ca';
type Hour = DropSalesAnswer['hours'][number];
type Product = DropSalesAnswer['products'][number];

/**
 * The Drops chart (issue 39 item 1): units sold so far in each hour of one drop against the units it offered, and each
 * product's sell-through as bars with their figures written out; "View as table" shows both as tables, the chart is
 * a slider over its hours for the keyboard, and an empty drop says why there is nothing to draw.
 */
export function DropSalesCard({ dropId }: { dropId: string }) {
  const sales = useAdminOperation(API.adminDropSales, { params: { id: dropId } });
  return (
    <ListStates
      isLoading={sales.isLoading}
      error={sales.error}
      loading="Loading the drop's sales..."
      fallback="Failed to fetch the drop's sales"
      onRetry={() => sales.refetch()}
    >
      {sales.data && <DropSalesChart answer={sales.data.data} />}
    </ListStates>
  );
}

function DropSalesChart({ answer }: { answer: DropSalesAnswer }) {
  const [asTable, setAsTable] = useState(false);
  const words = dropSalesWords(answer);
  const lines = useMemo<PlotLine[]>(
    () => [
      { label: 'Units sold so far', color: SOLD_COLOR, values: answer.hours.map((hour) => hour.soldSoFar) },
      { label: 'Units offered', color: BEFORE_COLOR, values: answer.hours.map(() => answer.offered), dashed: true },
    ],
    [answer],
  );
  const xLabels = useMemo(() => answer.hours.map((hour) => hourLabel(hour.start)), [answer]);
  const formatValue = useCallback((value: number) => String(value), []);
  const describe = useCallback((i: number) => (answer.hours[i] ? hourSentence(answer.hours[i], answer.offered) : ''), [answer]);

  return (
    <ChartFrame
      title={words.title}
      subtitle={`${words.period}: ${words.summary}`}
      table={words.nothing ? undefined : { shown: asTable, toggle: () => setAsTable(!asTable) }}
    >
      <div className="mt-3">
        {words.nothing ? (
          <p className="rounded bg-ink-50 p-4 text-sm text-ink-700">{words.nothing}</p>
        ) : asTable ? (
          <DropSalesTables answer={answer} />
        ) : (
          <>
            <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-700" aria-label="Key">
              {lines.map((line) => (
                <li key={line.label}>
                  <span
                    aria-hidden="true"
                    className={
                      line.dashed
                        ? 'mr-1 inline-block w-4 border-t-2 border-dashed align-middle'
                        : 'mr-1 inline-block h-0.5 w-4 align-middle'
                    }
                    style={line.dashed ? { borderColor: line.color } : { background: line.color }}
                  />
                  {line.label}
                </li>
              ))}
            </ul>
            <Suspense fallback={<LoadingState message="Drawing the chart..." />}>
              <UPlotChart label={words.title} xLabels={xLabels} lines={lines} formatValue={formatValue} describe={describe} />
            </Suspense>
            <SellThroughBars products={answer.products} />
          </>
        )}
      </div>
    </ChartFrame>
  );
}

/** Each product's sell-through as a bar, its figures in words beside it (so the bar is never the only way to read it). */
function SellThroughBars({ products }: { products: Product[] }) {
  return (
    <div className="mt-4">
      <h4 className="text-sm font-bold text-ink-950">Sell-through per product</h4>
      <ul className="mt-2 grid gap-2">
        {products.map((product) => (
          <li key={product.id} className="text-sm text-ink-800">
            <span className="font-medium">{product.name}</span>: {soldOfOffered(product.sold, product.offered, product.sellThroughPercent)}
            <span aria-hidden="true" className="mt-1 block h-2 rounded bg-ink-100">
              <span className="block h-2 rounded" style={{ width: `${product.sellThroughPercent ?? 0}%`, background: SOLD_COLOR }} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function DropSalesTables({ answer }: { answer: DropSalesAnswer }) {
  const hourColumns: Column<Hour>[] = [
    { key: 'hour', header: 'Hour', cell: (hour) => hourLabel(hour.start) },
    { key: 'sold', header: 'Sold', align: 'right', cell: (hour) => hour.sold },
    { key: 'soFar', header: 'Sold so far', align: 'right', cell: (hour) => hour.soldSoFar },
    { key: 'offered', header: 'Offered', align: 'right', cell: () => answer.offered },
  ];
  const productColumns: Column<Product>[] = [
    { key: 'name', header: 'Product', cell: (product) => product.name },
    { key: 'offered', header: 'Offered', align: 'right', cell: (product) => product.offered },
    { key: 'sold', header: 'Sold', align: 'right', cell: (product) => product.sold },
    {
      key: 'sellThrough',
      header: 'Sell-through',
      align: 'right',
      cell: (product) => (product.sellThroughPercent === null ? 'Nothing offered' : `${product.sellThroughPercent}%`),
    },
  ];
  return (
    <div className="grid gap-4">
      <DataTable caption="Units sold by hour, as a table" columns={hourColumns} rows={answer.hours} rowKey={(hour) => hour.start} />
      <DataTable caption="Sell-through per product, as a table" columns={productColumns} rows={answer.products} rowKey={(p) => p.id} />
    </div>
  );
}
