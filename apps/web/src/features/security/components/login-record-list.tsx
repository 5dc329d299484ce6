// 登录记录 (docs/api.md "Account security"): sign-ins and refused login codes of the last 30 days, newest
// first: time, result, device with its app or browser, region and masked address. Load-more footer and
// no-data placeholder as SPEC §2 names them.
import { chinaDateTime, LOGIN_RESULT_TEXT } from '@tyd/protocol/wire';
import { LoadMore } from '../../../components/load-more';
import { NoData } from '../../../components/no-data';
import { useLoginRecords } from '../api/login-records';
import { facts, Separated } from './separated';
import { LoadFailed, Loading } from '../../../components/load-states';

export function LoginRecordList() {
  const list = useLoginRecords();
  if (list.status === 'loading' && list.items.length === 0) return <Loading />;
  if (list.status === 'error' && list.items.length === 0) return <LoadFailed error={list.error} onRetry={list.refetch} />;
  if (list.items.length === 0) return <NoData text="近30天暂无登录记录" />;
  return (
    <>
      <ul className="security-records" aria-label="登录记录列表">
        {list.items.map((record) => (
          <li key={record.id} className="security-record">
            <div className="security-record__head">
              <time>{chinaDateTime(record.at)}</time>
              <span className={`security-result security-result--${record.result === 'success' ? 'ok' : 'failed'}`}>
                {LOGIN_RESULT_TEXT[record.result]}
                {record.method === 'authorized' && record.result === 'success' ? '（App授权）' : ''}
              </span>
            </div>
            <p className="security-record__device">
              <Separated parts={[...facts(record.device), record.clientName]} />
            </p>
            <p className="security__muted">
              <Separated parts={[record.region, <span className="security__address">{record.address}</span>]} />
            </p>
          </li>
        ))}
      </ul>
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={() => void list.loadMore()} />
    </>
  );
}
