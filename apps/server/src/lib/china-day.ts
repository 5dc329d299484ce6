// Calendar days in China time (UTC+8, no daylight saving): the day of the daily caps (SMS sends, the
// collector's stored bytes) and of the operations view. Their texts say 请明天再试: tomorrow in China.

export const DAY_MS = 86_400_000;
export const CHINA_OFFSET_MS = 8 * 3_600_000;

/** Day number since the epoch, in China time. */
export const chinaDay = (ms: number): number => Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS);

/** The first millisecond after China day `day`. */
export const chinaDayEnd = (day: number): number => (day + 1) * DAY_MS - CHINA_OFFSET_MS;
