// /nfc inside the app: this phone's own NFC antenna, as the shell reports it (docs/bridge.md
// "getNfcAntennaInfo", Android 14 NfcAdapter.getNfcAntennaInfo()), drawn on the phone's back to scale.
// The shell's coordinates are millimetres from the top-left as the user faces the screen; the back is its
// mirror image, so x is drawn from the right.
import type { NfcPosition } from '@tyd/protocol/wire';
import type { NfcAntennaInfo } from '../../../lib/native-bridge';

export const POSITION_TEXT: Record<NfcPosition, string> = {
  top: '背面顶部',
  upper: '背面上部，摄像头附近',
  center: '背面中部',
  lower: '背面下部',
};

/** Where on the back, in the table's words, from the distance to the top edge. */
export function positionOf(locationY: number, deviceHeight: number): NfcPosition {
  const share = locationY / deviceHeight;
  if (share < 0.1) return 'top';
  if (share < 0.42) return 'upper';
  if (share < 0.68) return 'center';
  return 'lower';
}

/** One antenna in words, as seen on the back: 背面上部（偏左，距顶部约28毫米）. */
export function describeAntenna(antenna: NfcAntennaInfo['antennas'][number], info: Pick<NfcAntennaInfo, 'deviceWidth' | 'deviceHeight'>): string {
  const position = positionOf(antenna.locationY, info.deviceHeight);
  const region = position === 'upper' ? '背面上部' : POSITION_TEXT[position];
  const fromLeftOnBack = (info.deviceWidth - antenna.locationX) / info.deviceWidth;
  const side = fromLeftOnBack < 0.35 ? '偏左，' : fromLeftOnBack > 0.65 ? '偏右，' : '';
  return `${region}（${side}距顶部约${Math.round(antenna.locationY)}毫米）`;
}

export function DeviceAntenna({ info }: { info: NfcAntennaInfo }) {
  const { deviceWidth: w, deviceHeight: h, antennas } = info;
  const label = `本机NFC感应区在${antennas.map((a) => describeAntenna(a, info)).join('、')}`;
  return (
    <div className="nfc__device">
      <svg className="nfc__device-phone" viewBox={`-2 -2 ${w + 4} ${h + 4}`} role="img" aria-label={label}>
        <rect x="0" y="0" width={w} height={h} rx={w * 0.12} fill="#f7f8fa" stroke="#1f2329" strokeWidth={w * 0.025} />
        {antennas.map((a, i) => (
          <g key={i}>
            <ellipse
              cx={w - a.locationX}
              cy={a.locationY}
              rx={w * 0.26}
              ry={w * 0.15}
              fill="rgba(26,92,255,0.16)"
              stroke="#1a5cff"
              strokeWidth={w * 0.022}
              strokeDasharray={`${w * 0.05} ${w * 0.035}`}
            />
            <circle cx={w - a.locationX} cy={a.locationY} r={w * 0.03} fill="#1a5cff" />
          </g>
        ))}
      </svg>
      <div>
        <p className="nfc__model-name">本机NFC感应区</p>
        {antennas.map((a, i) => (
          <p key={i} className="nfc__device-where">
            {describeAntenna(a, info)}
          </p>
        ))}
        {antennas.length > 1 ? <p className="nfc__model-hint">本机有{antennas.length}个感应区，贴近任意一个即可</p> : null}
        {info.deviceFoldable ? <p className="nfc__model-hint">折叠屏手机：位置按完全展开时标出</p> : null}
        <p className="nfc__model-hint">图为手机背面，顶部朝上；位置由手机系统提供</p>
      </div>
    </div>
  );
}
