// Telemetry configuration keys (docs/operations.md): defaults and bounds; the retired admin token is read no more.
import { describe, expect, it } from 'vitest';
import { parseConfig, parseSecretEnv } from '../../config/index.js';

describe('telemetry configuration', () => {
  it('defaults to 90 days of retention, 600 batches and 3 MB a minute, 1 GB stored a day ', () => {
    expect(parseConfig({ NODE_ENV: 'test' }).telemetry).toEqual({
      retentionDays: 90,
      rateLimitPerMinute: 600,
      bytesPerAddressPerMinute: 3_000_000,
      storedBytesPerDay: 1_000_000_000,
    });
  });

  it('reads the keys and refuses bad values', () => {
    const env = {
      NODE_ENV: 'test',
      TELEMETRY_RETENTION_DAYS: '30',
      TELEMETRY_RATE_LIMIT_PER_MINUTE: '5',
      TELEMETRY_BYTES_PER_ADDRESS_PER_MINUTE: '60000',
      TELEMETRY_STORED_BYTES_PER_DAY: '10000',
    };
    expect(parseConfig(env).telemetry).toEqual({ retentionDays: 30, rateLimitPerMinute: 5, bytesPerAddressPerMinute: 60_000, storedBytesPerDay: 10_000 });
    expect(() => parseConfig({ TELEMETRY_RETENTION_DAYS: '0' })).toThrow(/TELEMETRY_RETENTION_DAYS/);
    expect(() => parseConfig({ TELEMETRY_RATE_LIMIT_PER_MINUTE: 'many' })).toThrow(/TELEMETRY_RATE_LIMIT_PER_MINUTE/);
    // A budget below one full batch (MAX_BATCH_BYTES) would refuse the page's own batches.
    expect(() => parseConfig({ TELEMETRY_BYTES_PER_ADDRESS_PER_MINUTE: '59999' })).toThrow(/TELEMETRY_BYTES_PER_ADDRESS_PER_MINUTE/);
    expect(() => parseConfig({ TELEMETRY_STORED_BYTES_PER_DAY: '1e3' })).toThrow(/TELEMETRY_STORED_BYTES_PER_DAY/);
  });

  it('neither requires nor reads the retired admin token (operators sign in with their own accounts)', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).not.toThrow(/TYD_ADMIN_TOKEN/);
    expect(parseSecretEnv({ NODE_ENV: 'test', TYD_ADMIN_TOKEN: 'a'.repeat(43) })).not.toHaveProperty('adminToken');
  });
});
