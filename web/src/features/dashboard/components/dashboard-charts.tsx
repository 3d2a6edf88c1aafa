import {
  ArcElement,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  Tooltip,
  type ChartOptions,
  type ScriptableContext,
} from 'chart.js';
import { Bar, Doughnut } from 'react-chartjs-2';
import { CHART_GRID, CHART_HEIGHT, CHART_TEXT } from '@/components/charts/chart-theme';
import { DONUT_WIDTH } from './chart-data';

// Only what these charts draw: react-chartjs-2's Bar and Doughnut register their own
// controllers, the rest of chart.js stays out of the bundle.
ChartJS.register(ArcElement, BarElement, CategoryScale, LinearScale, Legend, Tooltip);
// The canvas draws in the page's font (a canvas does not inherit it).
if (typeof document !== 'undefined') ChartJS.defaults.font.family = getComputedStyle(document.body).fontFamily || ChartJS.defaults.font.family;

const TEXT = CHART_TEXT;
const GRID = CHART_GRID;

/** The accessible name of a chart's canvas; the figures are in the table next to it. */
export interface ChartA11y {
  /** Short description of what the image shows (its accessible name). */
  label: string;
}

export interface ModalityChartProps extends ChartA11y {
  /** Month names, January to December. */
  labels: string[];
  series: { label: string; color: string; data: number[] }[];
  formatNumber: (n: number) => string;
}

/** The monthly modality chart: one group of three bars per month (spec §2). */
export function ModalityChart({ label, labels, series, formatNumber }: ModalityChartProps) {
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: {
      legend: { position: 'top', labels: { color: TEXT, boxWidth: 14 } },
      tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatNumber(item.parsed.y ?? 0)}` } },
    },
    scales: {
      x: { ticks: { color: TEXT, autoSkip: false, maxRotation: 60 }, grid: { display: false } },
      y: { beginAtZero: true, ticks: { precision: 0, color: TEXT, callback: (v) => formatNumber(Number(v)) }, grid: { color: GRID } },
    },
  };
  return (
    <div style={{ position: 'relative', height: CHART_HEIGHT }}>
      <Bar
        role="img"
        aria-label={label}
        data={{
          labels,
          datasets: series.map((s) => ({ label: s.label, data: s.data, backgroundColor: s.color, borderRadius: 3, maxBarThickness: 18 })),
        }}
        options={options}
      />
    </div>
  );
}

export interface PercentBarsProps extends ChartA11y {
  labels: string[];
  values: number[];
  color: string;
  /** The dataset's name (tooltips). */
  seriesLabel: string;
  formatPercent: (n: number) => string;
}

/** Horizontal bars of a percentage per category (training by region, spec §2). */
export function PercentBars({ label, labels, values, color, seriesLabel, formatPercent }: PercentBarsProps) {
  // 300 px, taller when there are many categories so that every name stays readable.
  const height = Math.max(CHART_HEIGHT, labels.length * 30 + 60);
  const options: ChartOptions<'bar'> = {
    indexAxis: 'y',
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: {
      legend: { display: false },
      tooltip: { callbacks: { label: (item) => `${seriesLabel}: ${formatPercent(item.parsed.x ?? 0)}` } },
    },
    scales: {
      x: { beginAtZero: true, max: 100, ticks: { color: TEXT, callback: (v) => formatPercent(Number(v)) }, grid: { color: GRID } },
      y: { ticks: { color: TEXT, autoSkip: false }, grid: { display: false } },
    },
  };
  return (
    <div style={{ position: 'relative', height }}>
      <Bar
        role="img"
        aria-label={label}
        data={{ labels, datasets: [{ label: seriesLabel, data: values, backgroundColor: color, borderRadius: 3, maxBarThickness: 22 }] }}
        options={options}
      />
    </div>
  );
}

export interface DonutProps extends ChartA11y {
  labels: string[];
  values: number[];
  colors: string[];
  formatPercent: (n: number) => string;
  /** Text in the middle of the ring (the overall figure), with a line under it. */
  center?: { value: string; caption: string };
}

/** White gap between the slices. */
const SLICE_BORDER = 2;

/** The donut of training by N2 (spec §2), its ring 20 px wide at any size (spec §9). */
export function Donut({ label, labels, values, colors, formatPercent, center }: DonutProps) {
  const options: ChartOptions<'doughnut'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    // A number is pixels: chart.js's outer radius (half the square less the slices' border)
    // less the ring's width.
    cutout: (context: ScriptableContext<'doughnut'>) => {
      const area = context.chart.chartArea;
      if (!area) return '85%';
      return Math.max(0, (Math.min(area.width, area.height) - SLICE_BORDER) / 2 - DONUT_WIDTH);
    },
    plugins: {
      // The legend is the list under the chart (names wrap there, not in the canvas).
      legend: { display: false },
      tooltip: { callbacks: { label: (item) => `${item.label}: ${formatPercent(Number(item.raw ?? 0))}` } },
    },
  };
  return (
    <div style={{ position: 'relative', height: CHART_HEIGHT }}>
      <Doughnut
        role="img"
        aria-label={label}
        data={{ labels, datasets: [{ data: values, backgroundColor: colors, borderColor: '#fff', borderWidth: SLICE_BORDER }] }}
        options={options}
      />
      {center && (
        // Drawn over the canvas's hole; the table next to the chart carries the same figure.
        <div
          aria-hidden
          style={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', pointerEvents: 'none', color: TEXT }}
        >
          <span style={{ fontSize: 28, fontWeight: 700, lineHeight: 1.2 }}>{center.value}</span>
          <span style={{ fontSize: 14 }}>{center.caption}</span>
        </div>
      )}
    </div>
  );
}
