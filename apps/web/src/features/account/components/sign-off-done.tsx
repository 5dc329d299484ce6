// The end of deregistration: the account is gone, what that means, and the way back to the hub.
// Focus moves to its heading: the page changed under the user's finger (WCAG 2.4.3).
import { useEffect, useRef } from 'react';
import { Link } from '../../../components/link';
import { Card, Page } from '../../../components/page';

export default function SignOffDone({ phone }: { phone: string | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Page title="注销账号">
      <Card label="注销结果">
        <div className="sign-off__done">
          <svg className="sign-off__done-icon" viewBox="0 0 48 48" aria-hidden="true">
            <circle cx="24" cy="24" r="22" fill="currentColor" />
            <path d="M14 24.5l7 7 13-14" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <h2 ref={heading} tabIndex={-1} className="sign-off__done-title">
            账号已注销
          </h2>
          <p className="sign-off__text">
            {phone ? `账号 ${phone} ` : '您的账号'}已注销，所有设备上的登录已失效，个人信息已删除。依法保留的记录将在保存期满后删除。感谢您曾使用通盈达。
          </p>
        </div>
      </Card>
      <Link className="btn btn--primary btn--block" to="/" replace>
        返回首页
      </Link>
    </Page>
  );
}
