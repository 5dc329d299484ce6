// How each verification provider runs: `sandbox` (default; nothing leaves the machine, outcomes chosen by
// the magic values of docs/sandbox.md; refused in production, like the SMS sandbox) or `http` (the
// vendor's API, shaped after Tencent Cloud; https required in production). Checked by config/verification.ts.
export const PROVIDER_MODES = ['sandbox', 'http'] as const;
export type ProviderMode = (typeof PROVIDER_MODES)[number];

/** Settings of one `http` provider (Tencent Cloud API 3.0 style: one endpoint, TC3-HMAC-SHA256). */
export interface HttpProviderSettings {
  /** e.g. https://ocr.tencentcloudapi.com */
  url: string;
  secretId: string;
  secretKey: string;
  /** X-TC-Region; empty for APIs that take none. */
  region: string;
  timeoutMs: number;
}
