// Lighthouse's mobile preset applied to a real page through the DevTools protocol (docs/architecture.md
// "Delivery", bench/README.md): 150 ms round trip, 1.6 Mbps down, 750 kbps up, 4x CPU slowdown. What a
// person on a slow phone meets; bench/web-bench.ts measures with the same figures.
import type { Page } from 'playwright-core';

export const SLOW_PHONE = { latencyMs: 150, downloadBitsPerSecond: 1_638_400, uploadBitsPerSecond: 750_000, cpuSlowdown: 4 } as const;

export async function emulateSlowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_PHONE.latencyMs,
    downloadThroughput: SLOW_PHONE.downloadBitsPerSecond / 8,
    uploadThroughput: SLOW_PHONE.uploadBitsPerSecond / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
}
