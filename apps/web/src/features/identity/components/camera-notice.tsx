// The permission notice at the moment of use (MIIT 信息通信服务感知提升行动 2021; PIPL art. 17): before the
// camera or the album opens for the ID card, and before the face check starts, a layer says what the camera
// is for and where the images go. It comes before the browser's or the app shell's own permission prompt
// (docs/bridge.md §6: the shell asks the system when the file input or getUserMedia asks it), so the person
// knows why when the system asks. Said once per tab and kind (sessionStorage): a retake, or the next start
// after the face page came back, does not ask again; a new tab or app session does.
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';

export type CameraUse = 'idcard' | 'face';

const KEY = 'tyd.cameraNotice.';
const acknowledged = new Set<CameraUse>();

function stored(use: CameraUse): boolean {
  try {
    return sessionStorage.getItem(KEY + use) === '1';
  } catch {
    return false;
  }
}

/** Whether the notice of this use was accepted in this tab. */
export const cameraNotice = {
  needed: (use: CameraUse): boolean => !acknowledged.has(use) && !stored(use),
  accept(use: CameraUse): void {
    acknowledged.add(use);
    try {
      sessionStorage.setItem(KEY + use, '1');
    } catch {
      // Storage refused (a private mode): remembered for this page load only.
    }
  },
  /** Tests start each case as a first visit. */
  reset(): void {
    acknowledged.clear();
    for (const use of ['idcard', 'face'] as const) sessionStorage.removeItem(KEY + use);
  },
};

const TEXT: Record<CameraUse, { title: string; lines: readonly string[]; go: string }> = {
  idcard: {
    title: '需要使用相机或相册',
    lines: [
      '用途：拍摄或选择您的身份证人像面和国徽面照片，用于实名认证。',
      '去向：照片在本机压缩后加密上传至通盈达服务器并加密保存；身份证识别服务方仅用于识别证件文字。',
      '您可随时在“我的 > 个人信息”查看已收集的信息、导出副本。',
    ],
    go: '同意并继续',
  },
  face: {
    title: '需要使用摄像头',
    lines: [
      '用途：人脸识别时拍摄您的面部，进行活体检测并与身份信息比对，确认是您本人。',
      '去向：面部图像由人脸核验服务方在其页面直接采集和比对，我们只保存核验结果，不保存面部图像。',
      '您可随时在“我的 > 个人信息”查看与第三方共享的信息。',
    ],
    go: '同意并开始',
  },
};

export function CameraNotice({ use, open, onAccept, onClose }: { use: CameraUse; open: boolean; onAccept: () => void; onClose: () => void }) {
  const text = TEXT[use];
  return (
    <Dialog
      open={open}
      title={text.title}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            暂不使用
          </Button>
          <Button
            onClick={() => {
              cameraNotice.accept(use);
              onAccept();
            }}
          >
            {text.go}
          </Button>
        </>
      }
    >
      <ul className="camera-notice">
        {text.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </Dialog>
  );
}
