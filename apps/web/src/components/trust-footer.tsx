// Who runs the service, in the words and numbers the operator configured (server OPERATOR_* and
// SERVICE_* settings, docs/operations.md): the operator's name, licence and filing numbers, and a
// customer-service phone a user can tap to call. A finance page without them looks like a fake; a
// field that is not configured is left out rather than invented.
import { useHydrated } from '../lib/hydration';
import { optionalWebConfig } from '../lib/web-config';
import './trust-footer.css';

export function TrustFooter() {
  // The server's configuration is not in the build-time prerender: the footer comes with hydration.
  const operator = useHydrated() ? optionalWebConfig()?.operator : undefined;
  if (!operator) return null;
  return (
    <footer className="trust-footer">
      {operator.servicePhone ? (
        <p>
          客服电话{' '}
          <a href={`tel:${operator.servicePhone.replace(/-/g, '')}`} className="trust-footer__phone">
            {operator.servicePhone}
          </a>
          {operator.serviceHours ? <span>（{operator.serviceHours}）</span> : null}
        </p>
      ) : null}
      <p>本服务由{operator.name}提供</p>
      {operator.licence ? <p>{operator.licence}</p> : null}
      {operator.filing ? <p>{operator.filing}</p> : null}
    </footer>
  );
}
