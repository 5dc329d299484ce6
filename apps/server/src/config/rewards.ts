// Points and the lucky draw (docs/api.md "Points and the lucky draw"): what a draw costs, how many a user
// may make in a China day, and how long earned points stay valid (shown on the draw page).
import { defineSection, whole, type SectionValue } from './section.js';

export const rewardsSection = defineSection({
  vars: {
    REWARDS_DRAW_COST: whole(1, 1_000_000).default(10),
    REWARDS_DRAW_DAILY_LIMIT: whole(1, 1_000).default(5),
    POINTS_VALID_DAYS: whole(1, 3_650).default(365),
    // Refused redeem codes allowed per hour, per account and per client address, before even a right code
    // is refused until the hour ends (docs/api.md "Redeem codes").
    REDEEM_USER_FAILURES_PER_HOUR: whole(1, 1_000).default(5),
    REDEEM_ADDRESS_FAILURES_PER_HOUR: whole(1, 100_000).default(20),
    // The new-user gift may be claimed this many days after registration (docs/api.md "New-user gift").
    NEW_USER_GIFT_DAYS: whole(1, 365).default(30),
    // What an inviter earns when an invited person is verified (docs/api.md "Invitations").
    INVITE_REWARD_POINTS: whole(1, 100_000).default(50),
  },
  build: (e) => ({
    drawCost: e.REWARDS_DRAW_COST,
    drawDailyLimit: e.REWARDS_DRAW_DAILY_LIMIT,
    pointsValidDays: e.POINTS_VALID_DAYS,
    redeemUserFailuresPerHour: e.REDEEM_USER_FAILURES_PER_HOUR,
    redeemAddressFailuresPerHour: e.REDEEM_ADDRESS_FAILURES_PER_HOUR,
    newUserGiftDays: e.NEW_USER_GIFT_DAYS,
    inviteRewardPoints: e.INVITE_REWARD_POINTS,
  }),
});
export type RewardsConfig = SectionValue<typeof rewardsSection>;
