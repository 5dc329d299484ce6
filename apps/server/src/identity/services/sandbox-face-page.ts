// The sandbox face provider's H5 page (docs/sandbox.md "The sandbox face session"), what the vendor's page
// is in production: a camera preview where the browser allows it (getUserMedia: a secure context, i.e.
// https or localhost, and the user's permission; inside an app, the shell's camera permission, docs/bridge.md
// §6), a clear fallback where it does not, and two buttons: 完成检测 completes the session
// (POST /sandbox/face/complete) and returns; 放弃 returns without completing (the result is then
// "abandoned"). The outcome itself follows the identity's magic sequence code, not this page.
import { randomBytes } from 'node:crypto';

export function sandboxFacePage(opts: { sessionId: string; returnUrl: string }): { html: string; csp: string } {
  const nonce = randomBytes(16).toString('base64');
  const data = JSON.stringify({ session: opts.sessionId, returnUrl: opts.returnUrl }).replace(/</g, '\\u003c');
  const html = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>人脸识别（沙盒）</title>
<style nonce="${nonce}">
  body { margin: 0; font: 16px/1.5 -apple-system, 'PingFang SC', 'Noto Sans CJK SC', sans-serif; background: #0f172a; color: #fff; }
  main { min-height: 100vh; box-sizing: border-box; padding: 24px 20px calc(24px + env(safe-area-inset-bottom)); display: flex; flex-direction: column; align-items: center; gap: 16px; }
  h1 { font-size: 20px; margin: 8px 0 0; }
  .badge { font-size: 12px; background: #f59e0b; color: #1f2329; border-radius: 10px; padding: 0 8px; }
  .frame { width: min(72vw, 280px); aspect-ratio: 1; border-radius: 50%; overflow: hidden; border: 4px solid #1a5cff; background: #1e293b; display: flex; align-items: center; justify-content: center; text-align: center; }
  video { width: 100%; height: 100%; object-fit: cover; transform: scaleX(-1); }
  .note { font-size: 14px; color: #cbd5e1; text-align: center; max-width: 320px; margin: 0; }
  .fallback { padding: 24px; font-size: 14px; color: #e2e8f0; }
  button { width: 100%; max-width: 320px; min-height: 48px; border-radius: 10px; border: 1px solid #1a5cff; font: inherit; }
  #complete { background: #1a5cff; color: #fff; }
  #abandon { background: transparent; color: #cbd5e1; border-color: #475569; }
</style>
</head>
<body>
<main>
  <h1>人脸识别 <span class="badge">沙盒</span></h1>
  <p class="note">请正对屏幕，保持光线充足</p>
  <div class="frame" id="frame"><p class="fallback" id="status">正在打开摄像头…</p></div>
  <p class="note">沙盒结果由身份证号第15–17位决定：990 身份不存在，991 非本人，992 活体检测失败，其余通过。</p>
  <button type="button" id="complete">完成检测</button>
  <button type="button" id="abandon">放弃，返回</button>
</main>
<script type="application/json" id="face-data">${data}</script>
<script nonce="${nonce}">
(function () {
  var data = JSON.parse(document.getElementById('face-data').textContent);
  var frame = document.getElementById('frame');
  var status = document.getElementById('status');
  var stream = null;
  function stop() { if (stream) stream.getTracks().forEach(function (t) { t.stop(); }); }
  function leave(url) { stop(); location.replace(url); }
  if (window.isSecureContext && navigator.mediaDevices && navigator.mediaDevices.getUserMedia) {
    navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: false }).then(function (s) {
      stream = s;
      var video = document.createElement('video');
      video.setAttribute('playsinline', '');
      video.setAttribute('aria-label', '摄像头预览');
      video.muted = true;
      video.autoplay = true;
      video.srcObject = s;
      frame.replaceChildren(video);
    }, function () {
      status.textContent = '无法打开摄像头（未授权或设备不可用）。沙盒中可直接点“完成检测”模拟。';
    });
  } else {
    status.textContent = '此环境不能使用摄像头（需要 HTTPS 或 localhost）。沙盒中可直接点“完成检测”模拟。';
  }
  document.getElementById('complete').addEventListener('click', function (event) {
    event.currentTarget.disabled = true;
    fetch('/sandbox/face/complete?session=' + encodeURIComponent(data.session), { method: 'POST', credentials: 'same-origin' })
      .then(function (r) { return r.ok ? r.json() : Promise.reject(r.status); })
      .then(function (answer) { leave(answer.returnUrl); }, function () { status.textContent = '会话已失效，请返回重新开始。'; });
  });
  document.getElementById('abandon').addEventListener('click', function () { leave(data.returnUrl); });
})();
</script>
</body>
</html>`;
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; media-src 'self' blob: mediastream:; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;
  return { html, csp };
}
