// Bar charts drawn by uPlot (canvas). Colours come from the page's CSS custom properties, read when
// the chart is drawn and again when the colour scheme changes, so light and dark mode both read
// well. The canvas is one image for assistive technology: its label says what it shows, and the
// figures themselves are in the table that follows every chart.
import type { RefObject } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import { type Series, stacked } from './liability';
import { APPROACHING_SHARE, type NexusStatus, type ShareBars, STATUSES, shareAxisMax } from './nexus';

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

/**
 * Draws a uPlot chart into `box` when `figures` change (not on every render of the page around
 * it), follows the box's width, and draws again with the other scheme's colours when it changes.
 */
function usePlot(box: RefObject<HTMLDivElement | null>, figures: string, height: number, make: (width: number) => [uPlot.Options, uPlot.AlignedData] | null) {
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | undefined;
    const draw = () => {
      plot?.destroy();
      plot = undefined;
      const made = make(Math.max(240, el.clientWidth));
      if (made) plot = new uPlot(made[0], made[1], el);
    };
    draw();
    const resize = new ResizeObserver(() => plot?.setSize({ width: Math.max(240, el.clientWidth), height }));
    resize.observe(el);
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', draw);
    return () => {
      resize.disconnect();
      scheme.removeEventListener('change', draw);
      plot?.destroy();
    };
  }, [figures]);
}

export function BarChart(props: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  usePlot(box, JSON.stringify([props.labels, props.series, props.stack]), 280, (width) =>
    props.labels.length === 0 ? null : [options(props, width), data(props)],
  );
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

export interface ShareChartProps {
  readonly title: string;
  /** Said to screen readers in place of the picture. */
  readonly summary: string;
  readonly bars: ShareBars;
}

const BAR_PX = 24;
const percentTick = (share: number) => `${Number((share * 100).toFixed(1))} %`;

/** A vertical line across the plot at a share, labelled at its top. */
function markLine(u: uPlot, share: number, colour: string, dash: number[], label: string) {
  const ctx = u.ctx;
  const x = Math.round(u.valToPos(share, 'y', true));
  const { top, height } = u.bbox;
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineWidth = 2 * uPlot.pxRatio;
  ctx.setLineDash(dash.map((d) => d * uPlot.pxRatio));
  ctx.beginPath();
  ctx.moveTo(x, top);
  ctx.lineTo(x, top + height);
  ctx.stroke();
  ctx.font = `${12 * uPlot.pxRatio}px ${cssVar('--font') || 'system-ui, sans-serif'}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  ctx.fillText(label, x, top - 3 * uPlot.pxRatio);
  ctx.restore();
}

function shareOptions(bars: ShareBars, statuses: readonly NexusStatus[], width: number, height: number): uPlot.Options {
  const ink = cssVar('--fg');
  const grid = cssVar('--grid');
  const font = `12px ${cssVar('--font') || 'system-ui, sans-serif'}`;
  const n = bars.states.length;
  const max = shareAxisMax(bars.shares);
  return {
    width,
    height,
    // Room above the plot for the lines' labels.
    padding: [20, 16, 0, 0],
    legend: { show: false },
    cursor: { show: false },
    scales: {
      // The states down the side, the first at the top; the share along the bottom.
      x: { time: false, ori: 1, dir: -1, range: () => [-0.5, n - 0.5] },
      y: { ori: 0, dir: 1, range: () => [0, max] },
    },
    axes: [
      {
        side: 3,
        stroke: ink,
        font,
        size: 44,
        grid: { show: false },
        ticks: { stroke: grid },
        splits: () => bars.states.map((_, i) => i),
        values: (_u, splits) => splits.map((i) => bars.states[i] ?? ''),
      },
      {
        side: 2,
        stroke: ink,
        font,
        space: 64,
        grid: { stroke: grid, width: 1 },
        ticks: { stroke: grid },
        values: (_u, splits) => splits.map(percentTick),
      },
    ],
    series: [
      {},
      ...statuses.map((status) => ({
        label: status,
        fill: cssVar(`--status-${status}`),
        stroke: cssVar(`--status-${status}`),
        width: 0,
        paths: uPlot.paths.bars!({ size: [0.7, 20], align: 0 }),
        points: { show: false },
      })),
    ],
    hooks: {
      draw: [
        (u) => {
          markLine(u, APPROACHING_SHARE, cssVar('--status-approaching'), [6, 4], percentTick(APPROACHING_SHARE));
          markLine(u, 1, cssVar('--status-crossed'), [], 'threshold');
        },
      ],
    },
  };
}

/**
 * Each state's share of its threshold as a horizontal bar, coloured by status (one series per
 * status, each state's bar in its own), with the threshold at 100 % and the approach at 80 %.
 */
export function ShareChart({ title, summary, bars }: ShareChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const statuses = STATUSES.filter((s) => bars.statuses.includes(s));
  const height = 20 + 40 + Math.max(1, bars.states.length) * BAR_PX;
  usePlot(box, JSON.stringify(bars), height, (width) => {
    if (bars.states.length === 0) return null;
    const xs = bars.states.map((_, i) => i);
    const values = statuses.map((status) => bars.shares.map((share, i) => (bars.statuses[i] === status ? share : null)));
    return [shareOptions(bars, statuses, width, height), [xs, ...values] as uPlot.AlignedData];
  });
  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      <div class="chart-canvas" ref={box} role="img" aria-label={summary} />
      <ul class="legend" aria-hidden="true">
        {statuses.map((s) => (
          <li key={s}>
            <span class={`swatch swatch-status-${s}`} />
            {s.replaceAll('_', ' ')}
          </li>
        ))}
        <li>
          <span class="swatch-line swatch-line-threshold" />
          threshold (100 %)
        </li>
        <li>
          <span class="swatch-line swatch-line-approach" />
          approaching from {percentTick(APPROACHING_SHARE)}
        </li>
      </ul>
    </figure>
  );
}
