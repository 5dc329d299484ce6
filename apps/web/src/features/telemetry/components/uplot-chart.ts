// A line chart with uPlot (MIT, ~20 KB gzip, canvas, no dependencies), used only by /ops and loaded
// after the page's first paint (its own chunk): the page's first load stays within the 80 KB budget.
// uPlot's stylesheet is inlined here and adopted once, rather than joining the app-wide stylesheet that
// every page loads. Adopted as a constructed stylesheet, not a <style> element: the console's CSP allows
// no inline style element (apps/server plugins/web-app.ts), and CSSOM sheets are not inline styles.
import uPlot from 'uplot';
import uplotCss from 'uplot/dist/uPlot.min.css?inline';
import type { ChartData } from '../utils/ops-series';

export const SERIES_COLORS = ['#1a5cff', '#e8590c', '#2f9e44', '#ae3ec9', '#d92d20', '#868e96'];

let adopted = false;

function addStylesheet() {
  if (adopted) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(uplotCss);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  adopted = true;
}

export interface ChartHandle {
  resize(width: number): void;
  destroy(): void;
}

/** Whole-number steps for charts of counts (no 0.2 of an SMS). */
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000];

export function renderChart(target: HTMLElement, data: ChartData, width: number, unit: string): ChartHandle {
  addStylesheet();
  const x = data.days.map((_, i) => i);
  const label = (i: number) => data.days[i]?.slice(5) ?? '';
  // Axis text and grid in the design tokens of the mode shown (styles/base.css), so the canvas follows
  // dark mode like the page around it (WCAG 2.1 1.4.3, 1.4.11).
  const token = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  const axisColours = { stroke: token('--c-muted'), grid: { stroke: token('--c-line') }, ticks: { stroke: token('--c-line') } };
  const chart = new uPlot(
    {
      width,
      height: 200,
      scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
      axes: [
        { ...axisColours, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? label(t) : '')), size: 30, font: '11px sans-serif', gap: 4 },
        {
          ...axisColours,
          size: 44,
          font: '11px sans-serif',
          ...(unit ? {} : { incrs: COUNT_STEPS }),
          values: (_u, ticks) => ticks.map((t) => (t >= 10_000 ? `${Math.round(t / 1000)}k` : String(t))),
        },
      ],
      legend: { live: false },
      cursor: { drag: { x: false, y: false } },
      series: [
        { label: '日期', value: (_u, i) => (i === null ? '' : (data.days[i] ?? '')) },
        // Series often coincide (as many codes verified as sent): the first is drawn wide under the
        // others, which are dashed, so none hides another.
        ...data.series.map((series, i) => ({
          label: series.label,
          stroke: SERIES_COLORS[i % SERIES_COLORS.length],
          width: i === 0 ? 4 : 2,
          ...(i === 0 ? {} : { dash: [6, 4] }),
          points: { show: true, size: i === 0 ? 8 : 5 },
          value: (_u: uPlot, v: number | null) => (v === null ? '–' : `${v}${unit}`),
        })),
      ],
    },
    [x, ...data.series.map((series) => series.values)],
    target,
  );
  return { resize: (w) => chart.setSize({ width: w, height: 200 }), destroy: () => chart.destroy() };
}
