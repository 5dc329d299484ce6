// A route of SPEC §2 whose content arrives in a later issue: its real title and what the page
// is for, and a plain statement that it is not open yet, never placeholder data.
import { Link } from './link';
import { Card, Page } from './page';
import { Tip } from './tip';
import './button.css';

export function PlannedPage({ title, about }: { title: string; about: string }) {
  return (
    <Page title={title}>
      <Card>
        <p>{about}</p>
        <Tip tone="info">该功能正在建设中，暂未开放，敬请期待。</Tip>
      </Card>
      <Link className="btn btn--secondary btn--block" to="/">
        返回首页
      </Link>
    </Page>
  );
}
