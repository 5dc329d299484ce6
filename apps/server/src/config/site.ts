// What the page is told about the site: partner origins a returnUrl may lead to (SPEC §2), where the
// native apps are published (/download, SPEC §1), and who runs the service (docs/operations.md
// "Operator details"): a lending app shows its operator, licence and filing numbers and a customer-service
// phone and its hours (shown on 帮助与客服 too). Unset fields are not shown; never invent them (the hours
// have a default, shown only beside a configured phone).
import type { OperatorDetails } from '@tyd/protocol';
import { z } from 'zod';
import { defineSection, type SectionValue } from './section.js';

function isHttpsOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.origin === value;
  } catch {
    return false;
  }
}

export const siteSection = defineSection({
  vars: {
    /** "https://a.example.com,https://b.example.com"; anything else is ignored by the page. */
    RETURN_ORIGINS: z
      .string()
      .transform((text) => text.split(',').map((origin) => origin.trim()))
      .pipe(z.array(z.string().refine(isHttpsOrigin, 'each entry an https origin, e.g. https://partner.example.com (no path)')).max(50))
      .optional(),
    APP_DOWNLOAD_ANDROID_URL: z
      .url({ protocol: /^https$/ })
      .max(2048)
      .optional(),
    APP_DOWNLOAD_IOS_URL: z
      .url({ protocol: /^https$/ })
      .max(2048)
      .optional(),
    OPERATOR_NAME: z.string().trim().min(1).max(60).default('通盈达'),
    OPERATOR_LICENCE: z.string().trim().min(1).max(120).optional(),
    OPERATOR_FILING: z.string().trim().min(1).max(60).optional(),
    SERVICE_PHONE: z
      .string()
      .trim()
      .regex(/^[0-9][0-9-]{4,19}$/, 'digits and hyphens, e.g. 400-820-0000')
      .optional(),
    // When the phone is answered, shown beside it (help page, footers). A default, unlike the phone: hours
    // without a phone are never shown, and 9:00-21:00 is what the service desk keeps unless told otherwise.
    SERVICE_HOURS: z.string().trim().min(1).max(40).default('9:00-21:00'),
  },
  build: (e) => ({
    /** Partner origins the page may follow a returnUrl to (browser-visible). */
    returnOrigins: e.RETURN_ORIGINS ?? [],
    /** Unset platforms show no link. */
    appDownload: { androidUrl: e.APP_DOWNLOAD_ANDROID_URL ?? null, iosUrl: e.APP_DOWNLOAD_IOS_URL ?? null },
    operator: {
      name: e.OPERATOR_NAME,
      ...(e.OPERATOR_LICENCE ? { licence: e.OPERATOR_LICENCE } : {}),
      ...(e.OPERATOR_FILING ? { filing: e.OPERATOR_FILING } : {}),
      ...(e.SERVICE_PHONE ? { servicePhone: e.SERVICE_PHONE } : {}),
      serviceHours: e.SERVICE_HOURS,
    } satisfies OperatorDetails as OperatorDetails,
  }),
});
export type SiteConfig = SectionValue<typeof siteSection>;
