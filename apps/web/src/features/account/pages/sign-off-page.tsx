// /mine/signOff (SPEC §1, §2): account deregistration.
import { PlannedPage } from '../../../components/planned-page';

export default function SignOffPage() {
  return <PlannedPage title="注销账号" about="注销您的通盈达账户。注销后账户信息将被清除且无法恢复。" />;
}
