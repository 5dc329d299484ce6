// The face check is locked for today (docs/api.md "Identity certification", face tries: FACE_TRIES_PER_DAY
// h5-face-url calls per China day, beyond it 429/4607): said plainly, with no start button, and when the
// tries come back (midnight China time, the server's day).

/** True when the face step is next and no tries are left today (certification-info's faceTriesLeft). */
export function faceLockedToday(info: { state: string; faceTriesLeft: number; failure: { next: string } | null }): boolean {
  if (info.faceTriesLeft > 0) return false;
  return info.state === 'identity-confirmed' || info.state === 'face-pending' || (info.state === 'failed' && info.failure?.next !== 'recheck-documents');
}

export const FACE_LOCKED_TEXT = '今日人脸识别次数已用完，请明天再试';

export function FaceLocked() {
  return (
    <div className="identity__result" role="status">
      <svg className="identity__result-icon identity__result-icon--waiting" viewBox="0 0 56 56" aria-hidden="true">
        <circle cx="28" cy="28" r="28" />
        <circle cx="28" cy="28" r="15" fill="none" stroke="currentColor" strokeWidth="3.5" />
        <path d="M28 19v10l6 4" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p className="identity__result-title identity__keep-phrases">{FACE_LOCKED_TEXT}</p>
      <p className="identity__text">为保护您的账户安全，人脸识别每天可尝试的次数有限。次数将在北京时间0点恢复，已完成的步骤会为您保留。</p>
    </div>
  );
}
