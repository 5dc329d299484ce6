// The presses of a button that acts once per press (抽奖, 兑换, 领取) and their idempotency keys
// (docs/api.md "Points and the lucky draw", "Vouchers and exchange"): every press acts under a NEW key; a
// press whose answer was lost (no answer at all: network, timeout, HTTP error) is resent under the SAME
// key, so the server answers what it already did instead of acting twice; a press while one is in flight
// (a double tap) is ignored. Shared by the features that have such a button: `useKeyedPress` is the
// button's side (busy, unresolved, the answer or its loss), each feature keeping only what an answer means.
import { randomBytes, toBase64Url, type ApiResponse } from '@tyd/protocol/wire';
import { useState } from 'react';
import { reportCallFailure, TransportError } from './api-errors';

/** 16 random bytes as base64url: 22 characters of [A-Za-z0-9_-], what the endpoint's key field takes. */
export function newIdempotencyKey(): string {
  return toBase64Url(randomBytes(16));
}

export interface KeyedPresses<T> {
  /** Sends the action; resolves with the server's answer (any code), or null when a press is already in flight. */
  press(): Promise<ApiResponse<T> | null>;
  /** True while a press's answer was lost: the next press resends it under the same key. */
  readonly unresolved: boolean;
  readonly inFlight: boolean;
}

export function createKeyedPresses<T>(send: (idempotencyKey: string) => Promise<ApiResponse<T>>, newKey: () => string = newIdempotencyKey): KeyedPresses<T> {
  let pendingKey: string | null = null;
  let inFlight = false;
  return {
    async press() {
      if (inFlight) return null;
      inFlight = true;
      const key = pendingKey ?? newKey();
      pendingKey = key;
      try {
        const answer = await send(key);
        // Answered (whatever the code): this press is settled; the next one acts anew.
        pendingKey = null;
        return answer;
      } catch (error) {
        // No answer: the server may have acted. Keep the key for the retry. Anything else is settled.
        if (!(error instanceof TransportError)) pendingKey = null;
        throw error;
      } finally {
        inFlight = false;
      }
    },
    get unresolved() {
      return pendingKey !== null;
    },
    get inFlight() {
      return inFlight;
    },
  };
}

export interface KeyedPress<T> {
  /** A press is in flight. */
  busy: boolean;
  /** The last press's answer was lost: the next press resends it under the same key. */
  unresolved: boolean;
  /** Sends through `presses` (the button's, or the one for what it acts on now); ignored while one is in flight. */
  press(presses: KeyedPresses<T>): Promise<void>;
}

/**
 * A button that acts once per press, in a component: `onAnswer` gets the server's answer (any code),
 * `onLost` runs when there was none (the API client has said so, SPEC §8; the action may have happened),
 * and any other failure is reported. `unresolved` starts as given (presses kept by a parent outlive it).
 */
export function useKeyedPress<T>(
  onAnswer: (answer: ApiResponse<T>) => void,
  { onLost, unresolved: initially = false }: { onLost?: () => void; unresolved?: boolean } = {},
): KeyedPress<T> {
  const [busy, setBusy] = useState(false);
  const [unresolved, setUnresolved] = useState(initially);
  async function press(presses: KeyedPresses<T>) {
    // A double tap: the second press finds the first in flight and does nothing.
    if (presses.inFlight) return;
    setBusy(true);
    try {
      const answer = await presses.press();
      if (answer) onAnswer(answer);
    } catch (error) {
      if (error instanceof TransportError) onLost?.();
      else reportCallFailure(error);
    } finally {
      setUnresolved(presses.unresolved);
      setBusy(false);
    }
  }
  return { busy, unresolved, press };
}
