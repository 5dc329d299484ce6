// The three steps of certification, with the current one marked (aria-current="step").
const STEPS = ['拍摄身份证', '核对信息', '人脸识别'] as const;

export function StepList({ current }: { current: 1 | 2 | 3 | 4 }) {
  return (
    <ol className="identity-steps" aria-label="认证步骤">
      {STEPS.map((label, i) => {
        const n = i + 1;
        const status = n < current ? 'done' : n === current ? 'current' : 'todo';
        return (
          <li key={label} className={`identity-steps__item identity-steps__item--${status}`} aria-current={status === 'current' ? 'step' : undefined}>
            <span className="identity-steps__dot" aria-hidden="true">
              {/* Drawn, not the ✓ character: fonts draw that thin and off-centre. */}
              {status === 'done' ? (
                <svg viewBox="0 0 12 12" width="12" height="12">
                  <path d="M2.5 6.2l2.4 2.4 4.6-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              ) : (
                n
              )}
            </span>
            <span>{label}</span>
          </li>
        );
      })}
    </ol>
  );
}
