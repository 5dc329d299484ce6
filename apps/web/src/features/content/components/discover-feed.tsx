// The newest discover articles on home (SPEC §7 new-information-info-v1); nothing while there are none.
import { Link } from '../../../components/link';
import { useNewestArticles } from '../api/new-information-info';
import './content.css';

export function DiscoverFeed({ limit = 3 }: { limit?: number }) {
  const articles = useNewestArticles(limit);
  const items = articles.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section className="discover-feed" aria-label="最新资讯">
      <h2 className="discover-feed__head">最新资讯</h2>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <Link to={`/discover/detail?id=${encodeURIComponent(item.id)}`}>
              <span className="discover-feed__title">{item.title}</span>
              {item.summary ? <span className="discover-feed__summary">{item.summary}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
