// /test (SPEC §2): a diagnostics page for integrators (native teams, testers): what environment
// the page detected, whether the native bridge answers and what app info it gave, the clock
// offset and whether a session is present. Nothing secret is shown: no token, no full phone
// number, no app secret.
import { useEffect, useState } from 'react';
import { CLIENT_VERSION, PROTOCOL_VERSION, maskPhone } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Card, Page } from '../../../components/page';
import { clientConfig } from '../../../lib/api-client';
import { useClientEnv } from '../../../lib/env';
import { useHydrated } from '../../../lib/hydration';
import { bridgeAvailable, getAppInfo, type AppInfo } from '../../../lib/native-bridge';
import { useSession } from '../../../lib/session';
import { webConfig } from '../../../lib/web-config';
import './test-page.css';

type BridgeProbe = { state: 'probing' } | { state: 'absent' } | { state: 'answered'; info: AppInfo } | { state: 'failed'; reason: string };

const yesNo = (value: boolean) => (value ? '是' : '否');
/** A value the build-time prerender cannot know, until hydration (lib/hydration.ts). */
const PENDING = '…';

/** Term/value rows; a long value (the user agent) takes its own full-width line. */
function Rows({ rows, wide = [] }: { rows: [string, string][]; wide?: string[] }) {
  return (
    <dl className="diag">
      {rows.map(([term, value]) => {
        const className = wide.includes(term) ? 'diag__wide' : undefined;
        return (
          <div key={term} style={{ display: 'contents' }}>
            <dt className={className}>{term}</dt>
            <dd className={className}>{value}</dd>
          </div>
        );
      })}
    </dl>
  );
}

function readConfig(): [string, string][] {
  try {
    const cfg = webConfig();
    return [
      ['appId', cfg.appId],
      ['密钥编号', cfg.keyId],
    ];
  } catch {
    return [['页面配置', '缺失']];
  }
}

export default function TestPage() {
  const hydrated = useHydrated();
  const env = useClientEnv();
  const session = useSession();
  const reachable = env.inApp && bridgeAvailable();
  const [answer, setAnswer] = useState<BridgeProbe>({ state: 'probing' });
  const probe: BridgeProbe = !hydrated ? { state: 'probing' } : reachable ? answer : { state: 'absent' };
  const known = (value: string) => (hydrated ? value : PENDING);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    if (!reachable) return;
    getAppInfo().then(
      (info) => live && setAnswer(info ? { state: 'answered', info } : { state: 'absent' }),
      (error: unknown) => live && setAnswer({ state: 'failed', reason: error instanceof Error ? error.message : '无应答' }),
    );
    return () => {
      live = false;
    };
  }, [reachable, attempt]);

  const bridgeRows: [string, string][] =
    probe.state === 'answered'
      ? [
          ['原生桥', '已连接'],
          ['App 版本', probe.info.appVer || '—'],
          ['协议版本', probe.info.agreementVer || '—'],
          ['App 登录态', yesNo(Boolean(probe.info.token))],
          ['App 手机号', maskPhone(probe.info.phone) || '—'],
          ['设备信息', probe.info.allDeviceInfo ? '已提供' : '未提供'],
        ]
      : [['原生桥', probe.state === 'probing' ? '检测中…' : probe.state === 'absent' ? '不可用（不在 App 内）' : `无应答：${probe.reason}`]];

  return (
    <Page title="环境诊断" lead="供接入方排查问题使用，不显示任何密钥或完整手机号。">
      <Card label="运行环境">
        <h2 className="diag__heading">运行环境</h2>
        <Rows
          rows={[
            ['在 App 内', known(yesNo(env.inApp))],
            ['App', known(env.app ?? '—')],
            ['系统', known(env.os === 'android' ? 'Android' : env.os === 'ios' ? 'iOS' : '其他')],
            ['微信内', known(yesNo(env.isWeChat))],
            ['User-Agent', known(navigator.userAgent)],
          ]}
          wide={['User-Agent']}
        />
      </Card>
      <Card label="原生桥">
        <h2 className="diag__heading">原生桥</h2>
        <Rows rows={bridgeRows} />
        {hydrated && env.inApp ? (
          <Button
            variant="secondary"
            block
            onClick={() => {
              setAnswer({ state: 'probing' });
              setAttempt((n) => n + 1);
            }}
          >
            重新检测
          </Button>
        ) : null}
      </Card>
      <Card label="时钟与会话">
        <h2 className="diag__heading">时钟与会话</h2>
        <Rows
          rows={[
            ['时间偏移', session ? `${session.clockOffset} ms` : PENDING],
            ['已登录', session ? yesNo(session.accessToken !== null) : PENDING],
            ['手机号', session ? (session.phone ?? '—') : PENDING],
            ['x-ver', known(clientConfig().appVersion)],
            ['客户端版本', CLIENT_VERSION],
            ['接口协议', PROTOCOL_VERSION],
            ...(hydrated ? readConfig() : [['页面配置', PENDING] satisfies [string, string]]),
          ]}
        />
      </Card>
    </Page>
  );
}
