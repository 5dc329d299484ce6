/**
 * Nearest-rank percentile (the smallest value with at least p of the values at or below it), of values
 * sorted ascending; undefined for none. p in (0, 1].
 */
export function nearestRank(sorted: readonly number[], p: number): number | undefined {
  if (sorted.length === 0) return undefined;
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}
