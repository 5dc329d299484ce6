import { describe, expect, it } from 'vitest';
import { pagePerfKey, readPagePerf, startPagePerf } from './page-perf';

describe('page performance record (SPEC §3)', () => {
  it('stores path, start and a false done-flag under the route path', () => {
    startPagePerf('/download', 1_700_000_000_000);
    expect(JSON.parse(localStorage.getItem(pagePerfKey('/download'))!)).toEqual({ _pn: '/download', _st: 1_700_000_000_000, _du: false });
    expect(readPagePerf('/download')?._du).toBe(false);
    localStorage.setItem(pagePerfKey('/x'), '{bad');
    expect(readPagePerf('/x')).toBeNull();
  });
});
