// 个人信息 (docs/api.md "Personal information"): how long a copy of one's data may be fetched after it was
// asked for, and how many copies an account may ask for in a China day (PIPL art. 45 gives the right; the
// limit keeps a stolen session with the phone at hand from turning it into a bulk download).
import { defineSection, whole, type SectionValue } from './section.js';

export const privacySection = defineSection({
  vars: {
    PRIVACY_EXPORT_TTL_MINUTES: whole(1, 60).default(10),
    PRIVACY_EXPORTS_PER_DAY: whole(1, 20).default(3),
  },
  build: (e) => ({ exportTtlMs: e.PRIVACY_EXPORT_TTL_MINUTES * 60_000, exportsPerDay: e.PRIVACY_EXPORTS_PER_DAY }),
});
export type PrivacyConfig = SectionValue<typeof privacySection>;
