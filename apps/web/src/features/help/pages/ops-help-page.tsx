// /ops/help (docs/operations.md "Help and customer service"): operators read users' questions, newest first
// with the asker's phone masked (SPEC §3), and answer each once; the answer reaches the user as a message
// (我的消息) and under the question on 帮助与客服. Behind the operator's session (the console signs in); the server names the signed-in operator
// with the answer; only content editors answer (docs/operations.md "Roles"). A question someone else answered meanwhile is refused and the list read again.
import { chinaDateTime, HELP_LIMITS, helpTextLength, QUESTION_STATUS_TEXT } from '@tyd/protocol/wire';
import type { OpsQuestion } from '@tyd/protocol/schemas';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { Card, Page } from '../../../components/page';
import { invalidateQuery, useQuery } from '../../../lib/server-state';
import { mayChange, useEndsSession, useOperator } from '../../../lib/operator-context';
import { opsHelp, type OpsQuestionFilter } from '../api/ops-help';
import '../components/help.css';

const LIST_KEY = 'ops-help-questions';
const FILTERS: readonly { value: OpsQuestionFilter; label: string }[] = [
  { value: 'open', label: '待回复' },
  { value: 'answered', label: '已回复' },
  { value: 'all', label: '全部' },
];

function AnswerForm({ question, onAnswered }: { question: OpsQuestion; onAnswered: (text: string, error: boolean) => void }) {
  const [answer, setAnswer] = useState('');
  const [busy, setBusy] = useState(false);
  const length = helpTextLength(answer);
  const fieldId = `answer-${question.id}`;

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await opsHelp.answer(question.id, answer);
      setAnswer('');
      onAnswered('已回复，用户会在“我的消息”中收到。', false);
    } catch (error) {
      onAnswered(error instanceof Error ? error.message : '回复失败', true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="ops-help__answer" onSubmit={(event) => void handleSubmit(event)} aria-label={`回复 ${question.phone ?? ''}`}>
      <label className="field__label" htmlFor={fieldId}>
        回复（纯文本，{HELP_LIMITS.answerChars}字以内）
      </label>
      <textarea id={fieldId} className="field__input help-ask__text" value={answer} rows={3} onChange={(e) => setAnswer(e.target.value)} />
      <div className="help-ask__foot">
        <span className={length > HELP_LIMITS.answerChars ? 'help-ask__count help-ask__count--over' : 'help-ask__count'}>
          {length}/{HELP_LIMITS.answerChars}
        </span>
        <Button type="submit" busy={busy} disabled={length === 0 || length > HELP_LIMITS.answerChars}>
          {busy ? '提交中…' : '回复'}
        </Button>
      </div>
    </form>
  );
}

export default function OpsHelpPage() {
  const { operator } = useOperator();
  // Answering is the content editors' (docs/operations.md "Roles"); the others read the questions.
  const answers = mayChange(operator, 'content_editor');
  const [filter, setFilter] = useState<OpsQuestionFilter>('open');
  const key = [LIST_KEY, filter] as const;
  const list = useQuery(key, (signal) => opsHelp.questions(filter, signal), { staleTimeMs: 0 });
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  useEndsSession(list.error);

  const handleAnswered = (text: string, error: boolean) => {
    setMessage({ text, error });
    // Answered now, or by someone else meanwhile: either way the list is read again.
    invalidateQuery(key);
  };
  const items = list.data?.items ?? [];

  return (
    <Page title="用户提问" lead="最新的在前，用户手机号已脱敏。每个提问只能回复一次，回复会通过“我的消息”通知用户。">
      <Card>
        {answers ? null : <p className="help__muted">仅内容编辑可以回复提问。</p>}
        <div className="ops-help__filters" role="group" aria-label="筛选">
          {FILTERS.map((option) => (
            <Button
              key={option.value}
              variant={filter === option.value ? 'primary' : 'secondary'}
              aria-pressed={filter === option.value}
              onClick={() => setFilter(option.value)}
            >
              {option.label}
            </Button>
          ))}
        </div>
        {message ? (
          <p className={message.error ? 'help-ask__error' : 'help-ask__done'} role={message.error ? 'alert' : 'status'}>
            {message.text}
          </p>
        ) : null}
      </Card>
      {list.status === 'error' && !list.data ? (
        <Card>
          <p role="alert">{list.error instanceof Error ? list.error.message : '加载失败'}</p>
          <Button variant="secondary" onClick={list.refetch}>
            重试
          </Button>
        </Card>
      ) : !list.data ? (
        <p className="help__status" role="status" aria-busy="true">
          正在加载…
        </p>
      ) : items.length === 0 ? (
        <Card>
          <p className="help__muted">{filter === 'open' ? '没有待回复的提问' : '暂无提问'}</p>
        </Card>
      ) : (
        <ul className="ops-help__list" aria-label="提问列表">
          {items.map((question) => (
            <li key={question.id} className="card help-question">
              <div className="help-question__head">
                <span className={`help-question__status help-question__status--${question.status}`}>{QUESTION_STATUS_TEXT[question.status]}</span>
                <span className="help__muted">
                  {question.phone ?? '账户已注销'} · {chinaDateTime(question.createdAt)}
                </span>
              </div>
              <p className="help-question__text">{question.text}</p>
              {question.answer !== null ? (
                <div className="help-question__answer">
                  <p className="help-question__label">
                    {question.answeredBy} 回复于 {question.answeredAt !== null ? chinaDateTime(question.answeredAt) : ''}
                  </p>
                  <p>{question.answer}</p>
                </div>
              ) : answers ? (
                <AnswerForm question={question} onAnswered={handleAnswered} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
