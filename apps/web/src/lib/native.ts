// Lazy access to the native bridge (lib/native-bridge.ts). Outside the app (most H5 visits) the
// bridge module is never loaded; inside the app it is fetched on first use, after the first
// render — nothing on screen waits for it, since every bridge call is asynchronous anyway.
import { clientEnv } from './env';
import type * as Bridge from './native-bridge';

export type NativeBridge = typeof Bridge;

let bridge: Promise<NativeBridge> | undefined;

/** The bridge module inside the app; null outside it (the caller's web behaviour applies). */
export function nativeBridge(): Promise<NativeBridge> | null {
  if (!clientEnv().inApp) return null;
  bridge ??= import('./native-bridge').then((mod) => {
    mod.installBridge();
    return mod;
  });
  return bridge;
}

/** Runs `use` with the bridge inside the app; a failure is logged, never thrown at the page. */
export function withNative(name: string, use: (bridge: NativeBridge) => Promise<unknown>): void {
  nativeBridge()
    ?.then(use)
    .catch((error: unknown) => console.warn(`bridge ${name} failed`, error));
}
