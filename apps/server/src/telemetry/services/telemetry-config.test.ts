// Telemetry configuration keys (docs/operations.md): defaults, bounds, and the admin token in production.
import { describe, expect, it } from 'vitest';
import { parseConfig, parseSecretEnv } from '../../config/index.js';

describe('telemetry configuration', () => {
  it('defaults to 90 days of retention, 600 batches and 3 MB a minute, 1 GB stored a day and no operations API', () => {
    expect(parseConfig({ NODE_ENV: 'test' }).telemetry).toEqual({
      retentionDays: 90,
      rateLimitPerMinute: 600,
      bytesPerAddressPerMinute: 3_000_000,
      storedBytesPerDay: 1_000_000_000,
    });
    expect(parseSecretEnv({ NODE_ENV: 'test' }).adminToken).toBeUndefined();
  });

  it('reads the keys and refuses bad values', () => {
    const token = 'a'.repeat(43);
    const env = {
      NODE_ENV: 'test',
      TELEMETRY_RETENTION_DAYS: '30',
      TELEMETRY_RATE_LIMIT_PER_MINUTE: '5',
      TELEMETRY_BYTES_PER_ADDRESS_PER_MINUTE: '60000',
      TELEMETRY_STORED_BYTES_PER_DAY: '10000',
      TYD_ADMIN_TOKEN: token,
    };
    expect(parseConfig(env).telemetry).toEqual({ retentionDays: 30, rateLimitPerMinute: 5, bytesPerAddressPerMinute: 60_000, storedBytesPerDay: 10_000 });
    expect(parseSecretEnv(env).adminToken).toBe(token);
    expect(() => parseConfig({ TELEMETRY_RETENTION_DAYS: '0' })).toThrow(/TELEMETRY_RETENTION_DAYS/);
    expect(() => parseConfig({ TELEMETRY_RATE_LIMIT_PER_MINUTE: 'many' })).toThrow(/TELEMETRY_RATE_LIMIT_PER_MINUTE/);
    // A budget below one full batch (MAX_BATCH_BYTES) would refuse the page's own batches.
    expect(() => parseConfig({ TELEMETRY_BYTES_PER_ADDRESS_PER_MINUTE: '59999' })).toThrow(/TELEMETRY_BYTES_PER_ADDRESS_PER_MINUTE/);
    expect(() => parseConfig({ TELEMETRY_STORED_BYTES_PER_DAY: '1e3' })).toThrow(/TELEMETRY_STORED_BYTES_PER_DAY/);
    expect(() => parseConfig({ TYD_ADMIN_TOKEN: 'short' })).toThrow(/TYD_ADMIN_TOKEN/);
  });

  it('requires the admin token in production', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/TYD_ADMIN_TOKEN: required when NODE_ENV=production/);
  });
});
