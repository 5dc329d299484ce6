// /mine/privacy/export?id=… : the copy of one's personal information (PIPL art. 45), fetched once from the
// server (api/download-data-export.ts) and shown as a readable page, with the same copy as a JSON file to
// save (and to copy, where a webview cannot save files, docs/bridge.md §6). It is held in this page's memory
// only. Opened again (a reload, a replayed link) or after its lifetime, the server refuses and the page says
// so, with the way to ask again.
import { useEffect, useRef, useState } from 'react';
import { CODE, chinaDateTime, type ApiResponse } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Link } from '../../../components/link';
import { Card, Page } from '../../../components/page';
import { SkeletonLine } from '../../../components/skeleton';
import { userMessage } from '../../../lib/api-errors';
import { toast } from '../../../lib/notify';
import { useSearchParams } from '../../../lib/router-react';
import { downloadOnce, forgetSoon, type PersonalDataCopy } from '../api/download-data-export';
import { CopyView } from '../components/copy-view';
import '../components/privacy.css';

type State = { step: 'loading' } | { step: 'ready'; copy: PersonalDataCopy } | { step: 'refused'; text: string };

function stateOf(answer: ApiResponse<PersonalDataCopy>): State {
  if (answer.code === CODE.OK && answer.data) return { step: 'ready', copy: answer.data };
  return { step: 'refused', text: answer.submsg || answer.msg };
}

export function fileNameOf(copy: PersonalDataCopy): string {
  return `tyd-personal-data-${chinaDateTime(copy.generatedAt).replace(/[^0-9]/g, '')}.json`;
}

/**
 * The copy as a page of its own that a person can open and print anywhere: the readable view as shown here
 * (React escaped every value when it rendered it), with a plain print stylesheet and nothing that runs.
 */
export function printableCopy(copy: PersonalDataCopy, view: HTMLElement): string {
  const title = `我的个人信息副本（${chinaDateTime(copy.generatedAt)}）`;
  const style = [
    'body{font:16px/1.6 -apple-system,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif;color:#1f2329;margin:24px auto;max-width:720px;padding:0 16px}',
    'h1{font-size:22px}h2{font-size:18px;margin:24px 0 8px;border-bottom:1px solid #e4e6eb;padding-bottom:4px}',
    // Two facts a row, each at most half the page, so a long one (a consent naming its documents) wraps
    // instead of widening the page past a phone's; the logs one a row.
    'dl{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:4px 16px;margin:8px 0}.privacy-facts--log{grid-template-columns:minmax(0,1fr)}',
    'dt{color:#5c626b}dd{margin:0;word-break:break-all}figure{margin:8px 0}img{max-width:100%;height:auto}',
    'section{break-inside:avoid-page}@media print{body{margin:0}}',
  ].join('');
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>${style}</style></head>
<body><h1>${title}</h1><p>副本包含完整的身份证号码和银行卡号，请妥善保管，不要转发给他人。</p>${view.innerHTML}</body></html>
`;
}

/** Saves the copy as a file (an object URL, released right after). An object so tests can observe it. */
export const fileSaver = {
  save(name: string, text: string, type = 'application/json'): void {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};

export default function DataExportPage() {
  const exportId = useSearchParams().get('id');
  const [state, setState] = useState<State>({ step: 'loading' });

  useEffect(() => {
    if (!exportId) return;
    let live = true;
    downloadOnce(exportId).then(
      (answer) => live && setState(stateOf(answer)),
      (error: unknown) => live && setState({ step: 'refused', text: userMessage(error) }),
    );
    return () => {
      live = false;
      forgetSoon(exportId);
    };
  }, [exportId]);

  if (!exportId || state.step === 'refused') {
    return (
      <Page title="我的个人信息副本">
        <Card label="无法获取">
          <p className="privacy-text" role="alert">
            {state.step === 'refused' ? state.text : '导出记录不存在，请重新申请导出'}
          </p>
          <p className="privacy-text privacy-text--muted">每份副本只能查看和下载一次，并在申请后短时间内失效，以保护您的个人信息。</p>
          <Link className="btn btn--primary btn--block" to="/mine/privacy">
            重新申请导出
          </Link>
        </Card>
      </Page>
    );
  }
  if (state.step === 'loading') {
    return (
      <Page title="我的个人信息副本">
        <Card label="正在生成">
          <div aria-busy="true" className="privacy-loading">
            <SkeletonLine />
            <SkeletonLine length="short" />
          </div>
        </Card>
      </Page>
    );
  }

  const { copy } = state;
  return <ReadyCopy copy={copy} />;
}

function ReadyCopy({ copy }: { copy: PersonalDataCopy }) {
  const view = useRef<HTMLDivElement>(null);
  const json = JSON.stringify(copy, null, 2);
  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(json);
      toast('已复制到剪贴板', 'success');
    } catch {
      toast('复制失败，请使用下载', 'fail');
    }
  }
  return (
    <Page title="我的个人信息副本" lead={`生成于 ${chinaDateTime(copy.generatedAt)}，离开本页后无法再次查看`}>
      <Card label="保存副本">
        <p className="privacy-text">副本包含完整的身份证号码和银行卡号，请妥善保管，不要转发给他人。</p>
        <div className="privacy-actions">
          <Button
            block
            onClick={() => view.current && fileSaver.save(fileNameOf(copy).replace(/\.json$/, '.html'), printableCopy(copy, view.current), 'text/html')}
          >
            下载可打印的副本（网页）
          </Button>
          <Button variant="secondary" block onClick={() => fileSaver.save(fileNameOf(copy), json)}>
            下载JSON文件
          </Button>
          <Button variant="secondary" block onClick={() => void handleCopy()}>
            复制JSON
          </Button>
        </div>
      </Card>
      <div ref={view}>
        <CopyView copy={copy} />
      </div>
    </Page>
  );
}
