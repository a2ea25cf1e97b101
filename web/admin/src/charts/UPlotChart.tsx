import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface PlotLine {
  label: string;
  color: string;
  values: number[];
  dashed?: boolean;
}

export interface UPlotChartProps {
  /** What the chart shows, for screen readers: "Revenue net of refunds". */
  label: string;
  /** Each bucket's name on the x axis, in order. */
  xLabels: string[];
  lines: PlotLine[];
  formatValue: (value: number) => string;
  /** The sentence read out for a bucket: its name and every value, the period before's too. */
  describe: (index: number) => string;
}

const HEIGHT = 240;
const AXIS = { stroke: '#475569', grid: { stroke: '#e2e8f0', width: 1 }, ticks: { stroke: '#cbd5e1', width: 1 } };

/**
 * The one module that imports uPlot (its own chunk, loaded by React.lazy only on the pages that draw, decision
 * 0152). The canvas is drawn for sighted mouse users; the box around it is a slider over the buckets: the arrow keys
 * (Home and End for the ends) move the cursor, and each bucket's sentence is its value and is written out below.
 */
export default function UPlotChart({ label, xLabels, lines, formatValue, describe }: UPlotChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [index, setIndex] = useState<number | null>(null);
  const readout = useId();

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 200),
      height: HEIGHT,
      legend: { show: false },
      cursor: { y: false, points: { size: 8 } },
      scales: { x: { time: false } },
      axes: [
        {
          ...AXIS,
          // Buckets are whole numbers: only those get a name.
          incrs: [1, 2, 3, 4, 5, 7, 10, 14, 15, 30, 60, 90, 180, 365],
          values: (_u, splits) => splits.map((split) => (Number.isInteger(split) ? (xLabels[split] ?? '') : '')),
          size: 40,
        },
        { ...AXIS, values: (_u, splits) => splits.map(formatValue), size: 84 },
      ],
      series: [
        {},
        ...lines.map((line) => ({
          label: line.label,
          stroke: line.color,
          width: 2,
          ...(line.dashed ? { dash: [6, 4] } : {}),
          points: { show: xLabels.length <= 31 },
        })),
      ],
      hooks: { setCursor: [(u) => setIndex(u.cursor.idx ?? null)] },
    };
    const chart = new uPlot(options, [xLabels.map((_, i) => i), ...lines.map((line) => line.values)], element);
    plot.current = chart;
    const observer = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [xLabels, lines, formatValue]);

  const moveTo = (next: number) => {
    const chart = plot.current;
    const at = Math.min(Math.max(next, 0), xLabels.length - 1);
    setIndex(at);
    const first = lines[0]?.values[at] ?? 0;
    chart?.setCursor({ left: chart.valToPos(at, 'x'), top: chart.valToPos(first, 'y') });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const steps: Record<string, number> = { ArrowRight: (index ?? -1) + 1, ArrowLeft: (index ?? 1) - 1, Home: 0, End: xLabels.length - 1 };
    const next = steps[event.key];
    if (next === undefined) return;
    event.preventDefault();
    moveTo(next);
  };

  return (
    <div>
      {/* A slider over the buckets: screen readers announce each bucket's sentence as its value. */}
      <div
        ref={box}
        role="slider"
        tabIndex={0}
        aria-label={`${label}: use the left and right arrow keys to read each value`}
        aria-valuemin={0}
        aria-valuemax={xLabels.length - 1}
        aria-valuenow={index ?? 0}
        aria-valuetext={describe(index ?? 0)}
        aria-describedby={readout}
        onKeyDown={onKeyDown}
        className="w-full rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700"
      />
      <p id={readout} aria-live="polite" className="mt-2 min-h-5 text-sm text-ink-700 tabular-nums">
        {index === null ? 'Point at the chart, or focus it and use the arrow keys, to read each value.' : describe(index)}
      </p>
    </div>
  );
}
