export function ResultIcon({ ok }: { ok: boolean }) {
  return (
    <svg className={`identity__result-icon identity__result-icon--${ok ? 'ok' : 'failed'}`} viewBox="0 0 56 56" aria-hidden="true">
      <circle cx="28" cy="28" r="28" />
      {ok ? (
        <path d="M17 29l7 7 15-16" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <path d="M20 20l16 16M36 20L20 36" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      )}
    </svg>
  );
}
