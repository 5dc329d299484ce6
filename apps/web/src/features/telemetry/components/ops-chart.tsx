// One chart of /ops: a figure whose canvas (uPlot, lazily loaded) follows the card's width, with a
// text summary for screen readers and for when the chart library cannot load. A chart without a unit
// counts things, so its axis steps are whole numbers.
import { useEffect, useRef, useState } from 'react';
import type { ChartData } from '../utils/ops-series';

export function OpsChart({ data, unit = '', summary }: { data: ChartData; unit?: string; summary: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let handle: { resize(width: number): void; destroy(): void } | undefined;
    let draw: (() => void) | undefined;
    let live = true;
    const observer = new ResizeObserver(() => handle?.resize(el.clientWidth));
    // The canvas takes its colours from the scheme shown when it is drawn: a switch of the system's scheme
    // (dark at dusk) draws it again, or a light grid would glare on the dark card.
    const scheme = window.matchMedia?.('(prefers-color-scheme: dark)');
    const redraw = () => draw?.();
    scheme?.addEventListener('change', redraw);
    import('./uplot-chart')
      .then(({ renderChart }) => {
        if (!live) return;
        draw = () => {
          handle?.destroy();
          handle = renderChart(el, data, el.clientWidth, unit);
        };
        draw();
        observer.observe(el);
      })
      .catch((error: unknown) => {
        console.warn('chart library failed to load', error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
      scheme?.removeEventListener('change', redraw);
      observer.disconnect();
      handle?.destroy();
    };
  }, [data, unit]);

  return (
    <figure className="ops-chart">
      <div ref={box} className="ops-chart__canvas" aria-hidden="true" />
      <figcaption className={failed ? 'ops-chart__caption' : 'visually-hidden'}>{failed ? `图表加载失败。${summary}` : summary}</figcaption>
    </figure>
  );
}
