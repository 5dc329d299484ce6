// 兑换码 (docs/api.md "Redeem codes"): the code as people see it, grouped XXXX-XXXX-XXXX-XXXX while it
// is typed or pasted (lower case, spaces and look-alikes read as the server reads them), one 兑换 button,
// and the answer under the field: what was given, or why not in words that say what to do. A press of 兑换
// redeems under a new idempotency key; a press whose answer was lost is resent with the same key for the
// same code (lib/keyed-presses.ts), so a retry answers the redemption already made.
import { chinaDate, CODE, groupRedeemCode, normaliseRedeemCode, REDEEM_CODE_MAX_INPUT, type ApiResponse } from '@tyd/protocol/wire';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { createKeyedPresses, useKeyedPress, type KeyedPresses } from '../../../lib/keyed-presses';
import { redeemOnce, type RedeemResult } from '../api/redeem-code';
import { redeemRefusalText } from '../utils/exchange-texts';

type Message = { kind: 'done' | 'refused' | 'unresolved'; text: string } | null;

function doneText(result: RedeemResult): string {
  const given =
    result.kind === 'points' ? `${result.points}积分` : result.voucher ? `${result.voucher.name}（有效期至${chinaDate(result.voucher.expiresAt)}）` : '奖励';
  return `兑换成功，获得${given}${result.repeated ? '。这是刚才那次兑换的结果，未重复发放' : ''}`;
}

export function RedeemCodeForm({ onRedeemed }: { onRedeemed: (result: RedeemResult) => void }) {
  const [code, setCode] = useState('');
  const [pressed, setPressed] = useState<{ code: string; presses: KeyedPresses<RedeemResult> } | null>(null);
  const [message, setMessage] = useState<Message>(null);
  // A lost answer: the code may be redeemed already; 兑换 asks again under the same key.
  const { busy, press } = useKeyedPress(handleAnswer, {
    onLost: () => setMessage({ kind: 'unresolved', text: '网络异常，未收到兑换结果。再次兑换可查到这次结果，不会重复发放。' }),
  });
  const inputId = useId();
  const messageId = useId();
  const normalised = normaliseRedeemCode(code);

  /** The presses of this code: kept while the same code is sent again, new for another code. */
  function pressesFor(value: string) {
    if (pressed?.code === value) return pressed.presses;
    const next = { code: value, presses: createKeyedPresses<RedeemResult>((key) => redeemOnce(value, key)) };
    setPressed(next);
    return next.presses;
  }

  function handleAnswer(answer: ApiResponse<RedeemResult>) {
    if (answer.code === CODE.OK && answer.data) {
      setMessage({ kind: 'done', text: doneText(answer.data) });
      setCode('');
      onRedeemed(answer.data);
      return;
    }
    if (answer.code === CODE.SILENT || answer.code === CODE.UNAUTHORIZED) return setMessage(null);
    setMessage({ kind: 'refused', text: redeemRefusalText(answer) });
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (normalised === null || busy) return;
    setMessage(null);
    void press(pressesFor(normalised));
  }

  return (
    <form className="redeem" onSubmit={handleSubmit} noValidate>
      <label className="field__label" htmlFor={inputId}>
        输入16位兑换码
      </label>
      <div className="redeem__row">
        <input
          id={inputId}
          className="field__input redeem__input"
          value={code}
          onChange={(event) => {
            setCode(groupRedeemCode(event.target.value));
            if (message?.kind !== 'unresolved') setMessage(null);
          }}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          maxLength={REDEEM_CODE_MAX_INPUT}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="done"
          aria-invalid={message?.kind === 'refused' ? true : undefined}
          aria-describedby={message ? messageId : undefined}
        />
        <Button type="submit" className="redeem__button" busy={busy} disabled={normalised === null}>
          {busy ? '兑换中…' : '兑换'}
        </Button>
      </div>
      <div aria-live="polite">
        {message ? (
          <p id={messageId} className={message.kind === 'done' ? 'redeem__done' : 'redeem__error'} role={message.kind === 'done' ? 'status' : 'alert'}>
            {message.text}
          </p>
        ) : (
          <p className="rewards__muted redeem__hint">兑换码不区分大小写，每个兑换码只能使用一次。</p>
        )}
      </div>
    </form>
  );
}
