import { type Figure, formatTarget, formatValue, verdict } from './stats.js';

export interface RunInfo {
  date: string;
  commit: string;
  machine: string;
  mode: 'full' | 'quick';
  pinned: boolean;
  durationS: number;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The console table: one line per figure, its target and whether it is met, grouped by benchmark. */
export function consoleTable(figures: readonly Figure[]): string {
  const lines: string[] = [];
  let group = '';
  for (const figure of figures) {
    if (figure.group !== group) {
      group = figure.group;
      lines.push('', group);
    }
    const value = formatValue(figure.value, figure.unit);
    lines.push(
      `  ${figure.label.padEnd(52)}${value.padStart(14)}  ${formatTarget(figure).padEnd(12)}${verdict(figure).padEnd(7)}`.trimEnd(),
    );
  }
  return lines.join('\n');
}

/** bench/RESULTS.md: the run's identity and the same table, with the notes on what limits a missed figure. */
export function markdown(run: RunInfo, figures: readonly Figure[], notes: readonly string[] = [], appendix = ''): string {
  const lines = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench${run.mode === 'quick' ? ' -- --quick' : ''}\`; do not edit by hand (the notes below the table come from the`,
    'benchmarks themselves; the discussion lives in docs/decisions/0050-benchmarks.md).',
    '',
    `- Date: ${run.date}`,
    `- Commit: ${run.commit}`,
    `- Machine: ${run.machine}`,
    `- Mode: ${run.mode}, ${run.pinned ? 'server pinned to its own core with taskset' : 'not pinned'}, ${Math.round(run.durationS)} s`,
    '',
    '| Benchmark | Figure | Measured | Target | |',
    '|---|---|---:|---|---|',
  ];
  for (const figure of figures) {
    const mark = verdict(figure);
    lines.push(
      `| ${cell(figure.group)} | ${cell(figure.label)}${figure.note ? ` (${cell(figure.note)})` : ''} | ${formatValue(figure.value, figure.unit)} | ${cell(formatTarget(figure))} | ${mark === 'MISSED' ? '**missed**' : mark} |`,
    );
  }
  if (notes.length) lines.push('', '## Notes from this run', '', ...notes.map((note) => `- ${note}`));
  if (appendix.trim()) lines.push('', appendix.trim());
  return `${lines.join('\n')}\n`;
}
