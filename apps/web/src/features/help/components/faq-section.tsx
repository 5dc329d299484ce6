// 常见问题 (docs/api.md "Help and customer service"): the operators' published entries under their
// categories; a tap on a question opens its answer below it (one button per question, aria-expanded), and a
// second tap closes it. Answers are the server's rendering of the operators' Markdown (tel: links dial).
import { useState } from 'react';
import { NoData } from '../../../components/no-data';
import { RichText } from '../../../components/rich-text';
import { useFaqList } from '../api/faq-list';
import { LoadFailed, Loading } from '../../../components/load-states';

export function FaqSection() {
  const faq = useFaqList();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <section className="card help-faq" aria-labelledby="help-faq-heading">
      <h2 className="help__heading" id="help-faq-heading">
        常见问题
      </h2>
      {faq.data ? (
        faq.data.categories.length === 0 ? (
          <NoData text="暂无常见问题" />
        ) : (
          faq.data.categories.map((category) => (
            <div key={category.name} className="help-faq__category">
              <h3 className="help-faq__name">{category.name}</h3>
              <ul className="help-faq__list">
                {category.items.map((item) => {
                  const expanded = open.has(item.id);
                  return (
                    <li key={item.id}>
                      <button
                        type="button"
                        className="help-faq__question"
                        aria-expanded={expanded}
                        aria-controls={`faq-${item.id}`}
                        onClick={() => toggle(item.id)}
                      >
                        {item.question}
                      </button>
                      {expanded ? (
                        <div id={`faq-${item.id}`} className="help-faq__answer">
                          <RichText html={item.html} />
                        </div>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </div>
          ))
        )
      ) : faq.status === 'error' ? (
        <LoadFailed error={faq.error} onRetry={faq.refetch} />
      ) : (
        <Loading />
      )}
    </section>
  );
}
