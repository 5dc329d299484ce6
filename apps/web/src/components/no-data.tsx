// Empty-list placeholder (SPEC §2), default text 暂无记录.
import './feedback.css';

export function NoData({ text = '暂无记录' }: { text?: string }) {
  return (
    <div className="no-data" role="status">
      <svg className="no-data__icon" viewBox="0 0 64 64" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="3">
        <rect x="12" y="10" width="40" height="46" rx="4" />
        <path d="M22 24h20M22 34h20M22 44h12" />
      </svg>
      {text}
    </div>
  );
}
