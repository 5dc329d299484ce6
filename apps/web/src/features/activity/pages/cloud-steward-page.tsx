// /cloudSteward/index, name cloudStewardIndex (SPEC §1, §2): the new-user gift activity.
import { PlannedPage } from '../../../components/planned-page';

export default function CloudStewardPage() {
  return <PlannedPage title="新人礼" about="新用户专享的礼包活动。" />;
}
