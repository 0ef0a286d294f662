// The event form's registration questions: up to ten, each a label, a kind
// (a short answer, one or several of its options, or a box to tick for a
// consent or the terms), its options one a line, and whether it must be
// answered; in the order people see them.
import { useId } from 'react';
import { hasOptions, type QuestionDraft, type QuestionKind } from '../eventFormValues';

const MAX_QUESTIONS = 10;

const KINDS: { value: QuestionKind; label: string }[] = [
  { value: 'text', label: 'Short answer' },
  { value: 'choice', label: 'One of several options' },
  { value: 'multi', label: 'Any of several options' },
  { value: 'checkbox', label: 'A box to tick (consent or terms)' },
];

interface QuestionsEditorProps {
  questions: QuestionDraft[];
  errors: string[] | undefined;
  onChange: (questions: QuestionDraft[]) => void;
}

export function QuestionsEditor({ questions, errors, onChange }: QuestionsEditorProps) {
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
      <legend className="field-label">Registration questions</legend>
      <p id="event-questions-help" className="text-sm text-slate-600">
        Asked of everyone who registers, in this order (up to {MAX_QUESTIONS}). You see the answers in the attendee list and its CSV.
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
        Add a Question
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
  const id = `event-question-${q.key}`;
  const name = `question ${number}`;
  return (
    <li className="grid gap-3 rounded-lg p-3 ring-1 ring-slate-300 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-label`} className="field-label">
          Question {number}
        </label>
        <input id={`${id}-label`} className="field-input" dir="auto" maxLength={200} value={q.label} onChange={(e) => onChange({ label: e.target.value })} />
      </div>
      <div>
        <label htmlFor={`${id}-kind`} className="field-label">
          Answered by
        </label>
        <select id={`${id}-kind`} className="field-input" value={q.kind} onChange={(e) => onChange({ kind: e.target.value as QuestionKind })}>
          {KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
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
          {q.kind === 'checkbox' ? 'Must be ticked to register' : 'Must be answered'}
        </label>
      </div>
      {hasOptions(q.kind) && (
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-options`} className="field-label">
            Options, one a line
          </label>
          <textarea id={`${id}-options`} className="field-input" dir="auto" rows={3} value={q.options} onChange={(e) => onChange({ options: e.target.value })} />
        </div>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="button" className="btn-secondary" disabled={first} aria-label={`Move ${name} up`} onClick={() => onMove(-1)}>
          Move Up
        </button>
        <button type="button" className="btn-secondary" disabled={last} aria-label={`Move ${name} down`} onClick={() => onMove(1)}>
          Move Down
        </button>
        <button type="button" className="btn-secondary text-red-700" aria-label={`Remove ${name}`} onClick={onRemove}>
          Remove
        </button>
      </div>
    </li>
  );
}
