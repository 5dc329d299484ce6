// /others/tydPreJump (SPEC §2): the authorised-login pre-jump page.
import { PlannedPage } from '../../../components/planned-page';

export default function AuthorizedLoginPage() {
  return <PlannedPage title="授权登录" about="合作方页面通过此页获取您的授权后，使用通盈达账户登录。" />;
}
