// /mine/help (帮助与客服; docs/api.md "Help and customer service"): what users of a lending app look for
// when something is unclear — the service phone and its hours to tap and call, the operators' 常见问题 by
// category, 我要提问 and 我的提问 with the answers. Open without a session (the phone and the FAQ help
// anyone, error pages link here); asking and reading one's questions need one, so a visitor is offered
// login and comes back here. Reached from 我的 and from every error page.
import { Link } from '../../../components/link';
import { Page } from '../../../components/page';
import { SkeletonButton } from '../../../components/skeleton';
import { useSession } from '../../../lib/session';
import { AskQuestionForm } from '../components/ask-question-form';
import { FaqSection } from '../components/faq-section';
import { MyQuestionsList } from '../components/my-questions-list';
import { ServiceContact } from '../components/service-contact';
import '../../../components/button.css';
import '../../../components/field.css';
import '../components/help.css';

export const HELP_LOGIN_PATH = `/login?${new URLSearchParams({ returnUrl: '/mine/help' }).toString()}`;

export default function HelpPage() {
  // null in the prerendered page (lib/hydration.ts): neither the form nor the login offer yet.
  const session = useSession();
  const loggedIn = session !== null && session.accessToken !== null;
  return (
    <Page title="帮助与客服">
      <ServiceContact />
      <FaqSection />
      <section className="card" aria-labelledby="help-ask-heading">
        <h2 className="help__heading" id="help-ask-heading">
          我要提问
        </h2>
        {session === null ? (
          <SkeletonButton />
        ) : loggedIn ? (
          <AskQuestionForm />
        ) : (
          <>
            <p className="help__muted">登录后可在线提问，客服回复会通过“我的消息”通知您。</p>
            <Link className="btn btn--primary btn--block" to={HELP_LOGIN_PATH}>
              登录后提问
            </Link>
          </>
        )}
      </section>
      {loggedIn ? (
        <section className="card" aria-labelledby="help-mine-heading">
          <h2 className="help__heading" id="help-mine-heading">
            我的提问
          </h2>
          <MyQuestionsList />
        </section>
      ) : null}
    </Page>
  );
}
