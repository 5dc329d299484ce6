// 登录设备管理 (docs/api.md "Account security"): every live session of the account as a device — model and
// system, app or browser, region and masked address of its last use, first and last activity — this one
// marked 本机. 下线 ends another after a confirmation; 下线其他所有设备 ends all the others after one. A device
// already gone (another press, another device: 404/4231) is what was wanted: the list is read again.
import { chinaDateTime, CODE, SUBCODE } from '@tyd/protocol/wire';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { reportingFailures } from '../../../lib/api-errors';
import { toast } from '../../../lib/notify';
import { useMutation } from '../../../lib/server-state';
import { endOtherSessions } from '../api/end-other-sessions';
import { endSession } from '../api/end-session';
import { refreshLoginDevices, useLoginDevices, type LoginDevice } from '../api/login-devices';
import { DeviceIcon } from './device-icon';
import { facts, Separated } from './separated';
import { LoadFailed, Loading } from '../../../components/load-states';

function DeviceRow({ device, onEnd }: { device: LoginDevice; onEnd: (device: LoginDevice) => void }) {
  return (
    <li className="security-device">
      <DeviceIcon client={device.client} device={device.device} />
      <p className="security-device__name">
        <span>
          <Separated parts={facts(device.device)} />
        </span>
        {device.current ? <span className="security-badge">本机</span> : null}
      </p>
      {device.current ? null : (
        <Button variant="secondary" className="security-device__end" onClick={() => onEnd(device)} aria-label={`下线 ${device.device}`}>
          下线
        </Button>
      )}
      <div className="security-device__meta">
        <p className="security__muted">
          <Separated parts={[device.clientName, device.region, <span className="security__address">{device.address}</span>]} />
        </p>
        <dl className="security-device__times">
          <div>
            <dt>首次登录</dt>
            <dd>{chinaDateTime(device.firstActiveAt)}</dd>
          </div>
          <div>
            <dt>最近活跃</dt>
            <dd>{device.current ? '当前在线' : chinaDateTime(device.lastActiveAt)}</dd>
          </div>
        </dl>
      </div>
    </li>
  );
}

export function DeviceList() {
  const devices = useLoginDevices();
  const [ending, setEnding] = useState<LoginDevice | null>(null);
  const [endingAll, setEndingAll] = useState(false);
  const one = useMutation(reportingFailures(endSession));
  const all = useMutation(reportingFailures(endOtherSessions));

  async function handleEnd() {
    const device = ending;
    setEnding(null);
    if (!device) return;
    const response = await one.mutate({ deviceId: device.id });
    // No answer: already said (reportingFailures); the list may have changed all the same.
    if (!response) return refreshLoginDevices();
    if (response.code === CODE.OK) toast('已下线该设备', 'success');
    else if (response.subcode === SUBCODE.DEVICE_NOT_FOUND) toast(response.submsg || response.msg);
    // 401 (this device was signed out meanwhile) is the app's to handle; 480 shows nothing (SPEC §8).
    else if (response.code !== CODE.UNAUTHORIZED && response.code !== CODE.SILENT) toast(response.submsg || response.msg, 'fail');
    refreshLoginDevices();
  }

  async function handleEndAll() {
    setEndingAll(false);
    const result = await all.mutate(undefined);
    if (result) toast(result.ended > 0 ? `已下线${result.ended}台设备` : '没有其他登录设备', 'success');
    refreshLoginDevices();
  }

  if (devices.status === 'loading' && !devices.data) {
    return <Loading />;
  }
  if (!devices.data) {
    return <LoadFailed error={devices.error} onRetry={devices.refetch} />;
  }
  const others = devices.data.devices.filter((d) => !d.current);
  return (
    <>
      <ul className="security-devices" aria-label="登录设备列表">
        {devices.data.devices.map((device) => (
          <DeviceRow key={device.id} device={device} onEnd={setEnding} />
        ))}
      </ul>
      {others.length > 0 ? (
        <Button variant="text" block busy={all.status === 'loading'} onClick={() => setEndingAll(true)}>
          下线其他所有设备
        </Button>
      ) : (
        <p className="security__muted security__only">仅本机登录，未发现其他设备。</p>
      )}
      <Dialog
        open={ending !== null}
        title="确定下线该设备？"
        onClose={() => setEnding(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setEnding(null)}>
              取消
            </Button>
            <Button onClick={() => void handleEnd()}>下线</Button>
          </>
        }
      >
        {ending ? `“${ending.device}”将退出登录，再次使用需重新验证手机号。如不是您本人的设备，建议同时更换手机号。` : null}
      </Dialog>
      <Dialog
        open={endingAll}
        title="下线其他所有设备？"
        onClose={() => setEndingAll(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setEndingAll(false)}>
              取消
            </Button>
            <Button onClick={() => void handleEndAll()}>全部下线</Button>
          </>
        }
      >
        除本机外的{others.length}台设备将退出登录，再次使用需重新验证手机号。
      </Dialog>
    </>
  );
}
