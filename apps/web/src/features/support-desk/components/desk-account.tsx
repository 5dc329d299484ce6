// One account as the desk shows it (docs/api.md "Customer-service desk"): everything as the server masked it,
// read only. The state that decides what the agent says first (frozen, SMS login locked, signed in where)
// is at the top; the history below, each part with what is empty said in words.
import { chinaDateTime, LOGIN_METHOD_TEXT, LOGIN_RESULT_TEXT, QUESTION_STATUS_TEXT } from '@tyd/protocol/wire';
import type { OpsDeskAccount } from '@tyd/protocol/schemas';
import type { ReactNode } from 'react';
import { IDENTITY_STATE_TEXT, MESSAGE_KIND_TEXT, POINTS_REASON_TEXT, SESSION_STATE_TEXT } from './desk-texts';

const date = (ms: number) => chinaDateTime(ms).slice(0, 10);

function Section({ title, count, children }: { title: string; count?: number; children: ReactNode }) {
  return (
    <section className="card desk-section" aria-label={title}>
      <h3 className="desk-section__title">
        {title}
        {count !== undefined ? <span className="desk-section__count">{count}</span> : null}
      </h3>
      {children}
    </section>
  );
}

const Empty = ({ text }: { text: string }) => <p className="desk__muted">{text}</p>;

function lockText(until: number | null): string {
  return until === null ? '未锁定' : `锁定至 ${chinaDateTime(until)}`;
}

export function DeskAccount({ account, now }: { account: OpsDeskAccount; now: number }) {
  const live = account.sessions.filter((session) => session.state === 'live').length;
  const locked = account.smsLock.owner !== null || account.smsLock.others !== null;
  return (
    <div className="desk-account">
      <dl className="desk-facts" aria-label="账户概况">
        <div>
          <dt>实名认证</dt>
          <dd>{IDENTITY_STATE_TEXT[account.identity.state]}</dd>
        </div>
        <div>
          <dt>登录中的设备</dt>
          <dd>{live} 台</dd>
        </div>
        <div>
          <dt>银行卡</dt>
          <dd>{account.bankCards.length} 张</dd>
        </div>
        <div>
          <dt>积分余额</dt>
          <dd>{account.points.balance}</dd>
        </div>
        <div className={locked ? 'desk-facts__warn' : undefined}>
          <dt>短信登录</dt>
          <dd>{locked ? '验证码错误次数过多，已锁定' : '正常'}</dd>
        </div>
      </dl>

      <div className="desk-grid">
        <Section title="实名认证">
          <dl className="desk-pairs">
            <dt>状态</dt>
            <dd>{IDENTITY_STATE_TEXT[account.identity.state]}</dd>
            <dt>姓名</dt>
            <dd>{account.identity.name ?? '—'}</dd>
            <dt>身份证号</dt>
            <dd className="desk__mono">{account.identity.idNumber ?? '—'}</dd>
            <dt>认证时间</dt>
            <dd>{account.identity.verifiedAt !== null ? <time>{chinaDateTime(account.identity.verifiedAt)}</time> : '—'}</dd>
          </dl>
        </Section>

        <Section title="短信登录锁定">
          <dl className="desk-pairs">
            <dt>本人常用设备</dt>
            <dd>{lockText(account.smsLock.owner)}</dd>
            <dt>其他设备</dt>
            <dd>{lockText(account.smsLock.others)}</dd>
          </dl>
          <p className="desk__muted desk__note">连续输错验证码会暂时锁定，到时自动解除；陌生设备的错误不会锁住本人的常用设备。</p>
        </Section>

        <Section title="银行卡" count={account.bankCards.length}>
          {account.bankCards.length === 0 ? (
            <Empty text="未绑定银行卡" />
          ) : (
            <ul className="desk-list">
              {account.bankCards.map((card) => (
                <li key={`${card.bankName}-${card.last4}-${card.boundAt}`}>
                  <span>
                    {card.bankName} 尾号 <span className="desk__mono">{card.last4}</span>
                    {card.isDefault ? <span className="desk-tag">默认</span> : null}
                  </span>
                  <span className="desk__muted">
                    绑定于 <time>{date(card.boundAt)}</time>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="积分">
          <p className="desk-balance">
            余额 <strong>{account.points.balance}</strong>
          </p>
          {account.points.entries.length === 0 ? (
            <Empty text="没有积分记录" />
          ) : (
            <ul className="desk-list">
              {account.points.entries.map((entry, index) => (
                <li key={`${entry.at}-${index}`}>
                  <span>
                    {POINTS_REASON_TEXT[entry.reason]}{' '}
                    <span className={entry.amount >= 0 ? 'desk__gain' : 'desk__loss'}>{entry.amount >= 0 ? `+${entry.amount}` : entry.amount}</span>
                  </span>
                  <time className="desk__muted">{chinaDateTime(entry.at)}</time>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <Section title="登录设备与会话" count={account.sessions.length}>
        {account.sessions.length === 0 ? (
          <Empty text="没有登录会话" />
        ) : (
          <ul className="desk-list desk-list--rows">
            {account.sessions.map((session, index) => (
              <li key={`${session.signedInAt}-${index}`}>
                <span>
                  <span className={`desk-state desk-state--${session.state}`}>{SESSION_STATE_TEXT[session.state]}</span>
                  {session.device} · {session.clientName}
                </span>
                <span className="desk__muted">
                  {session.region} · {session.address} · 登录于 <time>{chinaDateTime(session.signedInAt)}</time> · 最近使用{' '}
                  <time>{chinaDateTime(Math.min(session.lastActiveAt, now))}</time>
                  {session.endedAt !== null ? (
                    <>
                      {' '}
                      · 结束于 <time>{chinaDateTime(session.endedAt)}</time>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="近30天登录记录" count={account.loginRecords.length}>
        {account.loginRecords.length === 0 ? (
          <Empty text="近30天没有登录记录" />
        ) : (
          <ul className="desk-list desk-list--rows">
            {account.loginRecords.map((record, index) => (
              <li key={`${record.at}-${index}`}>
                <span>
                  <span className={record.result === 'success' ? 'desk-state desk-state--live' : 'desk-state desk-state--refused'}>
                    {LOGIN_RESULT_TEXT[record.result]}
                  </span>
                  {LOGIN_METHOD_TEXT[record.method]} · {record.device} · {record.clientName}
                </span>
                <span className="desk__muted">
                  {record.region} · {record.address} · <time>{chinaDateTime(record.at)}</time>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <div className="desk-grid">
        <Section title="最近的消息" count={account.messages.length}>
          {account.messages.length === 0 ? (
            <Empty text="没有消息" />
          ) : (
            <ul className="desk-list">
              {account.messages.map((message, index) => (
                <li key={`${message.at}-${index}`}>
                  <span>
                    <span className="desk-tag desk-tag--plain">{MESSAGE_KIND_TEXT[message.kind]}</span>
                    {message.title}
                  </span>
                  <span className="desk__muted">
                    <time>{chinaDateTime(message.at)}</time> · {message.read ? '已读' : '未读'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title="提问" count={account.questions.length}>
          {account.questions.length === 0 ? (
            <Empty text="没有在“帮助与客服”提过问题" />
          ) : (
            <ul className="desk-list">
              {account.questions.map((question, index) => (
                <li key={`${question.askedAt}-${index}`}>
                  <span>
                    <span className={`desk-state desk-state--${question.status === 'open' ? 'pending' : 'live'}`}>{QUESTION_STATUS_TEXT[question.status]}</span>
                    {question.text}
                  </span>
                  <time className="desk__muted">{chinaDateTime(question.askedAt)}</time>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
    </div>
  );
}
