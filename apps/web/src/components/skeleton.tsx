// Placeholders for a part of a page that is not known yet, e.g. the account while the prerendered page
// is hydrated (lib/hydration.ts): the part's shape without saying anything that may turn out wrong.
// Hidden from screen readers; the part around them says it is busy (aria-busy).
import './skeleton.css';

/** A line of text in the font of `className` (its size sets the line's height). */
export function SkeletonLine({ className, length = 'long' }: { className?: string; length?: 'short' | 'long' }) {
  return <span className={`skeleton-line skeleton-line--${length}${className ? ` ${className}` : ''}`} aria-hidden="true" />;
}

/** A full-width button (components/button.css), as tall as a real one. */
export function SkeletonButton() {
  return (
    <span className="btn btn--block skeleton-button" aria-hidden="true">
      {'\u00a0'}
    </span>
  );
}
