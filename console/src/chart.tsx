// Bar charts drawn by uPlot (canvas). Colours come from the page's CSS custom properties, read when
// the chart is drawn and again when the colour scheme changes, so light and dark mode both read
// well. The canvas is one image for assistive technology: its label says what it shows, and the
// figures themselves are in the table that follows every chart.
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import { type Series, stacked } from './liability';

export interface BarChartProps {
  readonly title: string;
  /** Said to screen readers in place of the picture. */
  readonly summary: string;
  readonly labels: readonly string[];
  /** Values in cents. */
  readonly series: readonly Series[];
  /** Stack the series (one bar per label) instead of one series only. */
  readonly stack?: boolean;
}

const PALETTE_SIZE = 8;

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

const compactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

function options(props: BarChartProps, width: number): uPlot.Options {
  const ink = cssVar('--fg');
  const grid = cssVar('--grid');
  const font = `12px ${cssVar('--font') || 'system-ui, sans-serif'}`;
  const n = props.labels.length;
  const bars = uPlot.paths.bars!({ size: [0.6, 56], align: 0 });
  // Stacked: drawn from the tallest running total down, so every layer shows (liability.ts).
  const order = props.series.map((_, i) => i).reverse();
  return {
    width,
    height: 280,
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: () => [-0.5, n - 0.5] },
      y: {
        range: (_u, min, max) => {
          const lo = Math.min(0, min);
          const hi = Math.max(0, max);
          const pad = (hi - lo || 1) * 0.08;
          return [lo < 0 ? lo - pad : 0, hi + pad];
        },
      },
    },
    axes: [
      {
        stroke: ink,
        font,
        grid: { show: false },
        ticks: { stroke: grid },
        splits: () => props.labels.map((_, i) => i),
        values: (_u, splits) => splits.map((i) => props.labels[i] ?? ''),
      },
      {
        stroke: ink,
        font,
        size: 64,
        grid: { stroke: grid, width: 1 },
        ticks: { stroke: grid },
        values: (_u, splits) => splits.map((v) => compactUsd.format(v)),
      },
    ],
    series: [
      {},
      ...order.map((i) => ({
        label: props.series[i]!.label,
        fill: cssVar(`--series-${i % PALETTE_SIZE}`),
        stroke: cssVar(`--series-${i % PALETTE_SIZE}`),
        width: 0,
        paths: bars,
        points: { show: false },
      })),
    ],
  };
}

function data(props: BarChartProps): uPlot.AlignedData {
  const xs = props.labels.map((_, i) => i);
  const values = props.stack ? stacked(props.series) : props.series.map((s) => [...s.values]);
  const order = values.map((_, i) => i).reverse();
  return [xs, ...order.map((i) => values[i]!.map((cents) => cents / 100))];
}

export function BarChart(props: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  // Redrawn when the figures change, not on every render of the page around it.
  const figures = JSON.stringify([props.labels, props.series, props.stack]);
  useEffect(() => {
    const el = box.current;
    if (!el || props.labels.length === 0) return;
    let plot: uPlot | undefined;
    const draw = () => {
      plot?.destroy();
      plot = new uPlot(options(props, Math.max(240, el.clientWidth)), data(props), el);
    };
    draw();
    const resize = new ResizeObserver(() => plot?.setSize({ width: Math.max(240, el.clientWidth), height: 280 }));
    resize.observe(el);
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', draw);
    return () => {
      resize.disconnect();
      scheme.removeEventListener('change', draw);
      plot?.destroy();
    };
  }, [figures]);
  return (
    <figure class="chart">
      <figcaption>{props.title}</figcaption>
      <div class="chart-canvas" ref={box} role="img" aria-label={props.summary} />
      {props.series.length > 1 && (
        <ul class="legend" aria-hidden="true">
          {props.series.map((s, i) => (
            <li key={s.label}>
              <span class={`swatch swatch-${i % PALETTE_SIZE}`} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
