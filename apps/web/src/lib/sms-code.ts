// Requesting an SMS verification code (SPEC §7 getcode -> /v1/user/sms-send-v1), for every purpose, and
// passing the human check of any call that sends one (withHumanCheck: bind-bankcard too);
// pages reach it through the useSmsCode hook (use-sms-code.ts), which loads this module when the user
// asks for a code, never with the page.
//  - SPEC §7: answers '200' and '406' go back to the caller with their data and code; any other code
//    shows an info toast with submsg, else msg.
//  - '406' cooldown: nothing was sent; the outcome says so (`sent: false`) with the server's remaining
//    seconds, and the page says so too (docs/api.md "The web's SMS code forms").
//  - '406' human check (subcodes 4207/4208): a self-hosted ALTCHA proof of work, solved by altcha-lib
//    with WebCrypto PBKDF2 and sent with the retry. The solver is a dynamic import: it is fetched only
//    when a challenge arrives, never in a page's first load.
import { API, CODE, type ApiResponse, type RefRequest, type RefResponse } from '@tyd/protocol/wire';
import { type SmsSendRetryLater } from '@tyd/protocol/schemas';
import { request } from './api-client';
import { toast } from './notify';

export type SmsSendPayload = RefRequest<typeof API.sendSmsCode>;
type SmsSent = RefResponse<typeof API.sendSmsCode>;
type Challenge = Extract<SmsSendRetryLater, { reason: 'human-check' }>['challenge'];

/** The loading toast while a code is asked for (the toast's own default stays SPEC §2's loading...). */
export const SENDING_TEXT = '发送中…';
/** One code per minute per phone (docs/api.md sms-send-v1); used when an answer does not say otherwise. */
export const DEFAULT_COOLDOWN_SECONDS = 60;
/** A failed solution brings a fresh challenge; after this many the user is asked to try again later. */
const MAX_CHALLENGES = 3;

/**
 * SPEC §7 getcode (docs/api.md maps it to sms-send-v1): '200' and '406' come back with data and code;
 * anything else is toasted here (info, submsg else msg) and comes back too.
 */
export async function getcode(payload: SmsSendPayload): Promise<ApiResponse<SmsSent | SmsSendRetryLater>> {
  const response = await request(API.sendSmsCode, payload, { loading: SENDING_TEXT, toastErrors: false });
  if (response.code !== CODE.OK && response.code !== CODE.RETRY_LATER && response.code !== CODE.SILENT) {
    toast(response.submsg || response.msg, 'info');
  }
  return response;
}

/** Solves an ALTCHA v2 challenge off the first load: altcha-lib arrives only with a challenge. */
async function solve(challenge: Challenge, signal?: AbortSignal): Promise<NonNullable<SmsSendPayload['proofOfWork']> | null> {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/pbkdf2')]);
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  const solution = await solveChallenge({ challenge, deriveKey, controller });
  return solution ? { challenge, solution } : null;
}

export type SendOutcome =
  /** Sent (`sent`), or not sent because one went to this phone recently: count down from `seconds`. */
  | { status: 'counting'; seconds: number; sent: boolean; expiresInSeconds?: number }
  /** Not sent; the user has been told why (toast), or the answer was silent. */
  | { status: 'failed'; response?: ApiResponse };

export interface SendHooks {
  /** Called while a proof-of-work challenge is being solved (the button can say so). */
  onSolving?: (solving: boolean) => void;
  signal?: AbortSignal;
}

export type ProofOfWork = NonNullable<SmsSendPayload['proofOfWork']>;

/**
 * Runs a call that sends an SMS code and may answer '406' human check (sms-send-v1, bind-bankcard):
 * solves each challenge (at most MAX_CHALLENGES) and calls again with the proof. Resolves with the first
 * answer that is not a human check, or undefined when the check could not be passed (the user was told).
 */
export async function withHumanCheck<T>(
  call: (proofOfWork: ProofOfWork | undefined) => Promise<ApiResponse<T>>,
  hooks: SendHooks = {},
): Promise<ApiResponse<T> | undefined> {
  let proofOfWork: ProofOfWork | undefined;
  for (let round = 0; round <= MAX_CHALLENGES; round++) {
    const response = await call(proofOfWork);
    const data = response.data as SmsSendRetryLater | undefined;
    if (response.code !== CODE.RETRY_LATER || data?.reason !== 'human-check') return response;
    if (round === MAX_CHALLENGES) break;
    hooks.onSolving?.(true);
    try {
      proofOfWork = (await solve(data.challenge, hooks.signal)) ?? undefined;
    } catch (error) {
      // The solver chunk failed to load or the browser lacks PBKDF2: nothing the user can fix here.
      console.warn('proof of work failed', error);
      proofOfWork = undefined;
    } finally {
      hooks.onSolving?.(false);
    }
    if (!proofOfWork || hooks.signal?.aborted) break;
  }
  toast('安全验证未完成，请稍后重试', 'info');
  return undefined;
}

/**
 * Sends a code, solving proof-of-work challenges as they come, and says how long to count down.
 * Transport failures reject (already toasted by the API client).
 */
export async function sendSmsCodeWithChecks(payload: Omit<SmsSendPayload, 'proofOfWork'>, hooks: SendHooks = {}): Promise<SendOutcome> {
  const response = await withHumanCheck((proofOfWork) => getcode(proofOfWork ? { ...payload, proofOfWork } : payload), hooks);
  if (!response) return { status: 'failed' };
  if (response.code === CODE.OK) {
    const data = response.data as SmsSent | undefined;
    return { status: 'counting', seconds: data?.cooldownSeconds ?? DEFAULT_COOLDOWN_SECONDS, sent: true, expiresInSeconds: data?.expiresInSeconds };
  }
  const data = response.data as SmsSendRetryLater | undefined;
  if (response.code === CODE.RETRY_LATER && data?.reason === 'cooldown') return { status: 'counting', seconds: data.retryAfterSeconds, sent: false };
  return { status: 'failed', response };
}
