// 我的提问 (docs/api.md "Help and customer service"): the account's questions, newest first, each with its
// state (待回复 / 已回复) and, once answered, the answer under it with its time. Load-more footer and no-data
// placeholder as SPEC §2 names them.
import { chinaDateTime, QUESTION_STATUS_TEXT } from '@tyd/protocol/wire';
import { LoadMore } from '../../../components/load-more';
import { NoData } from '../../../components/no-data';
import { useMyQuestions } from '../api/my-questions';
import { LoadFailed, Loading } from '../../../components/load-states';

export function MyQuestionsList() {
  const list = useMyQuestions(true);
  if (list.status === 'loading' && list.items.length === 0) return <Loading />;
  if (list.status === 'error' && list.items.length === 0) return <LoadFailed error={list.error} onRetry={list.refetch} />;
  if (list.items.length === 0) return <NoData text="暂无提问" />;
  return (
    <>
      <ul className="help-questions" aria-label="我的提问列表">
        {list.items.map((question) => (
          <li key={question.id} className="help-question">
            <div className="help-question__head">
              <span className={`help-question__status help-question__status--${question.status}`}>{QUESTION_STATUS_TEXT[question.status]}</span>
              <time className="help__muted">{chinaDateTime(question.createdAt)}</time>
            </div>
            <p className="help-question__text">{question.text}</p>
            {question.answer !== null ? (
              <div className="help-question__answer">
                <p className="help-question__label">客服回复</p>
                <p>{question.answer}</p>
                {question.answeredAt !== null ? <time className="help__muted">{chinaDateTime(question.answeredAt)}</time> : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoadMore={() => void list.loadMore()} />
    </>
  );
}
