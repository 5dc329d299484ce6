// A list card's loading and failure states: skeleton lines while it loads, the failure said in the card with 重试.
import { Button } from '../../../components/button';
import { SkeletonLine } from '../../../components/skeleton';
import { userMessage } from '../../../lib/api-errors';

export function ListLoading() {
  return (
    <div aria-busy="true" className="privacy-loading">
      <SkeletonLine />
      <SkeletonLine length="short" />
      <SkeletonLine />
    </div>
  );
}

export function ListFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="privacy-failed" role="alert">
      <span>{userMessage(error)}</span>
      <Button variant="secondary" onClick={onRetry}>
        重试
      </Button>
    </div>
  );
}
