// Telemetry sizes, from the build `npm test` makes before this stage (bench/web-sizes.ts): the analytics
// module under its 4 KB gzip target and, like web vitals and uPlot, in no route's first load.
import { describe, expect, it } from 'vitest';
import { ANALYTICS_GZIP_TARGET_BYTES, ANALYTICS_MODULE, lazyModuleSize, readManifest, routeSizes } from '../bench/web-sizes';

const LAZY = [ANALYTICS_MODULE, 'src/features/telemetry/analytics/web-vitals.ts', 'src/features/telemetry/components/uplot-chart.ts'];

describe('telemetry bundle', () => {
  it('the analytics module is under 4 KB gzip (beside what it shares with the API transport)', () => {
    const size = lazyModuleSize(ANALYTICS_MODULE, ['src/lib/api-transport.ts']);
    expect(size.js - size.shared).toBeLessThanOrEqual(ANALYTICS_GZIP_TARGET_BYTES);
  });

  it('analytics, web vitals and uPlot are lazy chunks outside every first load', () => {
    const manifest = readManifest();
    const sizes = routeSizes();
    for (const src of LAZY) {
      expect(manifest[src]?.isDynamicEntry, src).toBe(true);
      for (const size of sizes) expect(size.jsFiles, `${src} in ${size.path}`).not.toContain(manifest[src]!.file);
    }
    // The web vitals library and uPlot are not bundled into anything that loads at start either.
    const uplot = lazyModuleSize('src/features/telemetry/components/uplot-chart.ts');
    for (const size of sizes) for (const file of uplot.files) expect(size.jsFiles, size.path).not.toContain(file);
  });
});
