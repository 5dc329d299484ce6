// One entry of the personal-information lists (已收集个人信息清单, 与第三方共享个人信息清单; MIIT 2021):
// its title and badge, the person's own value where there is one, then label and value pairs.
import type { ReactNode } from 'react';

export interface PrivacyFact {
  label: string;
  value: ReactNode;
}

export function PrivacyListItem(props: { title: string; badge?: { text: string; tone: string }; value?: string | null; facts: readonly PrivacyFact[] }) {
  return (
    <li className="privacy-item">
      <div className="privacy-item__head">
        <h3 className="privacy-item__title">{props.title}</h3>
        {props.badge ? <span className={`privacy-badge privacy-badge--${props.badge.tone}`}>{props.badge.text}</span> : null}
      </div>
      {props.value ? <p className="privacy-item__value">{props.value}</p> : null}
      <dl className="privacy-facts">
        {props.facts.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
