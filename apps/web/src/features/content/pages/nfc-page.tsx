// /nfc (SPEC §1, §2 NFC读卡位置说明): where the phone's NFC antenna is, so the ID card can be read by
// laying it on the right spot. Inside the app, a shell that reports the phone's own antenna
// (docs/bridge.md "getNfcAntennaInfo") has it drawn to scale; otherwise, and when the shell does not know the
// method, fails or is slow, brands and models come from phone-brand-list and phone-type-list (the table
// operators keep, docs/api.md) and the drawing marks the usual spot on the phone's back.
import { useEffect, useState } from 'react';
import type { NfcPosition } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Card, Page } from '../../../components/page';
import { Tip } from '../../../components/tip';
import { userMessage } from '../../../lib/api-errors';
import { useClientEnv } from '../../../lib/env';
import { getNfcAntennaInfo, type NfcAntennaInfo } from '../../../lib/native-bridge';
import { usePhoneBrands } from '../api/phone-brand-list';
import { usePhoneModels } from '../api/phone-type-list';
import { DeviceAntenna, POSITION_TEXT } from '../components/device-antenna';
import './nfc-page.css';
/** Where the spot is drawn on a 60 x 120 phone back. */
const POSITION_Y: Record<NfcPosition, number> = { top: 18, upper: 34, center: 60, lower: 88 };

function PhoneBack({ position }: { position: NfcPosition }) {
  const y = POSITION_Y[position];
  return (
    <svg className="nfc__phone" viewBox="0 0 60 120" role="img" aria-label={`NFC感应区在${POSITION_TEXT[position]}`}>
      <rect x="2" y="2" width="56" height="116" rx="9" fill="#f7f8fa" stroke="#1f2329" strokeWidth="2" />
      <rect x="8" y="8" width="16" height="22" rx="4" fill="#d0d5dd" />
      <circle cx="16" cy="14" r="3.5" fill="#98a2b3" />
      <circle cx="16" cy="24" r="3.5" fill="#98a2b3" />
      <ellipse cx="30" cy={y} rx="17" ry="9" fill="rgba(26,92,255,0.16)" stroke="#1a5cff" strokeWidth="1.6" strokeDasharray="3 2" />
      <text x="30" y={y + 3} textAnchor="middle" fontSize="8" fill="#1a5cff" fontWeight="600">
        NFC
      </text>
    </svg>
  );
}

function Models({ brandId }: { brandId: string }) {
  const models = usePhoneModels(brandId);
  if (models.status === 'loading') return <p className="nfc__status" role="status" aria-busy="true">正在加载机型…</p>;
  if (models.status === 'error' || !models.data) return <p className="nfc__status" role="alert">{userMessage(models.error)}</p>;
  return (
    <ul className="nfc__models" aria-label="机型">
      {models.data.map((model) => (
        <li key={model.id} className="nfc__model">
          <PhoneBack position={model.position} />
          <div>
            <p className="nfc__model-name">{model.name}</p>
            {model.hasNfc ? (
              <p className="nfc__model-hint">
                {POSITION_TEXT[model.position]}
                {model.hint ? `，${model.hint}` : ''}
              </p>
            ) : (
              <p className="nfc__model-hint">该机型不支持NFC，请使用拍照认证</p>
            )}
            {model.hasNfc && model.foldableNote ? <p className="nfc__model-hint">{model.foldableNote}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

type DeviceAnswer = { status: 'asking' } | { status: 'reported'; info: NfcAntennaInfo } | { status: 'none' };

/** Inside the app, what the shell says about this phone's antenna; outside, nothing to ask. */
function useDeviceAntenna(inApp: boolean): DeviceAnswer {
  const [answer, setAnswer] = useState<DeviceAnswer>({ status: 'asking' });
  useEffect(() => {
    if (!inApp) return;
    let live = true;
    getNfcAntennaInfo().then(
      (info) => live && setAnswer(info ? { status: 'reported', info } : { status: 'none' }),
      // An older shell does not know the method (an error answer) or does not answer: the table it is.
      () => live && setAnswer({ status: 'none' }),
    );
    return () => {
      live = false;
    };
  }, [inApp]);
  return inApp ? answer : { status: 'none' };
}

export default function NfcPage() {
  const brands = usePhoneBrands();
  const [brandId, setBrandId] = useState<string | null>(null);
  const [othersShown, setOthersShown] = useState(false);
  const device = useDeviceAntenna(useClientEnv().inApp);
  const chosen = brandId ?? brands.data?.[0]?.id ?? null;
  return (
    <Page title="NFC读卡位置说明" lead="用手机NFC读取身份证时，请把身份证平放贴在手机背面的NFC感应区，保持不动约3秒。">
      <Card label="操作方法">
        <ol className="nfc__steps">
          <li>在手机设置中打开NFC功能</li>
          <li>取下较厚的手机壳，身份证不要与银行卡、门禁卡叠放</li>
          <li>将身份证贴在下方标出的感应区，读取完成前不要移动</li>
        </ol>
      </Card>
      {device.status === 'reported' ? (
        <Card label="本机NFC感应区">
          <DeviceAntenna info={device.info} />
        </Card>
      ) : device.status === 'asking' ? (
        <Card label="本机NFC感应区">
          <p className="nfc__status" role="status" aria-busy="true">
            正在读取本机NFC感应区…
          </p>
        </Card>
      ) : null}
      {/* Above the brand table, which grows as brands and models arrive: nothing below it to push down. */}
      <Tip tone="info">
        {device.status === 'reported' && !othersShown ? '' : '感应区位置因机型而异，下方为常见机型的位置；'}如读取失败，可在感应区附近缓慢移动身份证，或改用拍照认证。
      </Tip>
      {device.status === 'none' || othersShown ? (
        <Card label="选择手机品牌">
          <h2 className="nfc__heading">选择您的手机品牌</h2>
          {brands.status === 'loading' ? (
            <p className="nfc__status" role="status" aria-busy="true">正在加载品牌…</p>
          ) : brands.status === 'error' || !brands.data ? (
            <>
              <p className="nfc__status" role="alert">{userMessage(brands.error)}</p>
              <Button block variant="secondary" onClick={brands.refetch}>
                重新加载
              </Button>
            </>
          ) : (
            <>
              <div className="nfc__brands" role="radiogroup" aria-label="手机品牌">
                {brands.data.map((brand) => (
                  <button key={brand.id} type="button" role="radio" aria-checked={brand.id === chosen} className="nfc__brand" onClick={() => setBrandId(brand.id)}>
                    {brand.name}
                  </button>
                ))}
              </div>
              {chosen ? <Models brandId={chosen} /> : null}
            </>
          )}
        </Card>
      ) : device.status === 'reported' ? (
        <Button block variant="secondary" onClick={() => setOthersShown(true)}>
          查看其他机型的感应区位置
        </Button>
      ) : null}
    </Page>
  );
}
