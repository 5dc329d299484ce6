// One side of the ID card: taken with the camera or chosen from the album, compressed in the browser
// (utils/compress-photo.ts), previewed, uploaded in sealed parts with its progress (lib/photo-upload.ts,
// docs/protocol.md §14), then read by idcard-ocr. A refusal is said under the photo with a retake.
// Camera: `capture="environment"` asks for the back camera directly (Android webviews need the shell's
// onShowFileChooser to honour it, iOS WKWebView opens the camera itself, docs/bridge.md §6); the album
// input has no capture attribute, so it opens the gallery. Both accept image/* only. Before either opens the
// first time on a page load, the permission notice says what the photos are for and where they go
// (camera-notice.tsx, MIIT 2021); accepted, the input the person pressed opens.
import { useEffect, useId, useRef, useState, type ChangeEvent, type MouseEvent } from 'react';
import { CODE, ERROR_TEXT, type IdCardSide } from '@tyd/protocol/wire';
import { userMessage } from '../../../lib/api-errors';
import { readIdCard, type IdCardOcrResult } from '../api/idcard-ocr';
import { WARNING_TEXT } from '../utils/identity-texts';
import { CameraNotice, cameraNotice } from './camera-notice';

// The compressor (compressorjs, about 8 KB gzip) and the upload client are only needed once a photo was
// chosen: loaded then (fetched ahead when the page shows), outside the page's first load (docs/architecture.md
// "Delivery": the 90 KB budget).
const loadTools = () => Promise.all([import('../utils/compress-photo'), import('../../../lib/photo-upload')]);

type Phase =
  | { step: 'empty' }
  | { step: 'working'; label: string; percent: number | null }
  | { step: 'read'; result: IdCardOcrResult }
  | { step: 'failed'; message: string };

const SIDE_TEXT: Record<IdCardSide, { title: string; hint: string }> = {
  portrait: { title: '身份证人像面', hint: '有照片和姓名的一面' },
  emblem: { title: '身份证国徽面', hint: '有国徽和有效期限的一面' },
};

/** `kept`: this side as read on an earlier visit (idcard-readings): shown as read, without a preview. */
export function PhotoCapture({
  side,
  kept = null,
  onRead,
}: {
  side: IdCardSide;
  kept?: IdCardOcrResult | null;
  onRead: (result: IdCardOcrResult | null) => void;
}) {
  const [phase, setPhase] = useState<Phase>(kept ? { step: 'read', result: kept } : { step: 'empty' });
  const [preview, setPreview] = useState<string | null>(null);
  const id = useId();
  const cameraInput = useRef<HTMLInputElement>(null);
  const albumInput = useRef<HTMLInputElement>(null);
  /** The input the person pressed while the notice is open. */
  const [pending, setPending] = useState<'camera' | 'album' | null>(null);
  const onReadRef = useRef(onRead);
  useEffect(() => {
    onReadRef.current = onRead;
  });
  useEffect(() => {
    loadTools().catch(() => undefined);
  }, []);
  // The preview's object URL is released when it is replaced or the page goes.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function handleOpen(event: MouseEvent<HTMLInputElement>, input: 'camera' | 'album') {
    if (!cameraNotice.needed('idcard')) return;
    // Not yet: the notice first, then this input (opened from the notice's button, still a user gesture).
    event.preventDefault();
    setPending(input);
  }

  function handleAccept() {
    const input = pending === 'camera' ? cameraInput.current : albumInput.current;
    setPending(null);
    input?.click();
  }

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same photo can be chosen again after a refusal.
    event.target.value = '';
    if (!file) return;
    onReadRef.current(null);
    setPhase({ step: 'working', label: '正在处理照片…', percent: null });
    let tools: Awaited<ReturnType<typeof loadTools>>;
    try {
      tools = await loadTools();
    } catch {
      setPhase({ step: 'failed', message: ERROR_TEXT.networkError });
      return;
    }
    const [{ compressPhoto }, { uploadPhoto }] = tools;
    let photo: Blob;
    try {
      photo = await compressPhoto(file);
    } catch {
      setPhase({ step: 'failed', message: '无法读取这张照片，请重新拍摄或选择JPG格式的照片' });
      return;
    }
    setPreview(URL.createObjectURL(photo));
    try {
      const upload = await uploadPhoto(photo, side === 'portrait' ? 'idcard-portrait' : 'idcard-emblem', {
        onProgress: (sent, total) => setPhase({ step: 'working', label: '正在上传…', percent: Math.round((sent / total) * 100) }),
        // Said under the photo below (the failed phase), never also as a toast.
        inlineErrors: true,
      });
      setPhase({ step: 'working', label: '正在识别…', percent: null });
      const answer = await readIdCard({ uploadId: upload.uploadId, side });
      if (answer.code === CODE.OK && answer.data) {
        setPhase({ step: 'read', result: answer.data });
        onReadRef.current(answer.data);
      } else {
        setPhase({ step: 'failed', message: answer.submsg || answer.msg });
      }
    } catch (error) {
      setPhase({ step: 'failed', message: userMessage(error) });
    }
  }

  const text = SIDE_TEXT[side];
  const working = phase.step === 'working';
  return (
    <section className="capture" aria-labelledby={`${id}-title`}>
      <div className={`capture__frame capture__frame--${side}`}>
        {preview ? <img className="capture__preview" src={preview} alt={`${text.title}照片预览`} /> : <CardSketch side={side} />}
        {phase.step === 'read' && !preview ? (
          // Read on an earlier visit: the photo stays on the server, the frame says it is done.
          <div className="capture__kept">
            <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
              <circle cx="12" cy="12" r="12" fill="#12b76a" />
              <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <span>照片已上传</span>
          </div>
        ) : null}
        {working ? (
          <div className="capture__overlay" role="status">
            <span>{phase.label}</span>
            {phase.percent !== null ? <progress max={100} value={phase.percent} aria-label="上传进度" /> : null}
          </div>
        ) : null}
      </div>
      <h3 id={`${id}-title`} className="capture__title">
        {text.title}
        {phase.step === 'read' ? <span className="identity-badge identity-badge--verified">已识别</span> : null}
      </h3>
      <p className="capture__hint">{phase.step === 'read' && !preview ? '已上传并识别，如需更换请重拍' : text.hint}</p>
      {phase.step === 'failed' ? (
        <p className="capture__error" role="alert">
          {phase.message}
        </p>
      ) : null}
      {phase.step === 'read' && phase.result.warnings.length > 0 ? (
        <p className="capture__warning" role="note">
          {phase.result.warnings.map((w) => WARNING_TEXT[w]).join('、')}，建议重新拍摄
        </p>
      ) : null}
      <div className="capture__actions">
        <label className={`btn btn--${phase.step === 'empty' ? 'primary' : 'secondary'} capture__button${working ? ' capture__button--busy' : ''}`}>
          <input
            ref={cameraInput}
            className="visually-hidden"
            type="file"
            accept="image/*"
            capture="environment"
            disabled={working}
            onClick={(e) => handleOpen(e, 'camera')}
            onChange={(e) => void handleFile(e)}
          />
          {phase.step === 'empty' ? '拍照' : '重拍'}
        </label>
        <label className={`btn btn--text capture__button${working ? ' capture__button--busy' : ''}`}>
          <input
            ref={albumInput}
            className="visually-hidden"
            type="file"
            accept="image/*"
            disabled={working}
            onClick={(e) => handleOpen(e, 'album')}
            onChange={(e) => void handleFile(e)}
          />
          从相册选择
        </label>
      </div>
      <CameraNotice use="idcard" open={pending !== null} onAccept={handleAccept} onClose={() => setPending(null)} />
    </section>
  );
}

/** A drawing of the side to photograph, until there is a photo, in the mode's colours (identity.css). */
function CardSketch({ side }: { side: IdCardSide }) {
  return (
    <svg className="capture__sketch" viewBox="0 0 171 108" aria-hidden="true">
      <rect x="1" y="1" width="169" height="106" rx="8" className="capture__sketch-card" strokeDasharray="4 3" />
      {side === 'portrait' ? (
        <>
          <rect x="14" y="22" width="70" height="6" rx="3" className="capture__sketch-line" />
          <rect x="14" y="38" width="52" height="6" rx="3" className="capture__sketch-line" />
          <rect x="14" y="54" width="76" height="6" rx="3" className="capture__sketch-line" />
          <rect x="14" y="84" width="96" height="6" rx="3" className="capture__sketch-line" />
          <rect x="118" y="18" width="40" height="52" rx="4" className="capture__sketch-line" />
          <circle cx="138" cy="36" r="9" className="capture__sketch-mark" />
          <path d="M124 64c3-9 8-12 14-12s11 3 14 12" className="capture__sketch-mark" />
        </>
      ) : (
        <>
          <circle cx="32" cy="34" r="16" className="capture__sketch-emblem" />
          <rect x="60" y="22" width="90" height="8" rx="4" className="capture__sketch-line" />
          <rect x="60" y="38" width="70" height="6" rx="3" className="capture__sketch-line" />
          <rect x="34" y="72" width="116" height="6" rx="3" className="capture__sketch-line" />
          <rect x="34" y="86" width="96" height="6" rx="3" className="capture__sketch-line" />
        </>
      )}
    </svg>
  );
}
