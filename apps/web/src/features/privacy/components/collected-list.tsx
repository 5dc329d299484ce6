// 已收集个人信息清单 (MIIT 2021): each kind as the server made it from this account's data: what it is, the
// person's own value (masked), what it is used for, where and when it was collected; 未收集 when none.
import { chinaDateTime } from '@tyd/protocol/wire';
import type { PersonalInfoItem } from '../api/personal-info-list';

const STATUS_TEXT: Record<PersonalInfoItem['status'], string> = { held: '已收集', none: '未收集', 'not-linked': '未关联账号' };

export function CollectedList({ items }: { items: readonly PersonalInfoItem[] }) {
  return (
    <ul className="privacy-list" aria-label="已收集个人信息清单">
      {items.map((item) => (
        <li key={item.kind} className="privacy-item">
          <div className="privacy-item__head">
            <h3 className="privacy-item__title">{item.title}</h3>
            <span className={`privacy-badge privacy-badge--${item.status}`}>{STATUS_TEXT[item.status]}</span>
          </div>
          {item.value ? <p className="privacy-item__value">{item.value}</p> : null}
          <dl className="privacy-facts">
            <div>
              <dt>使用目的</dt>
              <dd>{item.purpose}</dd>
            </div>
            <div>
              <dt>收集场景</dt>
              <dd>{item.scenario}</dd>
            </div>
            {item.collectedAt !== null ? (
              <div>
                <dt>收集时间</dt>
                <dd>{chinaDateTime(item.collectedAt)}</dd>
              </div>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}
