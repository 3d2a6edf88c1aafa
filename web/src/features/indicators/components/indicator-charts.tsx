import { BarElement, CategoryScale, Chart as ChartJS, Legend, LinearScale, Tooltip, type ChartOptions } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { CHART_GRID, CHART_HEIGHT, CHART_TEXT } from '@/components/charts/chart-theme';

// Only what these charts draw: react-chartjs-2's Bar registers its own controller.
ChartJS.register(BarElement, CategoryScale, LinearScale, Legend, Tooltip);
// The canvas draws in the page's font (a canvas does not inherit it).
if (typeof document !== 'undefined') ChartJS.defaults.font.family = getComputedStyle(document.body).fontFamily || ChartJS.defaults.font.family;

/** A category name on an axis: long names are cut (the table next to the chart has them whole). */
const AXIS_NAME_MAX = 24;
const axisName = (name: string) => (name.length > AXIS_NAME_MAX ? `${name.slice(0, AXIS_NAME_MAX - 1).trimEnd()}…` : name);

/** Bars laid sideways get 30 px per category so that every name stays readable. */
const sidewaysHeight = (categories: number, series: number) => Math.max(CHART_HEIGHT, categories * (series > 1 ? 40 : 30) + 70);

export interface BarSeries {
  label: string;
  color: string;
  data: number[];
}

export interface GroupedBarsProps {
  /** The canvas's accessible name; the figures are in the table next to it. */
  label: string;
  labels: string[];
  series: BarSeries[];
  /** Bars from the left (names on the y axis) instead of from the bottom. */
  horizontal?: boolean;
  formatNumber: (n: number) => string;
}

/** One group of bars per category (accreditations per month, the top 10 by audience). */
export function GroupedBars({ label, labels, series, horizontal = false, formatNumber }: GroupedBarsProps) {
  const value = horizontal ? 'x' : 'y';
  const category = horizontal ? 'y' : 'x';
  const options: ChartOptions<'bar'> = {
    indexAxis: category,
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: {
      legend: { position: 'top', labels: { color: CHART_TEXT, boxWidth: 14 } },
      tooltip: {
        callbacks: {
          title: (items) => labels[items[0]?.dataIndex ?? 0] ?? '',
          label: (item) => `${item.dataset.label ?? ''}: ${formatNumber((horizontal ? item.parsed.x : item.parsed.y) ?? 0)}`,
        },
      },
    },
    scales: {
      [category]: {
        ticks: {
          color: CHART_TEXT,
          autoSkip: !horizontal,
          maxRotation: 60,
          callback: (_v: string | number, index: number) => axisName(labels[index] ?? ''),
        },
        grid: { display: false },
      },
      [value]: { beginAtZero: true, ticks: { precision: 0, color: CHART_TEXT, callback: (v: string | number) => formatNumber(Number(v)) }, grid: { color: CHART_GRID } },
    },
  };
  return (
    <div style={{ position: 'relative', height: horizontal ? sidewaysHeight(labels.length, series.length) : CHART_HEIGHT }}>
      <Bar
        role="img"
        aria-label={label}
        data={{
          labels,
          datasets: series.map((s) => ({ label: s.label, data: s.data, backgroundColor: s.color, borderRadius: 3, maxBarThickness: horizontal ? 16 : 22 })),
        }}
        options={options}
      />
    </div>
  );
}

export interface PercentBarsProps {
  label: string;
  labels: string[];
  values: number[];
  color: string;
  /** The dataset's name (tooltips). */
  seriesLabel: string;
  formatPercent: (n: number) => string;
}

/** Horizontal bars of a percentage per category (compliance per plant or structure node). */
export function PercentBars({ label, labels, values, color, seriesLabel, formatPercent }: PercentBarsProps) {
  const options: ChartOptions<'bar'> = {
    indexAxis: 'y',
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          title: (items) => labels[items[0]?.dataIndex ?? 0] ?? '',
          label: (item) => `${seriesLabel}: ${formatPercent(item.parsed.x ?? 0)}`,
        },
      },
    },
    scales: {
      x: { beginAtZero: true, max: 100, ticks: { color: CHART_TEXT, callback: (v) => formatPercent(Number(v)) }, grid: { color: CHART_GRID } },
      y: { ticks: { color: CHART_TEXT, autoSkip: false, callback: (_v, index) => axisName(labels[index] ?? '') }, grid: { display: false } },
    },
  };
  return (
    <div style={{ position: 'relative', height: sidewaysHeight(labels.length, 1) }}>
      <Bar
        role="img"
        aria-label={label}
        data={{ labels, datasets: [{ label: seriesLabel, data: values, backgroundColor: color, borderRadius: 3, maxBarThickness: 22 }] }}
        options={options}
      />
    </div>
  );
}
