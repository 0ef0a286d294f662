// The questions an event asks of the people registering, answered on its
// page before Register: a short answer, one or several options, or a box
// to tick. Required ones are marked and checked by the browser too; the
// server's reasons show under each question.
import type { ReactNode } from 'react';
import type { FieldErrors } from '@/lib/errors';
import type { Schemas } from '@/types/api';
import { useT } from '@/i18n/react';

export type Question = Schemas['Question'];
export type AnswerValue = string | string[] | boolean;
export type AnswerDraft = Record<string, AnswerValue>;

export const QUESTIONS_FORM = 'registration-questions';

interface RegistrationQuestionsProps {
  questions: Question[];
  answers: AnswerDraft;
  errors: FieldErrors;
  onChange: (answers: AnswerDraft) => void;
}

export function RegistrationQuestions({ questions, answers, errors, onChange }: RegistrationQuestionsProps) {
  const t = useT();
  const set = (id: string, value: AnswerValue) => onChange({ ...answers, [id]: value });
  return (
    <form id={QUESTIONS_FORM} aria-label={t('events.questionsLabel')} className="mt-3 grid gap-4 border-t border-slate-200 pt-4" onSubmit={(e) => e.preventDefault()}>
      <p className="text-sm text-slate-700">{t('events.questionsIntro')}</p>
      {questions.map((q) => (
        <QuestionField key={q.id} question={q} value={answers[q.id]} errors={errors[q.id]} onChange={(v) => set(q.id, v)} />
      ))}
    </form>
  );
}

function QuestionField({ question: q, value, errors, onChange }: { question: Question; value: AnswerValue | undefined; errors: string[] | undefined; onChange: (v: AnswerValue) => void }) {
  const id = `answer-${q.id}`;
  const described = errors?.length ? `${id}-error` : undefined;
  const problems = errors?.length ? (
    <ul id={`${id}-error`} className="mt-1 text-sm text-red-700">
      {errors.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  ) : null;
  if (q.kind === 'checkbox')
    return (
      <div>
        <div className="flex items-start gap-2">
          <input id={id} type="checkbox" required={q.required} aria-describedby={described} className="mt-1 size-4 rounded border-slate-300 text-indigo-700" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          <label htmlFor={id} className="text-sm text-slate-900">
            {q.label}
            {q.required && <Required />}
          </label>
        </div>
        {problems}
      </div>
    );
  if (q.kind === 'text')
    return (
      <div>
        <label htmlFor={id} className="field-label">
          {q.label}
          {q.required && <Required />}
        </label>
        <input id={id} className="field-input" dir="auto" maxLength={500} required={q.required} aria-describedby={described} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} />
        {problems}
      </div>
    );
  const chosen = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return (
    <fieldset aria-describedby={described}>
      <legend className="field-label">
        {q.label}
        {q.required && <Required />}
      </legend>
      <div className="mt-1 grid gap-1">
        {q.options.map((option, i) => (
          <Option key={option} id={`${id}-${i}`} name={id} multi={q.kind === 'multi'} required={q.required && q.kind === 'choice'} checked={chosen.includes(option)} onChange={(on) => onChange(q.kind === 'multi' ? (on ? [...chosen, option] : chosen.filter((c) => c !== option)) : option)}>
            {option}
          </Option>
        ))}
      </div>
      {problems}
    </fieldset>
  );
}

function Option({ id, name, multi, required, checked, onChange, children }: { id: string; name: string; multi: boolean; required: boolean; checked: boolean; onChange: (on: boolean) => void; children: ReactNode }) {
  return (
    <div className="flex items-center gap-2">
      <input id={id} name={name} type={multi ? 'checkbox' : 'radio'} required={required} className="size-4 border-slate-300 text-indigo-700" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id} className="text-sm text-slate-900">
        {children}
      </label>
    </div>
  );
}

function Required() {
  return (
    <span className="ms-1 text-sm font-semibold text-red-700" aria-hidden="true">
      *
    </span>
  );
}

// Whether the questions' form is filled in as the browser can tell (it
// shows what is missing); true when there is none.
export function questionsReady(): boolean {
  const form = document.getElementById(QUESTIONS_FORM);
  return !(form instanceof HTMLFormElement) || form.reportValidity();
}
