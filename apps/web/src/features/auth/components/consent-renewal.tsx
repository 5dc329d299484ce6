// Consent renewal (PIPL art. 14: when the purpose or manner of processing changes, consent is
// asked again). Once per page load and session, when the app says the page may ask (`active`), the
// server is asked whether the user's accepted version is outdated; if so a modal dialog names the changed
// documents. 同意并继续 records the new version (renew-info); 不同意 first says what follows (the account
// stays, the session ends), then records the refusal (renew-expire) and clears the session (SPEC §4).
// The dialog cannot be dismissed without a choice: Escape and the mask do nothing on the first step.
// Loaded as a lazy chunk by the app after the first render, so no route's first load carries it.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { CODE, SUBCODE } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { toast } from '../../../lib/notify';
import { useQuery } from '../../../lib/server-state';
import { sessionStore } from '../../../lib/session';
import { getPrivacyPolicyStatus } from '../api/privacy-policy-status';
import { getUserUnprivacyInfo, type UnprivacyInfoData } from '../api/get-user-unprivacy-info';
import { acceptRenewedTerms } from '../api/renew-info';
import { declineRenewedTerms } from '../api/renew-expire';
import { documentLink, type AgreementLink } from '../utils/agreement-links';
import { openDocument } from './agreement-consent';
import './consent-renewal.css';

export const TEXT = {
  title: '协议更新提示',
  lead: '为更好地保护您的个人信息，我们更新了以下内容，请您仔细阅读：',
  agree: '同意并继续',
  decline: '不同意',
  confirmTitle: '确定不同意吗？',
  confirmBody: '您的账号会保留，但将退出登录。下次登录时，需要同意更新后的内容才能继续使用。',
  back: '再看看',
  confirmDecline: '不同意并退出',
  loggedOut: '已退出登录',
} as const;

interface Renewal {
  /** The session asked: the dialog belongs to it alone. */
  token: string;
  info: UnprivacyInfoData;
  /** Per pending document, its link when the address may be opened (utils/agreement-links.ts), else null. */
  links: (AgreementLink | null)[];
}

/** What the dialog shows for `info`. */
function renewalFor(token: string, info: UnprivacyInfoData): Renewal {
  return { token, info, links: info.pending.map((doc) => documentLink(doc, window.location.origin)) };
}

/** The changed documents when the session must renew its consent, else null. */
async function findRenewal(token: string): Promise<Renewal | null> {
  const status = await getPrivacyPolicyStatus();
  return status.renewalRequired ? renewalFor(token, await getUserUnprivacyInfo()) : null;
}

/**
 * A failed check is asked again after this long. It is a background check the person did not ask for:
 * it fails quietly (logged, never toasted on the page being read: api/privacy-policy-status.ts) and
 * is tried later.
 */
export const CONSENT_CHECK_RETRY_MS = 60_000;

export interface ConsentRenewalProps {
  /** False on routes where the dialog must not appear (login, authorised login, deregistration). */
  active: boolean;
}

export default function ConsentRenewal({ active }: ConsentRenewalProps) {
  const token = useSyncExternalStore(sessionStore.subscribe, () => sessionStore.get().accessToken);
  // Once per page load and session: the answer never goes stale, and the cache is the session's
  // (lib/server-state.ts), so a new session asks again. A failed check is logged and asked again later.
  const check = useQuery(active && token ? 'consent-renewal' : null, () => findRenewal(token ?? ''), { staleTimeMs: Infinity });
  const checkFailed = check.status === 'error';
  const { refetch } = check;
  useEffect(() => {
    if (!checkFailed) return;
    console.warn('consent-renewal check failed; asking again later');
    const timer = setTimeout(refetch, CONSENT_CHECK_RETRY_MS);
    return () => clearTimeout(timer);
  }, [checkFailed, refetch]);
  // What the user's choice made of the check's answer, for the session it was made in.
  const [decided, setDecided] = useState<{ token: string; renewal: Renewal | null } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const setRenewal = (next: Renewal | null) => token && setDecided({ token, renewal: next });

  const renewal = decided?.token === token ? decided.renewal : (check.data ?? null);
  if (!renewal || renewal.token !== token) return null;
  const { token: owner, info, links } = renewal;

  async function handleAgree() {
    setBusy(true);
    try {
      const response = await acceptRenewedTerms(info.version);
      if (response.code === CODE.OK) setRenewal(null);
      // The documents changed again while the dialog was open: show the current ones (the client toasted why).
      else if (response.subcode === SUBCODE.AGREEMENT_REQUIRED) setRenewal(renewalFor(owner, await getUserUnprivacyInfo()));
    } catch (error) {
      // Transport failures are already toasted by the API client; the dialog stays for another try.
      console.warn('renew-info failed', error instanceof Error ? error.name : error);
    } finally {
      setBusy(false);
    }
  }

  async function handleDecline() {
    setBusy(true);
    await declineRenewedTerms();
    setBusy(false);
    setConfirming(false);
    setRenewal(null);
    // The user stays on the page, now logged out (the app keeps the dialog off routes that need a session).
    toast(TEXT.loggedOut);
  }

  if (confirming) {
    return (
      <Dialog
        open={active}
        title={TEXT.confirmTitle}
        onClose={() => setConfirming(false)}
        actions={
          <div className="consent-renewal__actions">
            <Button onClick={() => setConfirming(false)}>{TEXT.back}</Button>
            <Button variant="text" busy={busy} onClick={handleDecline}>
              {TEXT.confirmDecline}
            </Button>
          </div>
        }
      >
        <p className="consent-renewal__lead">{TEXT.confirmBody}</p>
      </Dialog>
    );
  }
  return (
    <Dialog
      open={active}
      title={TEXT.title}
      onClose={() => undefined}
      actions={
        <div className="consent-renewal__actions">
          <Button busy={busy} onClick={handleAgree}>
            {TEXT.agree}
          </Button>
          <Button variant="text" onClick={() => setConfirming(true)}>
            {TEXT.decline}
          </Button>
        </div>
      }
    >
      <p className="consent-renewal__lead">{TEXT.lead}</p>
      <ul className="consent-renewal__docs">
        {info.pending.map((doc, i) => {
          const link = links[i];
          const title = `《${doc.title.replace(/^《|》$/g, '')}》`;
          return (
            <li key={doc.kind}>
              {link ? (
                <a href={link.href} target="_blank" rel="noopener noreferrer" onClick={(event) => openDocument(event, link)}>
                  {title}
                </a>
              ) : (
                <span className="consent-renewal__name">{title}</span>
              )}
              {doc.summary ? <p className="consent-renewal__summary">{doc.summary}</p> : null}
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
