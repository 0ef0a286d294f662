import { useEffect, useMemo, useState } from 'react';
import { serverMessages } from '@/lib/errors';
import { timeIn } from '@/lib/time';
import { useDebounced } from '@/lib/useDebounced';
import { previewSeries, type SeriesPreview } from '../api';
import { dayNames, dayOf, defaultChoice, ruleOf, type RepeatChoice, type RepeatKind } from '../repeatRule';
import type { MessageId } from '@/i18n/ids';
import { t as translate } from '@/i18n/i18n';
import { useLocale, useT } from '@/i18n/react';
import { describeRepeat } from '@/lib/repeatWords';

const KINDS: { kind: RepeatKind; label: MessageId }[] = [
  { kind: 'none', label: 'dashboard.repeat.none' },
  { kind: 'weekly', label: 'dashboard.repeat.weekly' },
  { kind: 'monthly-weekday', label: 'dashboard.repeat.monthlyWeekday' },
  { kind: 'monthly-day', label: 'dashboard.repeat.monthlyDay' },
  { kind: 'custom', label: 'dashboard.repeat.custom' },
];

interface Props {
  start: string;
  timeZone: string;
  errors: string[] | undefined;
  onChange: (rule: string) => void;
}

// How a new event repeats: the choice becomes an RRULE (repeatRule.ts),
// whose words and next dates the server previews as the person chooses.
export function RepeatFields({ start, timeZone, errors, onChange }: Props) {
  const t = useT();
  const [choice, setChoice] = useState<RepeatChoice>(() => defaultChoice(start));
  const rule = ruleOf(choice, start);
  useEffect(() => onChange(rule), [rule, onChange]);
  const set = (changes: Partial<RepeatChoice>) => setChoice((c) => ({ ...c, ...changes }));

  return (
    <fieldset className="grid gap-3 sm:col-span-2">
      <legend className="field-label">{t('dashboard.repeat.legend')}</legend>
      <select
        aria-label={t('dashboard.repeat.legend')}
        className="field-input"
        value={choice.kind}
        // Weekly starts on the start's own day.
        onChange={(e) => set({ kind: e.target.value as RepeatKind, days: [dayOf(start) ?? 'MO'] })}
      >
        {KINDS.map((k) => (
          <option key={k.kind} value={k.kind}>
            {t(k.label)}
          </option>
        ))}
      </select>
      {choice.kind === 'weekly' && <WeeklyFields choice={choice} set={set} />}
      {choice.kind === 'custom' && (
        <div>
          <label htmlFor="repeat-custom" className="field-label">
            {t('dashboard.repeat.rule')}
          </label>
          <input
            id="repeat-custom"
            className="field-input mt-1 font-mono text-sm"
            placeholder="FREQ=WEEKLY;BYDAY=WE;COUNT=10"
            value={choice.custom}
            onChange={(e) => set({ custom: e.target.value })}
          />
        </div>
      )}
      {choice.kind !== 'none' && choice.kind !== 'custom' && <EndFields choice={choice} set={set} />}
      {errors?.map((m) => (
        <p key={m} className="text-sm text-red-700">
          {m}
        </p>
      ))}
      {rule && <Preview rule={rule} start={start} timeZone={timeZone} />}
    </fieldset>
  );
}

type FieldsProps = { choice: RepeatChoice; set: (changes: Partial<RepeatChoice>) => void };

function WeeklyFields({ choice, set }: FieldsProps) {
  const t = useT();
  const locale = useLocale();
  const days = useMemo(() => dayNames(locale), [locale]);
  const toggle = (code: string) => set({ days: choice.days.includes(code) ? choice.days.filter((d) => d !== code) : [...choice.days, code] });
  return (
    <>
      <div>
        <label htmlFor="repeat-interval" className="field-label">
          {t('dashboard.repeat.every')}
        </label>
        <select id="repeat-interval" className="field-input mt-1 w-auto" value={choice.interval} onChange={(e) => set({ interval: Number(e.target.value) })}>
          {[1, 2, 3, 4].map((n) => (
            <option key={n} value={n}>
              {t('dashboard.repeat.weeks', { count: n })}
            </option>
          ))}
        </select>
      </div>
      <div role="group" aria-label={t('dashboard.repeat.on')} className="flex flex-wrap gap-3">
        {days.map((d) => (
          <label key={d.code} className="flex items-center gap-1 text-sm text-slate-800">
            <input type="checkbox" checked={choice.days.includes(d.code)} onChange={() => toggle(d.code)} />
            {d.label}
          </label>
        ))}
      </div>
    </>
  );
}

function EndFields({ choice, set }: FieldsProps) {
  const t = useT();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor="repeat-end" className="field-label">
          {t('dashboard.repeat.ends')}
        </label>
        <select id="repeat-end" className="field-input mt-1" value={choice.end} onChange={(e) => set({ end: e.target.value as 'count' | 'until' })}>
          <option value="count">{t('dashboard.repeat.endCount')}</option>
          <option value="until">{t('dashboard.repeat.endUntil')}</option>
        </select>
      </div>
      {choice.end === 'count' ? (
        <div>
          <label htmlFor="repeat-count" className="field-label">
            {t('dashboard.repeat.count')}
          </label>
          <input id="repeat-count" type="number" min={1} max={200} className="field-input mt-1" value={choice.count} onChange={(e) => set({ count: Number(e.target.value) })} />
        </div>
      ) : (
        <div>
          <label htmlFor="repeat-until" className="field-label">
            {t('dashboard.repeat.until')}
          </label>
          <input id="repeat-until" type="date" className="field-input mt-1" value={choice.until} onChange={(e) => set({ until: e.target.value })} />
        </div>
      )}
      <div className="sm:col-span-2">
        <label htmlFor="repeat-skip" className="field-label">
          {t('dashboard.repeat.skip')}
        </label>
        <input id="repeat-skip" className="field-input mt-1" value={choice.skip} onChange={(e) => set({ skip: e.target.value })} />
      </div>
    </div>
  );
}

// The rule's words and its first dates, as the server reads it.
function Preview({ rule, start, timeZone }: { rule: string; start: string; timeZone: string }) {
  const t = useT();
  const locale = useLocale();
  const asked = useDebounced(`${rule}|${start}|${timeZone}`, 400);
  const [answer, setAnswer] = useState<{ for: string; preview?: SeriesPreview; problem?: string } | null>(null);
  useEffect(() => {
    if (!start || !timeZone) return;
    let current = true;
    const [r] = asked.split('|');
    previewSeries(r ?? '', start, timeZone).then(
      (preview) => current && setAnswer({ for: asked, preview }),
      (error: unknown) => current && setAnswer({ for: asked, problem: serverMessages(error)[0] ?? translate('dashboard.repeat.unreadable') }),
    );
    return () => {
      current = false;
    };
  }, [asked, start, timeZone]);
  if (!start) return <p className="text-sm text-slate-600">{t('dashboard.repeat.chooseStart')}</p>;
  // Only the answer for what the form says now.
  if (!answer || answer.for !== asked) return null;
  return (
    <div role="status" aria-label={t('dashboard.repeat.preview')} className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
      {answer.problem && <p className="text-red-800">{answer.problem}</p>}
      {answer.preview && (
        <>
          <p className="font-medium">
            {t('dashboard.repeat.summary', { text: describeRepeat(answer.preview.repeat_pattern, t, locale), count: answer.preview.count })}
          </p>
          <ul className="mt-1 list-disc ps-5">
            {answer.preview.dates.map((d) => (
              <li key={d}>{timeIn(d, timeZone, locale)}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
