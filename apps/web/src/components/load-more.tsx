// Load-more footer of a list (SPEC §2): a button 点我加载更多··· while more pages exist, the text
// 已全部加载 when everything is shown, and a busy state while the next page loads.
import { Button } from './button';
import './feedback.css';

export interface LoadMoreProps {
  hasMore: boolean;
  loading?: boolean;
  onLoadMore: () => void;
}

export function LoadMore({ hasMore, loading, onLoadMore }: LoadMoreProps) {
  return (
    <div className="load-more">
      {hasMore ? (
        <Button variant="text" busy={loading} onClick={onLoadMore}>
          {loading ? '加载中…' : '点我加载更多···'}
        </Button>
      ) : (
        <p className="load-more__done">已全部加载</p>
      )}
    </div>
  );
}
