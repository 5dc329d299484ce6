// 与第三方共享个人信息清单 (MIIT 2021; PIPL art. 23): each provider that receives personal data, as the server
// is configured: who receives it (a sandbox is said to send nothing), what, why and how.
import type { SharingItem } from '../api/third-party-sharing-list';
import { PrivacyListItem } from './privacy-list-item';

export function SharingList({ items }: { items: readonly SharingItem[] }) {
  return (
    <ul className="privacy-list" aria-label="与第三方共享个人信息清单">
      {items.map((item) => (
        <PrivacyListItem
          key={item.provider}
          title={item.title}
          badge={item.sandbox ? { text: '沙箱', tone: 'none' } : undefined}
          facts={[
            { label: '接收方', value: item.recipient },
            { label: '共享信息', value: item.data },
            { label: '共享目的', value: item.purpose },
            { label: '共享方式', value: item.method },
          ]}
        />
      ))}
    </ul>
  );
}
