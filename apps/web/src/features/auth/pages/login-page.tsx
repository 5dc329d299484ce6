// /login (SPEC §2): SMS verification-code login. The form arrives with the login issue; until
// then the page says what it is and that it is not open.
import { PlannedPage } from '../../../components/planned-page';

export default function LoginPage() {
  return <PlannedPage title="验证码登录" about="使用手机号和短信验证码登录或注册通盈达账户。" />;
}
