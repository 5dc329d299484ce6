// /mine/settings (设置, from 我的): how the pages look on this device. 关怀模式 is switched here
// (移动互联网应用（App）适老化通用设计规范: the 适老版 reachable from settings); text size and dark mode
// follow the phone (or the app) and are said so, so nobody looks for a switch that is not there.
import { CareModeSwitch } from '../../../components/care-mode-switch';
import { Card, Page } from '../../../components/page';
import { TrustFooter } from '../../../components/trust-footer';
import './settings-page.css';

export default function SettingsPage() {
  return (
    <Page title="设置">
      <Card label="显示">
        <h2 className="settings__head">显示</h2>
        <CareModeSwitch className="settings__switch" hint="字更大、按钮更大，页面更简洁，不显示活动推广" />
        <p className="settings__note">开启后只在本机生效，下次打开仍保持。</p>
      </Card>
      <Card label="跟随手机">
        <h2 className="settings__head">跟随手机</h2>
        <p className="settings__note">文字大小跟随手机的字体大小设置。</p>
        <p className="settings__note">深色模式跟随手机的深色模式设置；在通盈达App中跟随App的主题。</p>
      </Card>
      <TrustFooter />
    </Page>
  );
}
