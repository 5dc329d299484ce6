// 已收集个人信息清单 (MIIT 2021): each kind as the server made it from this account's data: what it is, the
// person's own value (masked), what it is used for, where and when it was collected; 未收集 when none.
import { chinaDateTime } from '@tyd/protocol/wire';
import type { PersonalInfoItem } from '../api/personal-info-list';
import { PrivacyListItem } from './privacy-list-item';

const STATUS_TEXT: Record<PersonalInfoItem['status'], string> = { held: '已收集', none: '未收集', 'not-linked': '未关联账号' };

export function CollectedList({ items }: { items: readonly PersonalInfoItem[] }) {
  return (
    <ul className="privacy-list" aria-label="已收集个人信息清单">
      {items.map((item) => (
        <PrivacyListItem
          key={item.kind}
          title={item.title}
          badge={{ text: STATUS_TEXT[item.status], tone: item.status }}
          value={item.value}
          facts={[
            { label: '使用目的', value: item.purpose },
            { label: '收集场景', value: item.scenario },
            ...(item.collectedAt !== null ? [{ label: '收集时间', value: chinaDateTime(item.collectedAt) }] : []),
          ]}
        />
      ))}
    </ul>
  );
}
