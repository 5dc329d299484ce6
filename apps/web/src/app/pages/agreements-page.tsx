// /mine/agreements (协议与政策, from 我的): every agreement the person accepted, each with the version they
// agreed to and the date (PIPL art. 14, 17: what was consented to stays reachable, not only from the login
// checkbox): the privacy policy and the service agreement (my-agreements, docs/api.md "Consent"), and the
// 快捷支付服务协议 of each bound card (bank-card-list, docs/api.md "Bank cards"). Each document opens as on
// the login page: inside the app in a native window, else a new tab. Composes two features: app layer.
import { chinaDate } from '@tyd/protocol/wire';
import { NoData } from '../../components/no-data';
import { Card, Page } from '../../components/page';
import { SkeletonLine } from '../../components/skeleton';
import { TrustFooter } from '../../components/trust-footer';
import { useMyAgreements, type AgreedDocument } from '../../features/account/api/my-agreements';
import { openDocument } from '../../features/auth/components/agreement-consent';
import { useBankCardListQuietly } from '../../features/bank-cards/api/bank-card-list';
import './agreements-page.css';

interface Row {
  key: string;
  title: string;
  url: string;
  /** Said under the title: the version agreed and when, or that there is none yet. */
  detail: string;
  /** The current version is not the one agreed. */
  pending?: string;
}

function documentRow(document: AgreedDocument): Row {
  const agreed =
    document.agreedVersion && document.agreedAt !== null ? `您于${chinaDate(document.agreedAt)}同意 · 版本 ${document.agreedVersion}` : '暂无您的同意记录';
  const pending = document.agreedVersion !== document.currentVersion ? `已更新至版本 ${document.currentVersion}，下次使用时请您确认` : undefined;
  return { key: document.kind, title: document.title, url: document.url, detail: agreed, pending };
}

function AgreementRows({ rows, label }: { rows: readonly Row[]; label: string }) {
  return (
    <ul className="agreements" aria-label={label}>
      {rows.map((row) => (
        <li key={row.key}>
          <a
            className="agreements__item"
            href={row.url}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(event) => openDocument(event, { href: row.url, title: row.title })}
          >
            <span className="agreements__title">《{row.title}》</span>
            <small>{row.detail}</small>
            {row.pending ? <small className="agreements__pending">{row.pending}</small> : null}
          </a>
        </li>
      ))}
    </ul>
  );
}

export default function AgreementsPage() {
  const documents = useMyAgreements();
  const cards = useBankCardListQuietly();
  const cardRows: Row[] =
    cards.data?.items.flatMap((card) =>
      card.agreement
        ? [
            {
              key: card.cardId,
              title: cards.data!.agreement.title,
              url: cards.data!.agreement.url,
              detail: `${card.bankName}（尾号${card.last4}）绑卡时同意 · ${chinaDate(card.agreement.agreedAt)} · 版本 ${card.agreement.version}`,
            },
          ]
        : [],
    ) ?? [];

  return (
    <Page title="协议与政策" lead="您同意过的协议，及同意的版本和日期">
      <Card label="登录时同意的协议">
        {documents.status === 'loading' ? (
          <div aria-busy="true" className="agreements__loading">
            <SkeletonLine />
            <SkeletonLine length="short" />
          </div>
        ) : documents.data ? (
          <AgreementRows rows={documents.data.items.map(documentRow)} label="登录时同意的协议" />
        ) : (
          <NoData text="暂时无法获取，请稍后重试" />
        )}
      </Card>
      {cardRows.length ? (
        <Card label="绑定银行卡时同意的协议">
          <AgreementRows rows={cardRows} label="绑定银行卡时同意的协议" />
        </Card>
      ) : null}
      <TrustFooter />
    </Page>
  );
}
