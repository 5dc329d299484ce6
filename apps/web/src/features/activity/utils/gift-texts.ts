// What the new-user gift page says (docs/api.md "New-user gift"): dates and the days left in China time
// (the server counts the claim window in milliseconds from registration; the page names the China day
// it ends on), and each state's button and explanation.
import { chinaDate, chinaDay } from '@tyd/protocol/wire';
import type { NewUserGiftInfo } from '../api/new-user-gift-info';

/** 还剩N天 counted in China calendar days to the deadline's day; 今天截止 on that day. */
export function daysLeftText(deadline: number, now: number): string {
  const days = chinaDay(deadline) - chinaDay(now);
  return days <= 0 ? '今天截止' : `还剩${days}天`;
}

export type GiftAction = { label: string; note: string | null };

/** Where 登录领取 leads: login, titled for the gift, and back here (features/auth login page). */
export const GIFT_LOGIN_PATH = `/login?${new URLSearchParams({ returnUrl: '/cloudSteward/index', pageTitle: '登录领取新人礼' }).toString()}`;

/** The primary button's label and the line under it, by state (claimable, needs-verification and needs-login act; the rest are disabled). */
export function giftAction(info: Pick<NewUserGiftInfo, 'state' | 'claimedElsewhere' | 'windowDays' | 'deadline'>): GiftAction {
  switch (info.state) {
    case 'claimable':
      return { label: '立即领取', note: null };
    case 'needs-verification':
      return { label: '先完成实名认证', note: '新人礼仅限完成实名认证的用户领取，认证通过后回到本页即可领取。' };
    case 'claimed':
      return { label: '已领取', note: info.claimedElsewhere ? '您已在其他账号领取过新人礼，每人限领一次。' : null };
    case 'window-closed':
      return {
        label: '活动已结束',
        note: `新人礼需在注册后${info.windowDays}天内领取${info.deadline === null ? '' : `，您的领取期限已于${chinaDate(info.deadline)}结束`}。`,
      };
    case 'closed':
      return { label: '活动暂未开放', note: '新人礼活动暂未开放，敬请期待。' };
    case 'needs-login':
      return { label: '登录领取', note: `新用户注册后${info.windowDays}天内完成实名认证即可领取，每人限领一次。` };
  }
}
