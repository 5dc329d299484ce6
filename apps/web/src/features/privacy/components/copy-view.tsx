// The copy of one's data as a readable page: the same fields as the JSON file, in Chinese, in full (this is
// the one place the ID and card numbers are shown whole), photos as kept.
import { chinaDateTime } from '@tyd/protocol/wire';
import type { ReactNode } from 'react';
import { Card } from '../../../components/page';
import type { PersonalDataCopy } from '../api/download-data-export';

const IDENTITY_FIELDS: Record<string, string> = {
  name: '姓名',
  idNumber: '身份证号码',
  sex: '性别',
  ethnicity: '民族',
  birthDate: '出生日期',
  address: '住址',
  authority: '签发机关',
  validFrom: '有效期起',
  validTo: '有效期至',
};
const STATE_TEXT: Record<string, string> = {
  'not-started': '未开始',
  'documents-read': '已识别身份证',
  'identity-confirmed': '已确认身份，待人脸识别',
  'face-pending': '人脸识别中',
  verified: '已认证',
  failed: '未通过',
};
const DECISION_TEXT: Record<string, string> = { accepted: '同意', declined: '不同意', withdrawn: '撤回同意' };
const time = (ms: number | null) => (ms === null ? '—' : chinaDateTime(ms));

/** `log`: rows labelled by a time, which needs a wider first column. */
function Facts({ rows, log }: { rows: readonly (readonly [string, ReactNode])[]; log?: boolean }) {
  return (
    <dl className={`privacy-facts privacy-facts--copy${log ? ' privacy-facts--log' : ''}`}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, empty, children }: { title: string; empty?: boolean; children?: ReactNode }) {
  return (
    <Card label={title}>
      <h2 className="privacy-heading">{title}</h2>
      {empty ? <p className="privacy-text privacy-text--muted">无</p> : children}
    </Card>
  );
}

/** The fields a person reads, in their order (what else the reading carries is in the JSON file). */
function identityRows(fields: Record<string, string>) {
  return Object.entries(IDENTITY_FIELDS).flatMap(([key, label]) => {
    const value = fields[key];
    return value === undefined ? [] : [[label, value === 'long-term' ? '长期' : value] as const];
  });
}

export function CopyView({ copy }: { copy: PersonalDataCopy }) {
  const { account, identity } = copy;
  return (
    <>
      <Section title="账号">
        <Facts
          rows={[
            ['手机号码', account.phone],
            ['注册时间', time(account.registeredAt)],
            ['邀请码', account.inviteCode ?? '—'],
            ['受邀注册', account.invited ? '是' : '否'],
          ]}
        />
      </Section>
      <Section title="身份信息" empty={!identity}>
        {identity ? (
          <>
            <Facts
              rows={[
                ['认证状态', STATE_TEXT[identity.state] ?? identity.state],
                ['开始时间', time(identity.startedAt)],
                ['确认时间', time(identity.confirmedAt)],
                ['通过时间', time(identity.verifiedAt)],
              ]}
            />
            {identity.confirmed ? <Facts rows={identityRows(identity.confirmed)} /> : null}
            {!identity.confirmed && identity.portraitReading ? <Facts rows={identityRows(identity.portraitReading)} /> : null}
            {!identity.confirmed && identity.emblemReading ? <Facts rows={identityRows(identity.emblemReading)} /> : null}
          </>
        ) : null}
      </Section>
      <Section title="身份证照片" empty={copy.photos.length === 0}>
        <div className="privacy-photos">
          {copy.photos.map((photo) => (
            <figure key={photo.kind}>
              <img src={photo.dataUrl} alt={photo.kind === 'idcard-portrait' ? '身份证人像面' : '身份证国徽面'} />
              <figcaption>{photo.kind === 'idcard-portrait' ? '人像面' : '国徽面'}</figcaption>
            </figure>
          ))}
        </div>
      </Section>
      <Section title="银行卡" empty={copy.bankCards.length === 0}>
        {copy.bankCards.map((card) => (
          <Facts
            key={card.cardNumber}
            rows={[
              ['银行', `${card.bankName}${card.isDefault ? '（默认）' : ''}`],
              ['卡号', <span className="privacy-number">{card.cardNumber}</span>],
              ['预留手机号', card.reservedPhone],
              ['绑定时间', time(card.boundAt)],
            ]}
          />
        ))}
      </Section>
      <Section title="同意记录" empty={copy.consents.length === 0}>
        <Facts
          log
          rows={copy.consents.map(
            (consent) => [time(consent.decidedAt), `${DECISION_TEXT[consent.decision] ?? consent.decision} · 版本 ${consent.version}`] as const,
          )}
        />
      </Section>
      <Section title="登录记录" empty={copy.sessions.length === 0}>
        <Facts
          log
          rows={copy.sessions.map(
            (session) =>
              [time(session.createdAt), session.current ? '本机，当前登录' : session.endedAt !== null ? `已退出 ${time(session.endedAt)}` : '登录中'] as const,
          )}
        />
      </Section>
      <Section title="积分与卡券" empty={copy.points.entries.length === 0 && copy.vouchers.length === 0 && copy.draws.length === 0}>
        <Facts
          rows={[
            ['积分余额', String(copy.points.balance)],
            ['积分明细', `${copy.points.entries.length} 条`],
            ['卡券', `${copy.vouchers.length} 张`],
            ['抽奖记录', `${copy.draws.length} 次`],
          ]}
        />
      </Section>
      <Section title="消息与提问" empty={copy.messages.length === 0 && copy.questions.length === 0}>
        <Facts
          rows={[
            ['消息', `${copy.messages.length} 条`],
            ['提问', `${copy.questions.length} 条`],
          ]}
        />
      </Section>
      <Section title="浏览与使用统计">
        <p className="privacy-text privacy-text--muted">{copy.analytics.note}</p>
      </Section>
      <p className="privacy-text privacy-text--muted privacy-centered">积分、卡券、消息和提问的每一条明细都在 JSON 文件中。</p>
    </>
  );
}
