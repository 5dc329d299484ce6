// 我要提问 (docs/api.md "Help and customer service"): one text of at most HELP_LIMITS.questionChars
// characters, counted as the server counts them (helpTextLength), and 提交. A press asks under a new
// idempotency key; a press whose answer was lost is resent with the same key for the same text
// (lib/keyed-presses.ts), so a retry finds the question already made instead of asking twice. Refusals
// (empty, too long, the day's questions used) are said under the field in the server's words.
import { CODE, HELP_LIMITS, helpTextLength, type ApiResponse } from '@tyd/protocol/wire';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { createKeyedPresses, useKeyedPress, type KeyedPresses } from '../../../lib/keyed-presses';
import { askOnce, type Asked } from '../api/ask-question';

type Message = { kind: 'done' | 'refused' | 'unresolved'; text: string } | null;

export const ASKED_TEXT = '已提交，客服会尽快回复。回复会通过“我的消息”通知您，也会显示在下方“我的提问”中。';

export function AskQuestionForm() {
  const [text, setText] = useState('');
  const [pressed, setPressed] = useState<{ text: string; presses: KeyedPresses<Asked> } | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const { busy, press } = useKeyedPress(handleAnswer, {
    onLost: () => setMessage({ kind: 'unresolved', text: '网络异常，未收到提交结果。再次提交不会重复提问。' }),
  });
  const fieldId = useId();
  const countId = useId();
  const messageId = useId();
  const length = helpTextLength(text);
  const tooLong = length > HELP_LIMITS.questionChars;

  /** The presses of this text: kept while the same text is sent again, new for another. */
  function pressesFor(value: string) {
    if (pressed?.text === value) return pressed.presses;
    const next = { text: value, presses: createKeyedPresses<Asked>((key) => askOnce(value, key)) };
    setPressed(next);
    return next.presses;
  }

  function handleAnswer(answer: ApiResponse<Asked>) {
    if (answer.code === CODE.OK && answer.data) {
      setText('');
      setMessage({ kind: 'done', text: ASKED_TEXT });
      return;
    }
    if (answer.code === CODE.SILENT || answer.code === CODE.UNAUTHORIZED) return setMessage(null);
    setMessage({ kind: 'refused', text: answer.submsg || answer.msg });
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy || length === 0 || tooLong) return;
    setMessage(null);
    void press(pressesFor(text.trim()));
  }

  return (
    <form className="help-ask" onSubmit={handleSubmit} noValidate aria-label="我要提问">
      <label className="field__label" htmlFor={fieldId}>
        请描述您遇到的问题
      </label>
      <textarea
        id={fieldId}
        className="field__input help-ask__text"
        value={text}
        rows={4}
        placeholder="例如：借款什么时候到账？"
        onChange={(event) => {
          setText(event.target.value);
          if (message?.kind !== 'unresolved') setMessage(null);
        }}
        aria-invalid={tooLong || message?.kind === 'refused' ? true : undefined}
        aria-describedby={[countId, message ? messageId : ''].filter(Boolean).join(' ')}
      />
      <div className="help-ask__foot">
        <span id={countId} className={tooLong ? 'help-ask__count help-ask__count--over' : 'help-ask__count'}>
          {length}/{HELP_LIMITS.questionChars}
        </span>
        <Button type="submit" busy={busy} disabled={length === 0 || tooLong}>
          {busy ? '提交中…' : '提交'}
        </Button>
      </div>
      <div aria-live="polite">
        {message ? (
          <p id={messageId} className={message.kind === 'done' ? 'help-ask__done' : 'help-ask__error'} role={message.kind === 'done' ? 'status' : 'alert'}>
            {message.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}
