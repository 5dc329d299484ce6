// /discover/notice (SPEC §1, §2): the company announcement page.
import { PlannedPage } from '../../../components/planned-page';

export default function CompanyNoticePage() {
  return <PlannedPage title="公司公告" about="查看通盈达发布的公司公告。" />;
}
