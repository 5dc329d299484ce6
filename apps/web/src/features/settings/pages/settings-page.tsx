// /mine/settings (设置, from 我的): how the pages look on this device. 关怀模式 is switched here
// (移动互联网应用（App）适老化通用设计规范: the 适老版 reachable from settings), and 深色模式: following the
// system (inside the app, the app's theme), or light or dark on this device. Text size follows the phone's
// (the pages scale with it) and is said so, so nobody looks for a switch that is not there.
import { CareModeSwitch } from '../../../components/care-mode-switch';
import { Card, Page } from '../../../components/page';
import { TrustFooter } from '../../../components/trust-footer';
import { setThemeChoice, useThemeChoice, type ThemeChoice } from '../../../lib/display-settings';
import './settings-page.css';

const THEMES: readonly { choice: ThemeChoice; label: string }[] = [
  { choice: 'system', label: '跟随系统' },
  { choice: 'light', label: '浅色' },
  { choice: 'dark', label: '深色' },
];

function ThemeChoices() {
  const current = useThemeChoice();
  return (
    <div className="settings__themes" role="radiogroup" aria-label="深色模式">
      {THEMES.map(({ choice, label }) => (
        <button key={choice} type="button" role="radio" aria-checked={current === choice} className="settings__theme" onClick={() => setThemeChoice(choice)}>
          {label}
        </button>
      ))}
    </div>
  );
}

export default function SettingsPage() {
  return (
    <Page title="设置">
      <Card label="显示">
        <h2 className="settings__head">显示</h2>
        <CareModeSwitch className="settings__switch" hint="字更大、按钮更大，页面更简洁，不显示活动推广" />
        <p className="settings__note">开启后只在本机生效，下次打开仍保持。</p>
      </Card>
      <Card label="深色模式">
        <h2 className="settings__head">深色模式</h2>
        <ThemeChoices />
        <p className="settings__note">跟随系统时随手机的深色模式切换；在通盈达App中跟随App的主题。只在本机生效。</p>
      </Card>
      <Card label="文字大小">
        <h2 className="settings__head">文字大小</h2>
        <p className="settings__note">文字大小跟随手机的字体大小设置；需要更大的字和按钮时，可开启关怀模式。</p>
      </Card>
      <TrustFooter />
    </Page>
  );
}
