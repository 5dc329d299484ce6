// /login opened with a session: who is logged in (after a quiet check-login, SPEC §7), and the two
// ways on: continue to the target, or log out to use another number. Loaded only for such visitors.
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Card } from '../../../components/page';
import { useCheckLogin } from '../api/check-login';
import { logout } from '../api/logout';

export default function AlreadyLoggedIn({ phone, onContinue }: { phone: string | null; onContinue: () => void }) {
  const check = useCheckLogin(true);
  const [leaving, setLeaving] = useState(false);
  return (
    <Card label="当前账号">
      <p className="login__who" aria-busy={check.status === 'loading'}>
        {check.status === 'loading' ? '正在确认登录状态…' : `您已登录：${phone ?? '当前账号'}`}
      </p>
      <div className="login__actions">
        <Button block onClick={onContinue} disabled={check.status === 'loading'}>
          继续
        </Button>
        <Button
          block
          variant="secondary"
          busy={leaving}
          onClick={async () => {
            setLeaving(true);
            await logout();
            setLeaving(false);
          }}
        >
          退出登录，使用其他手机号
        </Button>
      </div>
    </Card>
  );
}
