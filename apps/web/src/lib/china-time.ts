// Dates and times in China time (Asia/Shanghai, the service's day: docs/api.md), as the rewards and
// new-user gift pages write them (SPEC §3: dates with hyphens).

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function parts(ms: number): Record<string, string> {
  return Object.fromEntries(PARTS.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
}

/** YYYY-MM-DD in China time. */
export function formatDay(ms: number): string {
  const p = parts(ms);
  return `${p.year}-${p.month}-${p.day}`;
}

/** YYYY-MM-DD HH:mm in China time. */
export function formatDateTime(ms: number): string {
  const p = parts(ms);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** The China calendar day of a moment (days since 1970-01-01 in China), to count days between two. */
export const chinaDay = (ms: number): number => Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS);
