// Sign-ins as their owner reads them (docs/api.md "Account security"): the outcomes a login attempt is
// recorded with in 登录记录 and their words, shared by 账户与安全, the copy of one's data and the collected
// list (docs/api.md "Personal information"), so the three say the same. Zod-free, for @tyd/protocol/wire.

/**
 * success, or why a sign-in was refused: wrong code (4202), no live code (4203), locked after too many (4204),
 * the account frozen by customer service (4218).
 */
export const LOGIN_RESULTS = ['success', 'code-wrong', 'code-expired', 'locked', 'frozen'] as const;
export type LoginResult = (typeof LOGIN_RESULTS)[number];

export const LOGIN_RESULT_TEXT: Readonly<Record<LoginResult, string>> = {
  success: '登录成功',
  'code-wrong': '验证码错误',
  'code-expired': '验证码已失效',
  locked: '错误次数过多',
  frozen: '账号已冻结',
};

/** An SMS code, or a one-time authorisation from the app (/others/tydPreJump). */
export const LOGIN_METHODS = ['sms', 'authorized'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

export const LOGIN_METHOD_TEXT: Readonly<Record<LoginMethod, string>> = { sms: '短信验证码', authorized: 'App授权' };
