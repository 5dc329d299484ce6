// Issue 6 configuration keys (docs/operations.md): defaults, bounds, and the admin token in production.
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.js';

describe('telemetry configuration', () => {
  it('defaults to 90 days of retention, 600 batches a minute and no operations API', () => {
    expect(parseConfig({ NODE_ENV: 'test' }).telemetry).toEqual({ retentionDays: 90, rateLimitPerMinute: 600, adminToken: undefined });
  });

  it('reads the keys and refuses bad values', () => {
    const token = 'a'.repeat(43);
    expect(parseConfig({ NODE_ENV: 'test', TELEMETRY_RETENTION_DAYS: '30', TELEMETRY_RATE_LIMIT_PER_MINUTE: '5', TYD_ADMIN_TOKEN: token }).telemetry).toEqual({
      retentionDays: 30,
      rateLimitPerMinute: 5,
      adminToken: token,
    });
    expect(() => parseConfig({ TELEMETRY_RETENTION_DAYS: '0' })).toThrow(/TELEMETRY_RETENTION_DAYS/);
    expect(() => parseConfig({ TELEMETRY_RATE_LIMIT_PER_MINUTE: 'many' })).toThrow(/TELEMETRY_RATE_LIMIT_PER_MINUTE/);
    expect(() => parseConfig({ TYD_ADMIN_TOKEN: 'short' })).toThrow(/TYD_ADMIN_TOKEN/);
  });

  it('requires the admin token in production', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/TYD_ADMIN_TOKEN: required when NODE_ENV=production/);
  });
});
