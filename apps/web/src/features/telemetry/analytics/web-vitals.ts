// Web vitals (docs/telemetry.md) with Google's `web-vitals` library (Apache-2.0, no framework, no Node API):
// LCP, INP, CLS, FCP and TTFB, each reported once per page load (and again after a back/forward-cache
// restore), LCP/CLS/INP when the page is hidden. Its own lazy chunk, loaded by analytics after start.
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';

export interface VitalReport {
  name: Metric['name'];
  /** ms; CLS is unitless (kept to 4 decimals). */
  value: number;
  rating: Metric['rating'];
}

export function reportWebVitals(report: (vital: VitalReport) => void): void {
  const send = (metric: Metric) =>
    report({ name: metric.name, value: metric.name === 'CLS' ? Math.round(metric.value * 1e4) / 1e4 : Math.round(metric.value), rating: metric.rating });
  for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on(send);
}
