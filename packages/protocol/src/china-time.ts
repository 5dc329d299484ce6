// China time: UTC+8 all year (Asia/Shanghai has had no daylight saving since 1991), the service's day
// (docs/api.md "China time"). The day of every daily cap (SMS sends, face tries, draws, card checks, the
// collector's bytes: their texts say 请明天再试, tomorrow in China), of "today" in ID and age checks
// (GB 11643-1999 birth dates, card validity), and of the dates pages show (SPEC §3: dates with hyphens).
// The one definition of the offset: server, web and validators all take it from here.

export const DAY_MS = 86_400_000;
export const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The China calendar day of a moment: days since 1970-01-01 in China, to key daily caps and count days between two moments. */
export const chinaDay = (ms: number): number => Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS);

/** The first millisecond after China day `day` (when a daily cap of that day opens again). */
export const chinaDayEnd = (day: number): number => (day + 1) * DAY_MS - CHINA_OFFSET_MS;

/** A moment as 'YYYY-MM-DDTHH:mm:ss.sssZ' read on China's wall clock (the Z is not UTC). */
const chinaClock = (ms: number): string => new Date(ms + CHINA_OFFSET_MS).toISOString();

/** The China calendar date of a moment, YYYY-MM-DD. */
export const chinaDate = (ms: number): string => chinaClock(ms).slice(0, 10);

/** A moment on China's wall clock to the minute, 'YYYY-MM-DD HH:mm'. */
export const chinaDateTime = (ms: number): string => chinaClock(ms).slice(0, 16).replace('T', ' ');
