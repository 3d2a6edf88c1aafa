import { BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';

ChartJS.register(BarElement, CategoryScale, LinearScale, Tooltip);

/** Accessible bar colour on white (4.5:1 and more) and its text colour. */
const BAR = '#1864ab';
const TEXT = '#343a40';

/** Splits a long option into lines of about `width` characters (chart.js draws string[] as lines). */
function wrap(text: string, width = 22): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

/**
 * A horizontal bar chart of one question's answers. Loaded on demand (chart.js is not in the
 * dashboard's first load); the card next to it carries the same figures as a table.
 */
export default function SurveyChart({ labels, counts, label }: { labels: string[]; counts: number[]; label: string }) {
  return (
    <div style={{ position: 'relative', height: `${Math.max(140, labels.length * 52)}px` }}>
      <Bar
        aria-hidden
        data={{ labels: labels.map((l) => wrap(l)), datasets: [{ label, data: counts, backgroundColor: BAR, borderRadius: 4, maxBarThickness: 28 }] }}
        options={{
          indexAxis: 'y',
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          plugins: { legend: { display: false }, tooltip: { enabled: true } },
          scales: {
            x: { beginAtZero: true, ticks: { precision: 0, color: TEXT } },
            y: { ticks: { color: TEXT, autoSkip: false } },
          },
        }}
      />
    </div>
  );
}
