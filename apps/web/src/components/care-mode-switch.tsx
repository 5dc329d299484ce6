// The 关怀模式 switch, in 设置 and on home (移动互联网应用（App）适老化通用设计规范: the 适老版 is reachable
// from the home page and from settings). Its state is said in words beside the track, not by colour alone
// (WCAG 2.1 1.4.1), and its accessible name is its visible text (WCAG 2.1 2.5.3).
import { setCareMode, useCareMode } from '../lib/display-settings';
import './care-mode-switch.css';

export function CareModeSwitch({ hint, className }: { hint?: string; className?: string }) {
  const on = useCareMode();
  return (
    <button type="button" role="switch" aria-checked={on} className={className ? `care-switch ${className}` : 'care-switch'} onClick={() => setCareMode(!on)}>
      <span className="care-switch__text">
        <span className="care-switch__label">关怀模式</span>
        {hint ? <small>{hint}</small> : null}
      </span>
      <span className="care-switch__state">{on ? '已开启' : '已关闭'}</span>
      <span className="care-switch__track" aria-hidden="true" />
    </button>
  );
}
