// /nfc (SPEC §1, §2): explains where the phone's NFC reader is, for reading the ID card.
import { PlannedPage } from '../../../components/planned-page';

export default function NfcPage() {
  return <PlannedPage title="NFC读卡位置说明" about="说明各品牌、型号手机的 NFC 感应区位置，帮助您用手机读取身份证信息。" />;
}
