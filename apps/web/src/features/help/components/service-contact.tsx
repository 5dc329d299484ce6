// 客服电话 and 服务时间 as the operator configured them (SERVICE_PHONE, SERVICE_HOURS; docs/operations.md
// "Operator details"): the number is a tel: link a tap dials, the hours beside it. Without a configured
// number nothing is invented and no hotline is advertised: the card is 联系客服 and offers the question form. The configuration is the server's,
// not the build's, so this comes with hydration (the prerendered page shows the card's frame).
import { useHydrated } from '../../../lib/hydration';
import { optionalWebConfig } from '../../../lib/web-config';

function Headset() {
  return (
    <svg className="help-contact__icon" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
      <circle className="help-contact__icon-ground" cx="20" cy="20" r="20" />
      <path d="M11 22v-3a9 9 0 0 1 18 0v3" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      <rect x="9" y="20" width="5" height="8" rx="2" fill="currentColor" />
      <rect x="26" y="20" width="5" height="8" rx="2" fill="currentColor" />
      <path d="M28.5 28c0 2.5-2.5 4-6 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function Handset() {
  return (
    <svg className="help-contact__handset" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M6.2 2.5 4 2.8c-.9.2-1.5 1-1.4 1.9.6 6.4 5.8 11.6 12.2 12.2.9.1 1.7-.5 1.9-1.4l.3-2.2c.1-.6-.3-1.2-.9-1.4l-2.6-.9c-.5-.2-1.1 0-1.4.4l-.9 1.1a10 10 0 0 1-4.4-4.4l1.1-.9c.4-.3.6-.9.4-1.4l-.9-2.6c-.2-.6-.8-1-1.4-.9Z"
        fill="currentColor"
      />
    </svg>
  );
}

export function ServiceContact() {
  const operator = useHydrated() ? optionalWebConfig()?.operator : undefined;
  const phone = operator?.servicePhone;
  return (
    <section className="card" aria-label="联系客服">
      <div className="help-contact">
        <Headset />
        <div className="help-contact__text">
          <h2 className="help__heading">{phone ? '客服热线' : '联系客服'}</h2>
          {phone ? (
            operator.serviceHours ? (
              <p className="help__muted">服务时间 {operator.serviceHours}</p>
            ) : null
          ) : operator ? (
            <p className="help__muted">请在下方留言提问，客服会尽快回复。</p>
          ) : (
            <p className="help__muted" aria-busy="true">
              &nbsp;
            </p>
          )}
        </div>
      </div>
      {/* One target for the number: the whole button dials it (its name is the number). */}
      {phone ? (
        <a className="btn btn--secondary btn--block help-contact__phone" href={`tel:${phone.replace(/-/g, '')}`}>
          <Handset />
          {phone}
        </a>
      ) : null}
    </section>
  );
}
