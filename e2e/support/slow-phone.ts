// Lighthouse's mobile preset applied to a real page through the DevTools protocol (docs/architecture.md
// "Delivery", bench/README.md): 150 ms round trip, 1.6 Mbps down, 750 kbps up, 4x CPU slowdown. What a
// person on a slow phone meets; bench/web-bench.ts measures with the same figures.
import type { Page } from 'playwright-core';

export const SLOW_PHONE = { latencyMs: 150, downloadBitsPerSecond: 1_638_400, uploadBitsPerSecond: 750_000, cpuSlowdown: 4 } as const;

/**
 * The whole preset by default; bench/web-lab.ts also applies its halves alone (`network` or `cpu` false),
 * to tell how much of a page's time is the link and how much the processor.
 */
export async function emulateSlowPhone(page: Page, halves: { network?: boolean; cpu?: boolean } = {}): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  // Enabled in both cases, so the halves are measured with the same DevTools attached as the whole.
  await cdp.send('Network.enable');
  if (halves.network !== false) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_PHONE.latencyMs,
      downloadThroughput: SLOW_PHONE.downloadBitsPerSecond / 8,
      uploadThroughput: SLOW_PHONE.uploadBitsPerSecond / 8,
    });
  }
  if (halves.cpu !== false) await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
}
