// Sharing a page (docs/bridge.md "share"): inside the app through the bridge's share sheet; in a browser
// through the Web Share API where there is one, else the address is copied. Only this site's own
// addresses are shared.
import { nativeBridge } from './native';
import { toast } from './notify';

export interface ShareInput {
  title: string;
  /** A path on this site. */
  path: string;
  summary?: string;
}

export async function sharePage({ title, path, summary }: ShareInput): Promise<'app' | 'browser' | 'copied' | 'failed'> {
  const url = new URL(path, window.location.origin).href;
  const bridge = nativeBridge();
  if (bridge) {
    try {
      if (await (await bridge).share({ title, url, ...(summary && { summary }) })) return 'app';
    } catch (error) {
      console.warn('bridge share failed', error);
    }
    toast('分享失败，请稍后重试', 'fail');
    return 'failed';
  }
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url, ...(summary && { text: summary }) });
      return 'browser';
    } catch {
      // Cancelled by the user: nothing to say.
      return 'failed';
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast('链接已复制，快去分享吧', 'success');
    return 'copied';
  } catch {
    toast(`请复制链接分享：${url}`, 'info');
    return 'failed';
  }
}
