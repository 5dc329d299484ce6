// Times of notices and messages in China time (the service's day, docs/api.md), e.g. 2026-11-25 09:30.
const FORMAT = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

export function formatTime(ms: number): string {
  return FORMAT.format(ms).replaceAll('/', '-');
}
