// A phone or a computer outline beside a device: the model says which (a system of a desktop has no model).
const DESKTOP = /Windows|macOS|Macintosh|Linux|Chrome OS/;

export function DeviceIcon({ client, device }: { client: 'app' | 'browser'; device: string }) {
  const desktop = client === 'browser' && DESKTOP.test(device) && !/Android/.test(device);
  return (
    <svg className="security-device__icon" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="20" fill="#e8efff" />
      {desktop ? (
        <path
          d="M11 13.5h18a1.5 1.5 0 0 1 1.5 1.5v10.5H9.5V15a1.5 1.5 0 0 1 1.5-1.5ZM7.5 27.5h25"
          fill="none"
          stroke="#1a5cff"
          strokeWidth="2"
          strokeLinecap="round"
        />
      ) : (
        <>
          <rect x="14" y="9.5" width="12" height="21" rx="2.5" fill="none" stroke="#1a5cff" strokeWidth="2" />
          <path d="M18.5 26.5h3" stroke="#1a5cff" strokeWidth="2" strokeLinecap="round" />
        </>
      )}
    </svg>
  );
}
