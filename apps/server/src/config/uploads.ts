// Photo uploads (docs/protocol.md §14): the largest photo as sent (the web sends at most 3 MB after
// compressing; native apps may send camera originals), how long an unused upload lives, and how many
// unused ones an account may hold.
import { defineSection, whole, type SectionValue } from './section.js';

export const uploadsSection = defineSection({
  vars: {
    UPLOAD_MAX_BYTES: whole(1_048_576, 64 * 1_048_576).default(8 * 1_048_576),
    UPLOAD_TTL_SECONDS: whole(60, 86_400).default(3_600),
    UPLOAD_MAX_LIVE_PER_USER: whole(1, 100).default(10),
  },
  build: (e) => ({ maxBytes: e.UPLOAD_MAX_BYTES, ttlMs: e.UPLOAD_TTL_SECONDS * 1000, maxLivePerUser: e.UPLOAD_MAX_LIVE_PER_USER }),
});
export type UploadsConfig = SectionValue<typeof uploadsSection>;
