// A person's answers to an event's questions, each under its question: on
// the event's page for the person, in the attendee list for the organizer.
import type { Schemas } from '@/types/api';
import { useT, type Translate } from '@/i18n/react';

type Answer = Schemas['Answers'][number];

export function AnswerList({ answers, className = '' }: { answers: Schemas['Answers']; className?: string }) {
  const t = useT();
  if (answers.length === 0) return null;
  return (
    <dl className={`grid gap-1 text-sm ${className}`}>
      {answers.map((a) => (
        <div key={a.question_id} className="min-w-0">
          <dt className="text-slate-600">{a.label}</dt>
          <dd className="break-words text-slate-900">{answerText(a.answer, t)}</dd>
        </div>
      ))}
    </dl>
  );
}

// An answer in words: a ticked box is Yes, several options a list.
function answerText(answer: Answer['answer'], t: Translate): string {
  if (typeof answer === 'boolean') return answer ? t('shared.answers.yes') : t('shared.answers.no');
  return Array.isArray(answer) ? answer.join(t('shared.answers.separator')) : answer;
}
