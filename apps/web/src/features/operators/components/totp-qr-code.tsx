// The enrolment's TOTP secret as a QR code of its otpauth:// URI (the Key Uri Format authenticator apps
// scan), drawn here as one SVG path of dark modules: no image request, no canvas, nothing the console's CSP
// would have to allow, and never sent anywhere. `uqr` (MIT, no dependencies) only encodes; ISO/IEC 18004's
// quiet zone of 4 modules keeps it scannable on any background.
import { encode } from 'uqr';

const QUIET_ZONE = 4;

export function TotpQrCode({ uri, label }: { uri: string; label: string }) {
  // M: 15 % of the code may be unreadable (a glare on a screen) and a long URI still fits a small version.
  const { data, size } = encode(uri, { ecc: 'M', border: QUIET_ZONE });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg className="enrolment__qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
