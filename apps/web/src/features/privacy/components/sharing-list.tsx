// 与第三方共享个人信息清单 (MIIT 2021; PIPL art. 23): each provider that receives personal data, as the server
// is configured: who receives it (a sandbox is said to send nothing), what, why and how.
import type { SharingItem } from '../api/third-party-sharing-list';

export function SharingList({ items }: { items: readonly SharingItem[] }) {
  return (
    <ul className="privacy-list" aria-label="与第三方共享个人信息清单">
      {items.map((item) => (
        <li key={item.provider} className="privacy-item">
          <div className="privacy-item__head">
            <h3 className="privacy-item__title">{item.title}</h3>
            {item.sandbox ? <span className="privacy-badge privacy-badge--none">沙箱</span> : null}
          </div>
          <dl className="privacy-facts">
            <div>
              <dt>接收方</dt>
              <dd>{item.recipient}</dd>
            </div>
            <div>
              <dt>共享信息</dt>
              <dd>{item.data}</dd>
            </div>
            <div>
              <dt>共享目的</dt>
              <dd>{item.purpose}</dd>
            </div>
            <div>
              <dt>共享方式</dt>
              <dd>{item.method}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
