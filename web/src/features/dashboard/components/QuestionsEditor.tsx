// The event form's registration questions: up to ten, each a label, a kind
// (a short answer, one or several of its options, or a box to tick for a
// consent or the terms), its options one a line, and whether it must be
// answered; in the order people see them.
import { useId } from 'react';
import { hasOptions, type QuestionDraft, type QuestionKind } from '../eventFormValues';
import type { MessageId } from '@/i18n/ids';
import { useT } from '@/i18n/react';

const MAX_QUESTIONS = 10;

const KINDS: { value: QuestionKind; label: MessageId }[] = [
  { value: 'text', label: 'dashboard.questions.kindText' },
  { value: 'choice', label: 'dashboard.questions.kindChoice' },
  { value: 'multi', label: 'dashboard.questions.kindMulti' },
  { value: 'checkbox', label: 'dashboard.questions.kindCheckbox' },
];

interface QuestionsEditorProps {
  questions: QuestionDraft[];
  errors: string[] | undefined;
  onChange: (questions: QuestionDraft[]) => void;
}

export function QuestionsEditor({ questions, errors, onChange }: QuestionsEditorProps) {
  const t = useT();
  const newKey = useId();
  const change = (i: number, changes: Partial<QuestionDraft>) => onChange(questions.map((q, at) => (at === i ? { ...q, ...changes } : q)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...questions];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onChange(next);
  };
  const add = () => onChange([...questions, { key: `${newKey}-${Date.now()}`, label: '', kind: 'text', options: '', required: false }]);

  return (
    <fieldset className="sm:col-span-2" aria-describedby="event-questions-help">
      <legend className="field-label">{t('dashboard.questions.legend')}</legend>
      <p id="event-questions-help" className="text-sm text-slate-600">
        {t('dashboard.questions.help', { max: MAX_QUESTIONS })}
      </p>
      {errors && errors.length > 0 && (
        <ul className="mt-1 text-sm text-red-700">
          {errors.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <ol className="mt-3 grid gap-3">
        {questions.map((q, i) => (
          <QuestionCard
            key={q.key}
            question={q}
            number={i + 1}
            first={i === 0}
            last={i === questions.length - 1}
            onChange={(changes) => change(i, changes)}
            onMove={(by) => move(i, by)}
            onRemove={() => onChange(questions.filter((_, at) => at !== i))}
          />
        ))}
      </ol>
      <button type="button" className="btn-secondary mt-3" disabled={questions.length >= MAX_QUESTIONS} onClick={add}>
        {t('dashboard.questions.add')}
      </button>
    </fieldset>
  );
}

interface QuestionCardProps {
  question: QuestionDraft;
  number: number;
  first: boolean;
  last: boolean;
  onChange: (changes: Partial<QuestionDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function QuestionCard({ question: q, number, first, last, onChange, onMove, onRemove }: QuestionCardProps) {
  const t = useT();
  const id = `event-question-${q.key}`;
  return (
    <li className="grid gap-3 rounded-lg p-3 ring-1 ring-slate-300 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-label`} className="field-label">
          {t('dashboard.questions.label', { number })}
        </label>
        <input id={`${id}-label`} className="field-input" dir="auto" maxLength={200} value={q.label} onChange={(e) => onChange({ label: e.target.value })} />
      </div>
      <div>
        <label htmlFor={`${id}-kind`} className="field-label">
          {t('dashboard.questions.kind')}
        </label>
        <select id={`${id}-kind`} className="field-input" value={q.kind} onChange={(e) => onChange({ kind: e.target.value as QuestionKind })}>
          {KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {t(k.label)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-center gap-2 sm:self-end sm:pb-2">
        <input
          id={`${id}-required`}
          type="checkbox"
          className="size-4 rounded border-slate-300 text-indigo-700"
          checked={q.required}
          onChange={(e) => onChange({ required: e.target.checked })}
        />
        <label htmlFor={`${id}-required`} className="text-sm text-slate-900">
          {q.kind === 'checkbox' ? t('dashboard.questions.mustTick') : t('dashboard.questions.mustAnswer')}
        </label>
      </div>
      {hasOptions(q.kind) && (
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-options`} className="field-label">
            {t('dashboard.questions.options')}
          </label>
          <textarea id={`${id}-options`} className="field-input" dir="auto" rows={3} value={q.options} onChange={(e) => onChange({ options: e.target.value })} />
        </div>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="button" className="btn-secondary" disabled={first} aria-label={t('dashboard.questions.moveUpLabel', { number })} onClick={() => onMove(-1)}>
          {t('dashboard.questions.moveUp')}
        </button>
        <button type="button" className="btn-secondary" disabled={last} aria-label={t('dashboard.questions.moveDownLabel', { number })} onClick={() => onMove(1)}>
          {t('dashboard.questions.moveDown')}
        </button>
        <button type="button" className="btn-secondary text-red-700" aria-label={t('dashboard.questions.removeLabel', { number })} onClick={onRemove}>
          {t('dashboard.questions.remove')}
        </button>
      </div>
    </li>
  );
}
