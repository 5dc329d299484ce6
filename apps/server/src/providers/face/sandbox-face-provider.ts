// The sandbox face provider (docs/sandbox.md): nothing leaves the machine. A session is kept in a bounded
// in-process store (one server process; enough for development) and stays pending until it is completed
// at POST /sandbox/face/complete (loopback or the admin token; the sandbox's own H5 page will call it),
// or expires after 30 minutes. Its outcome follows the ID number's sequence code: 990 identity not
// found, 991 another face, 992 liveness failed, 993 the provider is down (when the session is created);
// anything else passes.
import { randomBytes } from 'node:crypto';
import { ProviderUnavailable } from '../provider-error.js';
import { SANDBOX_ID_SEQUENCE, idSequence } from '../sandbox-magic.js';
import type { FaceIdentity, FaceProvider, FaceResult } from './face-provider.js';

interface SandboxFaceSession {
  identity: FaceIdentity;
  returnUrl: string;
  createdAt: number;
  completed: boolean;
}

export interface SandboxFaceProvider extends FaceProvider {
  readonly name: 'sandbox';
  /** What the sandbox page does when the user finishes: marks the session done; its return address, or undefined. */
  complete(sessionId: string): string | undefined;
}

export const SANDBOX_FACE_SESSION_MS = 30 * 60_000;
const MAX_SESSIONS = 10_000;

export function createSandboxFaceProvider(opts: { now?: () => number } = {}): SandboxFaceProvider {
  const now = opts.now ?? Date.now;
  const sessions = new Map<string, SandboxFaceSession>();
  const live = (sessionId: string) => {
    const session = sessions.get(sessionId);
    return session && now() - session.createdAt < SANDBOX_FACE_SESSION_MS ? session : undefined;
  };
  return {
    name: 'sandbox',
    async createFaceSession(identity, returnUrl) {
      if (idSequence(identity.idNumber) === SANDBOX_ID_SEQUENCE.unavailable)
        throw new ProviderUnavailable('face', 'vendor-error', 'sandbox outage (sequence 993)');
      const sessionId = randomBytes(16).toString('base64url');
      sessions.set(sessionId, { identity, returnUrl, createdAt: now(), completed: false });
      // Bounded: the oldest session goes first.
      if (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value as string);
      return { sessionId, url: `/sandbox/face?session=${sessionId}` };
    },
    async getFaceResult(sessionId): Promise<FaceResult> {
      const session = live(sessionId);
      if (!session) return { outcome: 'failed', reason: 'expired' };
      if (!session.completed) return { outcome: 'pending' };
      switch (idSequence(session.identity.idNumber)) {
        case SANDBOX_ID_SEQUENCE.identityMismatch:
          return { outcome: 'failed', reason: 'identity-mismatch' };
        case SANDBOX_ID_SEQUENCE.faceMismatch:
          return { outcome: 'failed', reason: 'face-mismatch' };
        case SANDBOX_ID_SEQUENCE.liveness:
          return { outcome: 'failed', reason: 'liveness' };
        default:
          return { outcome: 'passed', similarity: 96.5 };
      }
    },
    complete(sessionId) {
      const session = live(sessionId);
      if (!session) return undefined;
      session.completed = true;
      return session.returnUrl;
    },
  };
}
