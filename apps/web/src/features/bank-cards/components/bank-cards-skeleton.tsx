// What the bank-card pages show while their list loads, as home does (components/skeleton.tsx): the shape
// of the cards and rows to come, grey and silent (aria-busy on the part that waits), so nothing jumps when
// the answer lands and the page is not a blank screen with 正在加载….
import { SkeletonButton, SkeletonLine } from '../../../components/skeleton';
import { Card, Page } from '../../../components/page';
import './bank-cards.css';

/** `cards`: placeholder card faces (the list); `rows`: placeholder info rows (a card's pages). */
export function BankCardsSkeleton({ title, cards = 0, rows = 0 }: { title: string; cards?: number; rows?: number }) {
  return (
    <Page title={title}>
      <div className="bank-cards__skeleton" aria-busy="true" aria-label="正在加载">
        {Array.from({ length: cards }, (_, i) => (
          <div key={`c${i}`} className="bank-card bank-card--skeleton" aria-hidden="true">
            <SkeletonLine length="short" />
            <SkeletonLine className="bank-card__number" />
          </div>
        ))}
        {rows > 0 ? (
          <Card label="正在加载">
            {Array.from({ length: rows }, (_, i) => (
              <SkeletonLine key={`r${i}`} length={i % 2 ? 'short' : 'long'} />
            ))}
          </Card>
        ) : null}
        <SkeletonButton />
      </div>
    </Page>
  );
}
