// The sections of /ops/rewards (docs/operations.md "Vouchers and redeem codes"): prizes with their odds,
// the voucher catalogue, the new-user gift's lines, redeem batches and the audit. Each edits through one
// `run` the page gives it, which shows the server's answer (the server names the signed-in operator and
// checks every value, services/rewards-operations.ts, so these forms only shape what is typed). Without a
// `run` (an operator of another role, docs/operations.md "Roles") the values show in disabled fields and no
// control to change them is offered.
import { useState, type FormEvent } from 'react';
import { OPS_REASON_LIMITS, chinaDate, chinaDateTime } from '@tyd/protocol/wire';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { Card } from '../../../components/page';
import type {
  OpsBatch,
  OpsBatchUsage,
  OpsChange,
  OpsGiftLine as GiftLine,
  OpsItem,
  OpsPrize,
  OpsRewardsSummary as RewardsSummary,
} from '@tyd/protocol/schemas';
import type { NewBatch } from '../api/ops-rewards';
import { opsRewards } from '../api/ops-rewards';
import { AddItemForm } from './ops-add-item';

/** Runs a change, then reads the summary again; false when it was refused (the page says why). Null: view only. */
export type RunChange = ((action: () => Promise<unknown>, done: string) => Promise<boolean>) | null;

/** '' is "no limit" (null), digits a number; anything else goes as typed, for the server to refuse with its reason. */
const countOrNull = (text: string): number | string | null => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : text);
const countText = (value: number | null) => (value === null ? '' : String(value));

/**
 * The recorded fields in operators' words. Changes are kept as they were set (reward_changes), in the API's
 * camelCase and, in older rows, the columns' snake_case: both read the same. A field not listed shows as
 * recorded rather than not at all.
 */
const FIELD_TEXT: Record<string, string> = {
  name: '名称',
  description: '说明',
  points: '积分',
  pointsCost: '兑换所需积分',
  points_cost: '兑换所需积分',
  /** The cost a change replaced (the approval window reads it back: docs/operations.md "Approvals"). */
  pointsCostBefore: '原兑换所需积分',
  weight: '中奖权重',
  stock: '库存',
  perUserLimit: '每人限兑',
  per_user_limit: '每人限兑',
  validDays: '有效天数',
  valid_days: '有效天数',
  active: '上架',
  itemId: '卡券',
  item_id: '卡券',
  id: '编号',
  codes: '兑换码数量',
  expiresAt: '截止',
  expires_at: '截止',
  added: '新增',
  created: '创建',
  revoked: '作废',
  key: '发放编号',
  position: '排序',
  kind: '类型',
};
const fieldText = (field: string) => FIELD_TEXT[field] ?? field;

/** A recorded value as operators read it: times as China dates, null as 不限/无, yes/no, objects as `名称：值` pairs. */
function valueText(field: string, value: unknown): string {
  if (value === null) return '不限/无';
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'number' && (field.endsWith('At') || field.endsWith('_at'))) return chinaDateTime(value);
  if (Array.isArray(value)) return `[${value.map((entry) => valueText('', entry)).join('；')}]`;
  if (typeof value === 'object') return `（${changeText(value)}）`;
  return String(value);
}

function changeText(change: unknown): string {
  if (typeof change !== 'object' || change === null) return String(change);
  if (Array.isArray(change)) return valueText('', change);
  return Object.entries(change)
    .map(([field, value]) => `${fieldText(field)}：${valueText(field, value)}`)
    .join('，');
}

const SUBJECT_TEXT: Record<OpsChange['subject'], string> = { prize: '抽奖奖品', item: '卡券', gift: '新人礼', 'redeem-batch': '兑换码批次', grant: '积分发放' };

function PrizeRow({ prize, run }: { prize: OpsPrize; run: RunChange }) {
  const [weight, setWeight] = useState(String(prize.weight));
  const [stock, setStock] = useState(countText(prize.stock));
  const [active, setActive] = useState(prize.active);
  const changed = weight !== String(prize.weight) || stock !== countText(prize.stock) || active !== prize.active;
  function handleSave(event: FormEvent) {
    event.preventDefault();
    const change = {
      ...(weight !== String(prize.weight) && { weight: countOrNull(weight) }),
      ...(stock !== countText(prize.stock) && { stock: countOrNull(stock) }),
      ...(active !== prize.active && { active }),
    };
    void run?.(() => opsRewards.changePrize(prize.id, change), `已保存 ${prize.name}`);
  }
  return (
    <li className="ops-rewards__entry">
      <form onSubmit={handleSave} aria-label={`奖品 ${prize.name}`}>
        <p className="ops-rewards__entry-title">
          {prize.name}{' '}
          <span className="ops-rewards__muted">
            中奖概率 {prize.oddsPercent}%{prize.active ? '' : '（未上架）'}
          </span>
        </p>
        <fieldset className="ops-rewards__fields" disabled={!run}>
          <label>
            权重
            <input inputMode="numeric" value={weight} onChange={(e) => setWeight(e.target.value)} />
          </label>
          {prize.kind === 'points' ? (
            <label>
              库存（空=不限）
              <input inputMode="numeric" value={stock} onChange={(e) => setStock(e.target.value)} />
            </label>
          ) : null}
          <label className="ops-rewards__check">
            <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> 上架
          </label>
          {run ? (
            <Button type="submit" variant="secondary" disabled={!changed}>
              保存
            </Button>
          ) : null}
        </fieldset>
      </form>
    </li>
  );
}

export function PrizesSection({ prizes, run }: { prizes: OpsPrize[]; run: RunChange }) {
  return (
    <Card label="抽奖奖品">
      <h2 className="rewards__heading">抽奖奖品</h2>
      <p className="ops-rewards__muted">概率 = 权重 ÷ 上架奖品的权重之和；库存用完的奖品按“谢谢参与”抽出。</p>
      <ul className="ops-rewards__list">
        {prizes.map((prize) => (
          <PrizeRow key={`${prize.id}:${prize.weight}:${prize.stock}:${prize.active}`} prize={prize} run={run} />
        ))}
      </ul>
    </Card>
  );
}

function ItemRow({ item, run }: { item: OpsItem; run: RunChange }) {
  const [cost, setCost] = useState(countText(item.pointsCost));
  const [stock, setStock] = useState(countText(item.stock));
  const [limit, setLimit] = useState(countText(item.perUserLimit));
  const [validDays, setValidDays] = useState(String(item.validDays));
  const [active, setActive] = useState(item.active);
  const changed =
    cost !== countText(item.pointsCost) ||
    stock !== countText(item.stock) ||
    limit !== countText(item.perUserLimit) ||
    validDays !== String(item.validDays) ||
    active !== item.active;
  function handleSave(event: FormEvent) {
    event.preventDefault();
    // Only what was changed, so the audit says what the operator set.
    const change = {
      ...(cost !== countText(item.pointsCost) && { pointsCost: countOrNull(cost) }),
      ...(stock !== countText(item.stock) && { stock: countOrNull(stock) }),
      ...(limit !== countText(item.perUserLimit) && { perUserLimit: countOrNull(limit) }),
      ...(validDays !== String(item.validDays) && { validDays: countOrNull(validDays) }),
      ...(active !== item.active && { active }),
    };
    void run?.(() => opsRewards.changeItem(item.id, change), `已保存 ${item.name}`);
  }
  return (
    <li className="ops-rewards__entry">
      <form onSubmit={handleSave} aria-label={`卡券 ${item.name}`}>
        <p className="ops-rewards__entry-title">
          {item.name} <span className="ops-rewards__muted">{item.id}</span>
        </p>
        <p className="ops-rewards__muted">{item.description}</p>
        <fieldset className="ops-rewards__fields" disabled={!run}>
          <label>
            所需积分（空=不可兑换）
            <input inputMode="numeric" value={cost} onChange={(e) => setCost(e.target.value)} />
          </label>
          <label>
            库存（空=不限）
            <input inputMode="numeric" value={stock} onChange={(e) => setStock(e.target.value)} />
          </label>
          <label>
            每人限兑（空=不限）
            <input inputMode="numeric" value={limit} onChange={(e) => setLimit(e.target.value)} />
          </label>
          <label>
            有效天数
            <input inputMode="numeric" value={validDays} onChange={(e) => setValidDays(e.target.value)} />
          </label>
          <label className="ops-rewards__check">
            <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> 上架
          </label>
          {run ? (
            <Button type="submit" variant="secondary" disabled={!changed}>
              保存
            </Button>
          ) : null}
        </fieldset>
      </form>
    </li>
  );
}

export function ItemsSection({ items, run }: { items: OpsItem[]; run: RunChange }) {
  return (
    <Card label="卡券">
      <h2 className="rewards__heading">卡券</h2>
      {run ? (
        <>
          <p className="ops-rewards__muted">新卡券添加后不上架、不可兑换、库存为 0；设置所需积分和库存并勾选上架后生效。</p>
          <AddItemForm run={run} />
        </>
      ) : null}
      <ul className="ops-rewards__list">
        {items.map((item) => (
          <ItemRow key={JSON.stringify(item)} item={item} run={run} />
        ))}
      </ul>
    </Card>
  );
}

type DraftLine = { kind: 'points'; points: string } | { kind: 'item'; itemId: string };

const toDraft = (line: GiftLine): DraftLine => (line.itemId !== null ? { kind: 'item', itemId: line.itemId } : { kind: 'points', points: String(line.points) });
const fromDraft = (line: DraftLine): GiftLine => (line.kind === 'item' ? { points: null, itemId: line.itemId } : { points: Number(line.points), itemId: null });

export function GiftSection({ gift, items, run }: { gift: GiftLine[]; items: OpsItem[]; run: RunChange }) {
  const [lines, setLines] = useState<DraftLine[]>(() => gift.map(toDraft));
  const set = (index: number, line: DraftLine) => setLines(lines.map((old, i) => (i === index ? line : old)));
  function handleSave(event: FormEvent) {
    event.preventDefault();
    void run?.(() => opsRewards.replaceGift(lines.map(fromDraft)), lines.length === 0 ? '新人礼已关闭（礼包为空）' : '新人礼已保存');
  }
  return (
    <Card label="新人礼">
      <h2 className="rewards__heading">新人礼</h2>
      <p className="ops-rewards__muted">每行一份：积分，或一张卡券；最多10行。礼包为空即关闭活动。</p>
      <form onSubmit={handleSave} aria-label="新人礼内容">
        <fieldset disabled={!run} className="ops-rewards__plain">
          <ol className="ops-rewards__list">
            {lines.map((line, index) => (
              <li key={index} className="ops-rewards__fields ops-rewards__gift-line">
                <select
                  aria-label={`第${index + 1}行类型`}
                  value={line.kind}
                  onChange={(e) => set(index, e.target.value === 'item' ? { kind: 'item', itemId: items[0]?.id ?? '' } : { kind: 'points', points: '100' })}
                >
                  <option value="points">积分</option>
                  <option value="item">卡券</option>
                </select>
                {line.kind === 'points' ? (
                  <input
                    aria-label={`第${index + 1}行积分`}
                    inputMode="numeric"
                    value={line.points}
                    onChange={(e) => set(index, { kind: 'points', points: e.target.value })}
                  />
                ) : (
                  <select aria-label={`第${index + 1}行卡券`} value={line.itemId} onChange={(e) => set(index, { kind: 'item', itemId: e.target.value })}>
                    {items.map((item) => (
                      <option key={item.id} value={item.id}>
                        {item.name}
                      </option>
                    ))}
                  </select>
                )}
                {run ? (
                  <Button variant="text" onClick={() => setLines(lines.filter((_, i) => i !== index))}>
                    删除
                  </Button>
                ) : null}
              </li>
            ))}
          </ol>
        </fieldset>
        {run ? (
          <div className="ops-rewards__fields">
            <Button variant="secondary" disabled={lines.length >= 10} onClick={() => setLines([...lines, { kind: 'points', points: '100' }])}>
              添加一行
            </Button>
            <Button type="submit">保存礼包</Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}

/** A new idempotency key: one per grant the operator means to make (docs/api.md "Rewards operations" grants). */
const grantKey = () => crypto.randomUUID().replace(/-/g, '');

/**
 * Points to one person (补偿, 活动奖励): the phone and the points. The key is made when the form is filled and
 * kept until a grant goes through, so a double click or a retry after a lost answer grants once; more than the
 * approval threshold waits for a second rewards manager (the page says so). Hidden from other roles.
 */
export function GrantSection({ run }: { run: RunChange }) {
  const [phone, setPhone] = useState('');
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(grantKey);
  const [granted, setGranted] = useState<{ phone: string; points: number; granted: boolean } | null>(null);
  if (!run) return null;
  const trimmedReason = reason.trim();
  const complete =
    /^1\d{10}$/.test(phone) &&
    /^[1-9]\d{0,6}$/.test(points) &&
    trimmedReason.length >= OPS_REASON_LIMITS.minChars &&
    trimmedReason.length <= OPS_REASON_LIMITS.maxChars;
  async function handleGrant(event: FormEvent) {
    event.preventDefault();
    if (!complete) return;
    setGranted(null);
    const done = await run!(
      async () => setGranted(await opsRewards.grant({ phone, points: Number(points), key, reason: trimmedReason })),
      `已提交：发放 ${points} 积分`,
    );
    if (done) {
      setKey(grantKey());
      setPhone('');
      setPoints('');
      setReason('');
    }
  }
  return (
    <Card label="发放积分">
      <h2 className="rewards__heading">发放积分</h2>
      <p className="ops-rewards__muted">
        给一位用户发放积分（如补偿），须写明理由，记入审计日志。用户会收到消息；你在审批周期内自行发放的积分与兑换码合计超过审批额度时，需另一位奖励管理员批准。
      </p>
      <form onSubmit={(event) => void handleGrant(event)} aria-label="发放积分" className="ops-rewards__fields">
        <label>
          手机号
          <input inputMode="numeric" autoComplete="off" maxLength={11} value={phone} onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))} />
        </label>
        <label>
          积分
          <input inputMode="numeric" maxLength={7} value={points} onChange={(e) => setPoints(e.target.value.replace(/\D/g, ''))} />
        </label>
        <label className="ops-rewards__wide">
          发放理由
          <input maxLength={OPS_REASON_LIMITS.maxChars} placeholder="工单号或原因" value={reason} onChange={(e) => setReason(e.target.value)} />
        </label>
        <Button type="submit" disabled={!complete}>
          发放
        </Button>
      </form>
      {granted ? (
        <p className="ops-rewards__done" role="status">
          {granted.granted ? `已向 ${granted.phone} 发放 ${granted.points} 积分` : `这笔发放已完成过（${granted.phone}），未重复发放`}
        </p>
      ) : null}
    </Card>
  );
}

/** The codes as a text file, one a line: offered once, right after the batch is made (only hashes are kept). */
export function CodesFile({ batch, codes }: { batch: OpsBatch; codes: string[] }) {
  // A data: address, not a blob: one, so nothing is left to revoke when the page goes.
  const href = `data:text/plain;charset=utf-8,${encodeURIComponent(`${codes.join('\n')}\n`)}`;
  return (
    <div className="ops-rewards__codes" role="status">
      <p>
        已生成 {codes.length} 个兑换码（{batch.name}）。兑换码只在此显示一次，请立即下载并妥善保管。
      </p>
      <a className="btn btn--primary" href={href} download={`redeem-codes-${chinaDate(batch.createdAt)}-${batch.id.slice(0, 8)}.txt`}>
        下载兑换码（.txt）
      </a>
    </div>
  );
}

function rewardText(batch: OpsBatch, items: OpsItem[]): string {
  return batch.reward.itemId !== null ? (items.find((item) => item.id === batch.reward.itemId)?.name ?? batch.reward.itemId) : `${batch.reward.points}积分`;
}

export function BatchesSection({ batches, items, run }: { batches: OpsBatchUsage[]; items: OpsItem[]; run: RunChange }) {
  const [name, setName] = useState('');
  const [kind, setKind] = useState<'points' | 'item'>('points');
  const [points, setPoints] = useState('100');
  const [itemId, setItemId] = useState(items[0]?.id ?? '');
  const [count, setCount] = useState('100');
  const [expires, setExpires] = useState('');
  const [created, setCreated] = useState<{ batch: OpsBatch; codes: string[] } | null>(null);
  const [revoking, setRevoking] = useState<OpsBatchUsage | null>(null);

  function handleCreate(event: FormEvent) {
    event.preventDefault();
    const batch: NewBatch = kind === 'item' ? { name, itemId, count: Number(count), expires } : { name, points: Number(points), count: Number(count), expires };
    setCreated(null);
    void run?.(async () => setCreated(await opsRewards.createBatch(batch)), '批次已生成');
  }

  return (
    <Card label="兑换码批次">
      <h2 className="rewards__heading">兑换码批次</h2>
      {run ? (
        <form onSubmit={handleCreate} aria-label="生成兑换码" className="ops-rewards__fields">
          <label>
            批次名称
            <input value={name} maxLength={40} onChange={(e) => setName(e.target.value)} />
          </label>
          <label>
            奖励
            <select value={kind} onChange={(e) => setKind(e.target.value as 'points' | 'item')}>
              <option value="points">积分</option>
              <option value="item">卡券</option>
            </select>
          </label>
          {kind === 'points' ? (
            <label>
              每码积分
              <input inputMode="numeric" value={points} onChange={(e) => setPoints(e.target.value)} />
            </label>
          ) : (
            <label>
              卡券
              <select value={itemId} onChange={(e) => setItemId(e.target.value)}>
                {items.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label>
            数量（最多10000）
            <input inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} />
          </label>
          <label className="ops-rewards__date">
            有效期至（含当日）
            <input type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />
          </label>
          <Button type="submit" disabled={!name.trim() || !expires}>
            生成兑换码
          </Button>
        </form>
      ) : null}
      {created ? <CodesFile key={created.batch.id} batch={created.batch} codes={created.codes} /> : null}
      <ul className="ops-rewards__list" aria-label="全部批次">
        {batches.map((batch) => (
          <li key={batch.id} className="ops-rewards__entry ops-rewards__batch">
            <div>
              <p className="ops-rewards__entry-title">
                {batch.name} <span className="ops-rewards__muted">{rewardText(batch, items)}</span>
              </p>
              <p className="ops-rewards__muted ops-rewards__meta">
                <span>
                  已使用 {batch.used}/{batch.codes}
                </span>
                <span>
                  有效期至<time>{chinaDate(batch.expiresAt - 1)}</time>
                </span>
                <span>
                  {batch.createdBy} 创建于<time>{chinaDateTime(batch.createdAt)}</time>
                </span>
                {batch.revokedAt !== null ? (
                  <span>
                    已作废（<time>{chinaDateTime(batch.revokedAt)}</time>）
                  </span>
                ) : null}
              </p>
            </div>
            {batch.revokedAt === null && run ? (
              <Button variant="secondary" onClick={() => setRevoking(batch)}>
                作废
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <Dialog
        open={revoking !== null}
        title="作废这个批次？"
        onClose={() => setRevoking(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setRevoking(null)}>
              取消
            </Button>
            <Button
              onClick={() => {
                const batch = revoking!;
                setRevoking(null);
                void run?.(() => opsRewards.revokeBatch(batch.id), `已作废 ${batch.name}`);
              }}
            >
              作废
            </Button>
          </>
        }
      >
        {revoking ? `${revoking.name}：未使用的 ${revoking.codes - revoking.used} 个兑换码将立即失效，已兑换的不受影响。此操作不能撤销。` : null}
      </Dialog>
    </Card>
  );
}

export function ChangesSection({ changes }: { changes: RewardsSummary['changes'] }) {
  return (
    <Card label="操作记录">
      <h2 className="rewards__heading">操作记录</h2>
      <ol className="ops-rewards__list ops-rewards__audit">
        {changes.map((change, index) => (
          <li key={`${change.at}-${index}`}>
            <span>
              <time className="ops-rewards__muted">{chinaDateTime(change.at)}</time> {change.operator} · {SUBJECT_TEXT[change.subject]} {change.subjectId}
            </span>
            <span>{changeText(change.change)}</span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
