// /mine/security (账户与安全; docs/api.md "Account security"): where the account is signed in and what
// happened at its sign-ins, so that a lost or borrowed phone can be signed out — 登录设备管理 with 下线,
// 登录记录 of 30 days — and the way on to 更换手机号 and 个人信息. Reached from 我的 and from the
// 新设备登录提醒 message.
import { CODE_TEXT, SUBCODE } from '@tyd/protocol/wire';
import { Link } from '../../../components/link';
import { LinkList, type LinkListItem } from '../../../components/link-list';
import { Card, Page } from '../../../components/page';
import { Tip } from '../../../components/tip';
import { useSession } from '../../../lib/session';
import { DeviceList } from '../components/device-list';
import { LoginRecordList } from '../components/login-record-list';
import '../../../components/button.css';
import '../components/security.css';

const MORE: readonly LinkListItem[] = [
  { to: '/mine/phone', label: '更换手机号', hint: '验证当前手机号后绑定新号码' },
  { to: '/mine/privacy', label: '个人信息', hint: '已收集与共享的信息、导出副本、撤回同意' },
];

const LOGIN_PATH = `/login?${new URLSearchParams({ returnUrl: '/mine/security' }).toString()}`;

export default function SecurityPage() {
  const session = useSession();
  // The session ended while the page was open (下线 from another device, inside the app where the app's
  // login opens over it): say so, and offer the way back, instead of lists that can no longer load.
  if (session !== null && session.accessToken === null) {
    return (
      <Page title="账户与安全">
        <Card label="未登录">
          <p className="security__signed-out">{session.signedOutElsewhere ? CODE_TEXT[SUBCODE.SIGNED_OUT_ELSEWHERE] : '登录后查看登录设备与登录记录。'}</p>
          <Link className="btn btn--primary btn--block" to={LOGIN_PATH}>
            重新登录
          </Link>
        </Card>
      </Page>
    );
  }
  return (
    <Page title="账户与安全">
      <Tip tone="info">如发现不认识的设备或登录记录，请立即将其下线并更换手机号。</Tip>
      <section className="card" aria-labelledby="security-devices-heading">
        <h2 className="security__heading" id="security-devices-heading">
          登录设备管理
        </h2>
        <DeviceList />
      </section>
      <section className="card" aria-labelledby="security-records-heading">
        <h2 className="security__heading" id="security-records-heading">
          登录记录
          <small className="security__muted">近30天</small>
        </h2>
        <LoginRecordList />
      </section>
      <LinkList items={MORE} label="账户设置" />
    </Page>
  );
}
