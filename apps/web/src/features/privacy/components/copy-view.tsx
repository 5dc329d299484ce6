// The copy of one's data as a readable page: the same fields as the JSON file, in Chinese, in full (this is
// the one place the ID and card numbers are shown whole), photos as kept; long logs (sign-in records) show
// their newest rows and say where the rest is.
import { chinaDateTime, LOGIN_RESULT_TEXT } from '@tyd/protocol/wire';
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
/** Sign-in records shown on the page (30 days of refused codes can be many); all of them are in the file. */
export const SHOWN_LOGIN_RECORDS = 50;

type CopySession = PersonalDataCopy['sessions'][number];

/** Where a session stands, as 登录设备 says it (docs/api.md "Account security"). */
function sessionState(session: CopySession, generatedAt: number): string {
  if (session.current) return '本机，当前登录';
  if (session.endedAt !== null) return `${session.endedReason === 'other-device' ? '已在其他设备上下线' : '已退出'} ${time(session.endedAt)}`;
  if (session.expiresAt <= generatedAt) return `已过期 ${time(session.expiresAt)}`;
  return '登录中';
}

/** `log`: rows labelled by a time, which needs a wider first column. */
function Facts({ rows, log }: { rows: readonly (readonly [string, ReactNode])[]; log?: boolean }) {
  return (
    <dl className={`privacy-facts privacy-facts--copy${log ? ' privacy-facts--log' : ''}`}>
      {rows.map(([label, value], index) => (
        // A log may have two rows of one minute: the place keeps them apart.
        <div key={`${index} ${label}`}>
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
            (consent) =>
              [
                time(consent.decidedAt),
                `${DECISION_TEXT[consent.decision] ?? consent.decision} · ${
                  consent.documents.length > 0
                    ? consent.documents.map((document) => `《${document.title}》${document.version}`).join('、')
                    : `版本 ${consent.version}`
                }`,
              ] as const,
          )}
        />
      </Section>
      <Section title="登录设备" empty={copy.sessions.length === 0}>
        {copy.sessions.map((session, index) => (
          <Facts
            key={index}
            rows={[
              ['设备', `${session.device} · ${session.clientName}`],
              ['地区', `${session.region} · ${session.address}`],
              ['登录时间', time(session.createdAt)],
              ['最近活动', time(session.lastActiveAt)],
              ['状态', sessionState(session, copy.generatedAt)],
            ]}
          />
        ))}
      </Section>
      <Section title="登录记录" empty={copy.loginRecords.length === 0}>
        <Facts
          log
          rows={copy.loginRecords
            .slice(0, SHOWN_LOGIN_RECORDS)
            .map(
              (record) =>
                [
                  time(record.at),
                  `${LOGIN_RESULT_TEXT[record.result]}${record.method === 'authorized' ? '（App授权）' : ''} · ${record.device} · ${record.clientName} · ${record.region} · ${record.address}`,
                ] as const,
            )}
        />
        {copy.loginRecords.length > SHOWN_LOGIN_RECORDS ? (
          <p className="privacy-text privacy-text--muted">另有 {copy.loginRecords.length - SHOWN_LOGIN_RECORDS} 条较早的登录记录在 JSON 文件中。</p>
        ) : null}
      </Section>
      <Section
        title="积分与卡券"
        empty={
          copy.points.entries.length === 0 &&
          copy.vouchers.length === 0 &&
          copy.draws.length === 0 &&
          copy.redeemedCodes.length === 0 &&
          copy.newUserGift === null &&
          copy.invitations.length === 0
        }
      >
        <Facts
          rows={[
            ['积分余额', String(copy.points.balance)],
            ['积分明细', `${copy.points.entries.length} 条`],
            ['卡券', `${copy.vouchers.length} 张`],
            ['抽奖记录', `${copy.draws.length} 次`],
            ['兑换码', `${copy.redeemedCodes.length} 个`],
            ['新人礼', copy.newUserGift ? `已领取 ${time(copy.newUserGift.claimedAt)}` : '未领取'],
            ['邀请奖励', `${copy.invitations.length} 次`],
          ]}
        />
      </Section>
      <Section
        title="消息与提问"
        empty={copy.messages.length === 0 && copy.questions.length === 0 && copy.notices.readThrough === null && copy.notices.read.length === 0}
      >
        <Facts
          rows={[
            ['消息', `${copy.messages.length} 条`],
            ['公告已读至', time(copy.notices.readThrough)],
            ['已读通知', `${copy.notices.read.length} 条`],
            ['提问', `${copy.questions.length} 条`],
          ]}
        />
      </Section>
      <Section title="浏览与使用统计">
        <p className="privacy-text privacy-text--muted">{copy.analytics.note}</p>
      </Section>
      <p className="privacy-text privacy-text--muted privacy-centered">积分、卡券、兑换码、邀请奖励、消息和提问的每一条明细都在 JSON 文件中。</p>
    </>
  );
}
