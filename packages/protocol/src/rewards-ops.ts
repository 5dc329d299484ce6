// The operators' rewards API (docs/api.md "Rewards operations"), plain JSON behind the admin token like
// OPS_CONTENT_PATH: GET <path> (the summary), POST <path>/prizes/<id>, <path>/items/<id>, <path>/batches,
// <path>/batches/<id>/revoke, PUT <path>/gift, POST <path>/grants.
export const OPS_REWARDS_PATH = '/ops/api/rewards';

/** Limits the server checks and the /ops/rewards page states up front. */
export const REWARDS_OPS_LIMITS = {
  /** Codes in one redeem batch. */
  batchCodes: 10_000,
  /** Points one redeem code gives. */
  redeemPoints: 100_000,
  /** Points one operator's grant gives (as `npm run admin -- rewards grant`). */
  grantPoints: 1_000_000,
} as const;
