// The confirm sheet of 兑换 (docs/api.md "Vouchers and exchange"): what the exchange costs and leaves,
// then the answer in place: the voucher and until when it is valid, or why not. Every press of 确认兑换
// exchanges under a new idempotency key; a press whose answer was lost is resent under the same key
// (重新提交, lib/keyed-presses.ts), so a bad connection never costs points twice. The sheet cannot be
// closed while a press is in flight.
import { chinaDate, CODE, type ApiResponse } from '@tyd/protocol/wire';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { useKeyedPress, type KeyedPresses } from '../../../lib/keyed-presses';
import { toast } from '../../../lib/notify';
import type { ExchangeItem } from '../api/exchange-info';
import type { ExchangeResult } from '../api/exchange-points';
import { exchangeRefusalText } from '../utils/exchange-texts';

type Outcome = { kind: 'done'; result: ExchangeResult } | { kind: 'refused'; text: string } | null;

export function ExchangeSheet({
  item,
  balance,
  presses,
  onExchanged,
  onRefused,
  onClose,
}: {
  item: ExchangeItem;
  balance: number;
  presses: KeyedPresses<ExchangeResult>;
  /** A voucher was given (the balance, the catalogue and 我的卡券 are stale). */
  onExchanged: (result: ExchangeResult) => void;
  /** A refusal says the catalogue shown is out of date. */
  onRefused: () => void;
  onClose: () => void;
}) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  // The presses are the catalogue's, per item: a sheet opened again after a lost answer offers 重新提交.
  const { busy, unresolved, press } = useKeyedPress(handleAnswer, { unresolved: presses.unresolved });

  function handleAnswer(answer: ApiResponse<ExchangeResult>) {
    if (answer.code === CODE.OK && answer.data) {
      setOutcome({ kind: 'done', result: answer.data });
      onExchanged(answer.data);
      return;
    }
    if (answer.code === CODE.SILENT || answer.code === CODE.UNAUTHORIZED) return;
    setOutcome({ kind: 'refused', text: exchangeRefusalText(answer, item.pointsCost) });
    onRefused();
  }

  const close = () => {
    if (busy) return toast('正在兑换，请稍候');
    onClose();
  };

  if (outcome?.kind === 'done') {
    const { voucher, repeated } = outcome.result;
    return (
      <Dialog open sheet title="兑换成功" onClose={close} actions={<Button onClick={close}>完成</Button>}>
        <div className="exchange-sheet" role="status">
          <p className="exchange-sheet__name">{voucher.name}</p>
          <p>
            已放入我的卡券，有效期至<span className="rewards__nowrap">{chinaDate(voucher.expiresAt)}</span>，在通盈达APP借款或还款时使用。
          </p>
          {repeated ? <p className="rewards__muted">这是刚才那次兑换的结果，未重复扣除积分。</p> : null}
          <p className="rewards__muted">当前积分 {outcome.result.balance}</p>
        </div>
      </Dialog>
    );
  }

  if (outcome?.kind === 'refused') {
    return (
      <Dialog open sheet title="未能兑换" onClose={close} actions={<Button onClick={close}>知道了</Button>}>
        <p className="exchange-sheet__refusal" role="alert">
          {outcome.text}
        </p>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      sheet
      title="确认兑换"
      onClose={close}
      actions={
        <>
          <Button variant="secondary" disabled={busy} onClick={close}>
            取消
          </Button>
          <Button busy={busy} onClick={() => void press(presses)}>
            {busy ? '兑换中…' : unresolved ? '重新提交' : '确认兑换'}
          </Button>
        </>
      }
    >
      <div className="exchange-sheet">
        <p className="exchange-sheet__name">{item.name}</p>
        <p className="rewards__muted">{item.description}</p>
        <p className="exchange-sheet__cost">兑换将消耗{item.pointsCost}积分</p>
        <dl className="exchange-sheet__facts">
          <div>
            <dt>当前积分</dt>
            <dd>{balance}</dd>
          </div>
          <div>
            <dt>兑换后剩余</dt>
            <dd>{Math.max(0, balance - item.pointsCost)}</dd>
          </div>
        </dl>
        <p className="rewards__muted">兑换后{item.validDays}天内有效，在通盈达APP借款或还款时使用；兑换后不退回积分。</p>
        {unresolved && !busy ? (
          <p className="exchange-sheet__refusal" role="alert">
            网络异常，未收到兑换结果。重新提交可查到这次兑换，不会重复扣除积分。
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
