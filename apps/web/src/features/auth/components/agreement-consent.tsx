// Consent to the privacy policy and the service agreement before a code is sent or an account made
// (PIPL art. 14: consent given by a clear act, so the box starts unticked). The links open the
// documents without leaving the form: inside the app in a native window (openWin), else a new tab.
import { useId, type MouseEvent, type Ref } from 'react';
import { clientEnv } from '../../../lib/env';
import { withNative } from '../../../lib/native';
import type { AgreementLink } from '../utils/agreement-links';

export interface AgreementConsentProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The two documents; null while the server's links are loading or when they could not be had. */
  links: readonly [AgreementLink, AgreementLink] | null;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

export const FALLBACK_TITLES = ['隐私政策', '服务协议'] as const;

/** A document link's click: inside the app the document opens in a native window (openWin), else the link's new tab. */
export function openDocument(event: MouseEvent<HTMLAnchorElement>, link: AgreementLink) {
  if (!clientEnv().inApp) return;
  event.preventDefault();
  const url = new URL(link.href, window.location.href).href;
  withNative('openWin', (bridge) => bridge.openWin({ url, title: link.title }));
}

/** 《隐私政策》和《服务协议》 as text, for messages. */
export function agreementNames(links: AgreementConsentProps['links']): string {
  const [a, b] = links ? [links[0].title, links[1].title] : FALLBACK_TITLES;
  return `《${a}》和《${b}》`;
}

export function AgreementConsent({ checked, onChange, links, error, ref }: AgreementConsentProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const titles = links ? [links[0].title, links[1].title] : FALLBACK_TITLES;
  // The box in a column of its own and the sentence beside it, wrapping under its own first word (a
  // hanging indent) at any width: nothing reaches into the page margin (checked at 320-414 px by
  // e2e/sms-forms.spec.ts). Both labels toggle the box; its name is the whole sentence.
  return (
    <div className="consent">
      <div className="consent__row">
        <label className="consent__check" htmlFor={id}>
          <input
            ref={ref}
            id={id}
            type="checkbox"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
            aria-label={`我已阅读并同意${agreementNames(links)}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </label>
        <p className="consent__text">
          <label className="consent__lead" htmlFor={id} aria-hidden="true">
            我已阅读并同意
          </label>
          {titles.map((title, i) => (
            <span key={title + i} className="consent__doc">
              {i === 1 ? <span aria-hidden="true">和</span> : null}
              {links ? (
                <a href={links[i]!.href} target="_blank" rel="noopener noreferrer" onClick={(event) => openDocument(event, links[i]!)}>
                  《{title}》
                </a>
              ) : (
                <span className="consent__name">《{title}》</span>
              )}
            </span>
          ))}
        </p>
      </div>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
