// The `rewards` messages of points and vouchers awarded by the lucky draw, a redeem code and an operator's
// grant (SPEC §1: personal messages come from the other capabilities' events; docs/api.md "Messages the
// product posts now"), in the words of the invitation's and the gift's: what arrived, and where to see it.
// Each is keyed by its award's own key, so the message of one award is posted once, whoever asks again.
import type { MessageInput } from '../../content/content-module.js';

/** Where points are seen (我的积分) and where vouchers are (积分兑换's 我的卡券). */
const POINTS_PAGE = '/activity/points';
const VOUCHERS_PAGE = '/activity-exchange';

/** A points prize of the draw `drawId`. */
export const drawPrizeMessage = (drawId: string, prize: { name: string; points: number }): MessageInput => ({
  kind: 'rewards',
  title: '抽奖奖励已到账',
  body: `恭喜您在积分抽奖中抽中“${prize.name}”，${prize.points}积分已存入您的账户。`,
  link: POINTS_PAGE,
  dedupeKey: `draw:${drawId}`,
});

/** What a redeem code gave, under the redemption's ledger or voucher key. */
export const redeemedMessage = (key: string, given: { points: number } | { voucherName: string }): MessageInput =>
  'points' in given
    ? { kind: 'rewards', title: '兑换码奖励已到账', body: `您使用兑换码兑换的${given.points}积分已存入您的账户。`, link: POINTS_PAGE, dedupeKey: key }
    : {
        kind: 'rewards',
        title: '兑换码奖励已到账',
        body: `您使用兑换码兑换的“${given.voucherName}”已发放到账户，可在“积分兑换”的“我的卡券”查看。`,
        link: VOUCHERS_PAGE,
        dedupeKey: key,
      };

/** An operator's grant, under the grant's ledger key. */
export const grantMessage = (key: string, points: number): MessageInput => ({
  kind: 'rewards',
  title: '积分奖励已到账',
  body: `您获得${points}积分奖励，已存入您的账户。`,
  link: POINTS_PAGE,
  dedupeKey: key,
});
