// The phone backs /nfc draws from the table (SPEC §2 NFC读卡位置说明; phone-type-list, docs/api.md): a
// model's spot, a foldable's spot folded and unfolded, the general picture for a phone the table does not
// list, and a model without NFC (no spot at all). A back is 60 x 120 units with the camera at the top left,
// as most phones' backs have it.
import type { NfcPosition } from '@tyd/protocol/wire';
import { POSITION_TEXT } from './device-antenna';

/** Where the spot is drawn on a 60 x 120 back. */
const POSITION_Y: Record<NfcPosition, number> = { top: 18, upper: 34, center: 60, lower: 88 };
/** The region of one half of an unfolded foldable, in the table's words. */
const REGION: Record<NfcPosition, string> = { top: '顶部', upper: '上部', center: '中部', lower: '下部' };

const INK = '#1f2329';
const BRAND = '#1a5cff';

function Back({ x = 0, muted = false, camera = true }: { x?: number; muted?: boolean; camera?: boolean }) {
  return (
    <g transform={`translate(${x} 0)`}>
      <rect x="2" y="2" width="56" height="116" rx="9" fill="#f7f8fa" stroke={muted ? '#98a2b3' : INK} strokeWidth="2" />
      {camera ? (
        <>
          <rect x="8" y="8" width="16" height="22" rx="4" fill="#d0d5dd" />
          <circle cx="16" cy="14" r="3.5" fill="#98a2b3" />
          <circle cx="16" cy="24" r="3.5" fill="#98a2b3" />
        </>
      ) : null}
    </g>
  );
}

function Spot({ cx = 30, cy, text = 'NFC', faint = false }: { cx?: number; cy: number; text?: string; faint?: boolean }) {
  return (
    <>
      <ellipse
        cx={cx}
        cy={cy}
        rx="17"
        ry="9"
        fill={faint ? 'rgba(26,92,255,0.06)' : 'rgba(26,92,255,0.16)'}
        stroke={BRAND}
        strokeWidth="1.6"
        strokeDasharray="3 2"
      />
      <text x={cx} y={cy + 3} textAnchor="middle" fontSize="8" fill={BRAND} fontWeight="600">
        {text}
      </text>
    </>
  );
}

/** One model's back with its spot. */
export function PhoneBack({ position }: { position: NfcPosition }) {
  return (
    <svg className="nfc__phone" viewBox="0 0 60 120" role="img" aria-label={`NFC感应区在${POSITION_TEXT[position]}`}>
      <Back />
      <Spot cy={POSITION_Y[position]} />
    </svg>
  );
}

/**
 * A foldable: folded, the back is the camera half's; unfolded, that half beside the half carrying the outer
 * screen, the hinge between them, and the spot on the camera half at the height the table gives.
 */
export function FoldableBack({ position }: { position: NfcPosition }) {
  const y = POSITION_Y[position];
  return (
    <svg
      className="nfc__foldable"
      viewBox="0 0 196 140"
      role="img"
      aria-label={`折叠屏NFC感应区：合上时在${POSITION_TEXT[position]}；展开时在摄像头一侧机身的背面${REGION[position]}`}
    >
      <Back />
      <Spot cy={y} />
      <text x="30" y="136" textAnchor="middle" fontSize="15" fill={INK}>
        合上
      </text>
      <g transform="translate(76 0)">
        <Back />
        <Back x={60} camera={false} />
        {/* The outer screen, seen through from the back of its half. */}
        <rect x="70" y="10" width="40" height="100" rx="6" fill="#e4e7ec" />
        <line x1="60" y1="4" x2="60" y2="116" stroke={INK} strokeWidth="1.5" strokeDasharray="4 3" />
        <Spot cy={y} />
        <text x="60" y="136" textAnchor="middle" fontSize="15" fill={INK}>
          展开
        </text>
      </g>
    </svg>
  );
}

/** For a phone the table does not list: the usual spot, the other common one, and the slow sweep that finds it. */
export function GeneralBack() {
  return (
    <svg className="nfc__general-phone" viewBox="0 0 86 120" role="img" aria-label="常见NFC感应区：多数手机在背面上部摄像头附近，部分手机在背面中部">
      <Back />
      {/* Just below the camera and in the middle, apart so both read. */}
      <Spot cy={POSITION_Y.upper + 6} text="多数" />
      <Spot cy={POSITION_Y.center + 12} text="部分" faint />
      <path d="M74 30v62" stroke={BRAND} strokeWidth="2" strokeDasharray="4 3" fill="none" />
      <path d="M68 88l6 8 6-8" stroke={BRAND} strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
    </svg>
  );
}

/** A model without NFC: its outline only, nothing to hold the card against. */
export function NoNfcBack() {
  return (
    <svg className="nfc__phone" viewBox="0 0 60 120" aria-hidden="true">
      <Back muted />
      <text x="30" y="64" textAnchor="middle" fontSize="9" fill="#98a2b3">
        无NFC
      </text>
    </svg>
  );
}
