// /nfc (SPEC §1, §2 NFC读卡位置说明): where the phone's NFC antenna is, so the ID card can be read by
// laying it on the right spot. Inside the app, a shell that reports the phone's own antenna
// (docs/bridge.md "getNfcAntennaInfo") has it drawn to scale; otherwise, and when the shell does not know the
// method, fails or is slow, brands and models come from phone-brand-list and phone-type-list (the table
// operators keep, docs/api.md) and the drawing marks the usual spot on the phone's back (a foldable's
// folded and unfolded; none on a model without NFC). A brand the table does not list, or a model the user
// cannot find or does not know, gets the general tips: where the spot usually is and how to find it.
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/button';
import { Card, Page } from '../../../components/page';
import { Tip } from '../../../components/tip';
import { userMessage } from '../../../lib/api-errors';
import { useClientEnv } from '../../../lib/env';
import { getNfcAntennaInfo, type NfcAntennaInfo } from '../../../lib/native-bridge';
import { usePhoneBrands } from '../api/phone-brand-list';
import { usePhoneModels, type PhoneModels } from '../api/phone-type-list';
import { DeviceAntenna, POSITION_TEXT } from '../components/device-antenna';
import { FoldableBack, GeneralBack, NoNfcBack, PhoneBack } from '../components/nfc-drawings';
import './nfc-page.css';

/** The brand choice for a phone whose brand the table does not list (not a table id: those have no colon). */
const OTHER_BRAND = ':other';

type PhoneModel = PhoneModels[number];

/** The position in words, then the table's hint, each phrase once (a hint often repeats the position: 背面中部). */
function whereText(model: PhoneModel): string {
  const phrases = [...POSITION_TEXT[model.position].split('，'), ...model.hint.split('，')].filter((phrase) => phrase !== '');
  return [...new Set(phrases)].join('，');
}

function ModelRow({ model }: { model: PhoneModel }) {
  if (!model.hasNfc) {
    return (
      <li className="nfc__model">
        <NoNfcBack />
        <div>
          <p className="nfc__model-name">{model.name}</p>
          <p className="nfc__model-none">该机型不支持NFC</p>
          <p className="nfc__model-hint">{model.hint ? `${model.hint}；` : ''}请使用拍照认证</p>
        </div>
      </li>
    );
  }
  const foldable = model.foldableNote !== null;
  return (
    <li className={foldable ? 'nfc__model nfc__model--foldable' : 'nfc__model'}>
      {foldable ? <FoldableBack position={model.position} /> : <PhoneBack position={model.position} />}
      <div>
        <p className="nfc__model-name">{model.name}</p>
        <p className="nfc__model-hint">{whereText(model)}</p>
        {model.foldableNote ? <p className="nfc__model-hint">{model.foldableNote}</p> : null}
      </div>
    </li>
  );
}

/** Where to look on a phone the table does not list, or whose model the user does not know. */
function GeneralTips() {
  const id = useId();
  return (
    <section className="nfc__general" aria-labelledby={id}>
      <h3 id={id} className="nfc__model-name">
        通用查找方法
      </h3>
      <GeneralBack />
      <ul className="nfc__general-tips">
        <li>多数手机的感应区在背面上部、摄像头附近；部分手机在背面中部；苹果手机在机身顶部边缘。</li>
        <li>把身份证平贴在手机背面，从摄像头附近开始缓慢向下移动，每处停留约2秒，手机提示读取时停住不动。</li>
        <li>取下手机壳后再试，金属、磁吸或较厚的手机壳会挡住感应。</li>
      </ul>
    </section>
  );
}

function Models({ brandId }: { brandId: string }) {
  const models = usePhoneModels(brandId);
  const [unlistedShown, setUnlistedShown] = useState(false);
  if (models.status === 'loading')
    return (
      <p className="nfc__status" role="status" aria-busy="true">
        正在加载机型…
      </p>
    );
  if (models.status === 'error' || !models.data)
    return (
      <p className="nfc__status" role="alert">
        {userMessage(models.error)}
      </p>
    );
  return (
    <>
      <ul className="nfc__models" aria-label="机型">
        {models.data.map((model) => (
          <ModelRow key={model.id} model={model} />
        ))}
      </ul>
      <button type="button" className="nfc__unlisted" aria-expanded={unlistedShown} onClick={() => setUnlistedShown((shown) => !shown)}>
        列表中没有我的机型 / 不清楚机型
      </button>
      {unlistedShown ? <GeneralTips /> : null}
    </>
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
        {device.status === 'reported' && !othersShown ? '' : '感应区位置因机型而异，下方为常见机型的位置；'}
        如读取失败，可在感应区附近缓慢移动身份证，或改用拍照认证。
      </Tip>
      {device.status === 'none' || othersShown ? (
        <Card label="选择手机品牌">
          <h2 className="nfc__heading">选择您的手机品牌</h2>
          {brands.status === 'loading' ? (
            <p className="nfc__status" role="status" aria-busy="true">
              正在加载品牌…
            </p>
          ) : brands.status === 'error' || !brands.data ? (
            <>
              <p className="nfc__status" role="alert">
                {userMessage(brands.error)}
              </p>
              <Button block variant="secondary" onClick={brands.refetch}>
                重新加载
              </Button>
            </>
          ) : (
            <>
              <div className="nfc__brands" role="radiogroup" aria-label="手机品牌">
                {brands.data.map((brand) => (
                  <button
                    key={brand.id}
                    type="button"
                    role="radio"
                    aria-checked={brand.id === chosen}
                    className="nfc__brand"
                    onClick={() => setBrandId(brand.id)}
                  >
                    {brand.name}
                  </button>
                ))}
                <button type="button" role="radio" aria-checked={chosen === OTHER_BRAND} className="nfc__brand" onClick={() => setBrandId(OTHER_BRAND)}>
                  其他品牌
                </button>
              </div>
              {chosen === OTHER_BRAND ? <GeneralTips /> : chosen ? <Models key={chosen} brandId={chosen} /> : null}
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
