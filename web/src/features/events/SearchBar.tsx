import { useEffect, useState, type FormEvent } from 'react';
import { locate } from '@/lib/geolocation';
import { useCategories, useCitySuggestions } from '@/api/useEvents';
import { DEFAULT_NEAR_KM, NEAR_DISTANCES_KM, dateChoiceOf, dateRange, type DateChoice, type Search } from '@/lib/eventSearch';
import type { MessageId } from '@/i18n/ids';
import { useLocale, useT } from '@/i18n/react';
import { languageChoices } from '@/lib/eventLanguages';

const DATE_CHIPS: { choice: DateChoice; label: MessageId }[] = [
  { choice: 'today', label: 'events.dateToday' },
  { choice: 'weekend', label: 'events.dateWeekend' },
  { choice: 'week', label: 'events.dateWeek' },
];

type SetSearch = (changes: Search) => void;

// The search box and filters of the events list. Every change goes to
// the address (onChange), which the list follows.
export function SearchBar({ search, onChange }: { search: Search; onChange: (next: Search) => void }) {
  const t = useT();
  const [locating, setLocating] = useState(false);
  const dateChoice = dateChoiceOf(search);
  const [custom, setCustom] = useState(dateChoice === 'custom');

  const set: SetSearch = (changes) => {
    const next: Search = { ...search, ...changes };
    for (const key of Object.keys(next) as (keyof Search)[]) if (!next[key]) delete next[key];
    onChange(next);
  };

  function chooseDate(choice: DateChoice | null) {
    setCustom(false);
    set(choice ? dateRange(choice) : { from: undefined, to: undefined });
  }

  function nearMe() {
    if (search.near) {
      set({ near: undefined, radius_km: undefined });
      return;
    }
    setLocating(true);
    locate(
      (coords) => set({ near: `${coords.latitude.toFixed(4)},${coords.longitude.toFixed(4)}`, radius_km: DEFAULT_NEAR_KM }),
      t('events.locationUnavailable'),
      () => setLocating(false),
    );
  }

  const chip = (pressed: boolean) =>
    `rounded-full px-3 py-1.5 text-sm font-medium ring-1 ${pressed ? 'bg-indigo-700 text-white ring-indigo-700' : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50'}`;

  return (
    <section role="search" className="mb-6 grid gap-3" aria-label={t('events.searchLabel')}>
      <WordsForm search={search} set={set} />
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('events.filters')}>
        <button type="button" className={chip(dateChoice === null && !custom)} aria-pressed={dateChoice === null && !custom} onClick={() => chooseDate(null)}>
          {t('events.anyDate')}
        </button>
        {DATE_CHIPS.map(({ choice, label }) => (
          <button key={choice} type="button" className={chip(dateChoice === choice)} aria-pressed={dateChoice === choice} onClick={() => chooseDate(choice)}>
            {t(label)}
          </button>
        ))}
        <button type="button" className={chip(custom || dateChoice === 'custom')} aria-pressed={custom || dateChoice === 'custom'} onClick={() => setCustom(true)}>
          {t('events.pickDates')}
        </button>
        <button type="button" className={chip(Boolean(search.near))} aria-pressed={Boolean(search.near)} aria-busy={locating} onClick={nearMe}>
          {t('events.nearMe')}
        </button>
        {search.near && <DistanceSelect search={search} set={set} />}
        <CategorySelect search={search} set={set} />
        <LanguageSelect search={search} set={set} />
      </div>
      {(custom || dateChoice === 'custom') && <DateRangeFields search={search} set={set} />}
    </section>
  );
}

// The words and the city, sent together by Search.
function WordsForm({ search, set }: { search: Search; set: SetSearch }) {
  const t = useT();
  const [words, setWords] = useState(search.q ?? '');
  const [city, setCity] = useState(search.city ?? '');
  const [typedCity, setTypedCity] = useState(false);
  const cities = useCitySuggestions(city, typedCity);
  // Back and forward move the address; the fields follow it.
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is outside React state
  useEffect(() => setWords(search.q ?? ''), [search.q]);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is outside React state
  useEffect(() => setCity(search.city ?? ''), [search.city]);

  function submit(e: FormEvent) {
    e.preventDefault();
    set({ q: words.trim(), city: city.trim() });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
      <label htmlFor="event-search" className="sr-only">
        {t('events.searchLabel')}
      </label>
      <input
        id="event-search"
        type="search"
        className="field-input flex-1"
        placeholder={t('events.searchPlaceholder')}
        maxLength={100}
        value={words}
        onChange={(e) => setWords(e.target.value)}
      />
      <label htmlFor="event-city" className="sr-only">
        {t('events.city')}
      </label>
      <input
        id="event-city"
        className="field-input sm:w-44"
        placeholder={t('events.city')}
        maxLength={100}
        list="event-search-city-suggestions"
        autoComplete="off"
        value={city}
        onChange={(e) => {
          setTypedCity(true);
          setCity(e.target.value);
        }}
      />
      <datalist id="event-search-city-suggestions">
        {cities.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <button type="submit" className="btn-primary">
        {t('events.searchButton')}
      </button>
    </form>
  );
}

function DistanceSelect({ search, set }: { search: Search; set: SetSearch }) {
  const t = useT();
  const number = new Intl.NumberFormat(useLocale());
  return (
    <>
      <label htmlFor="event-distance" className="sr-only">
        {t('events.distance')}
      </label>
      <select
        id="event-distance"
        className="field-input w-auto py-1.5 text-sm"
        value={search.radius_km ?? DEFAULT_NEAR_KM}
        onChange={(e) => set({ radius_km: e.target.value })}
      >
        {/* A shared link's own distance is offered too. */}
        {[...new Set([...NEAR_DISTANCES_KM, search.radius_km ?? DEFAULT_NEAR_KM])].map((km) => (
          <option key={km} value={km}>
            {t('events.withinKm', { km: Number.isFinite(Number(km)) ? number.format(Number(km)) : km })}
          </option>
        ))}
      </select>
    </>
  );
}

function CategorySelect({ search, set }: { search: Search; set: SetSearch }) {
  const t = useT();
  const categories = useCategories();
  return (
    <>
      <label htmlFor="event-category" className="sr-only">
        {t('events.category')}
      </label>
      <select
        id="event-category"
        className="field-input w-auto py-1.5 text-sm"
        value={search.category ?? ''}
        onChange={(e) => set({ category: e.target.value || undefined })}
      >
        <option value="">{t('events.allCategories')}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </>
  );
}

// Events held in one language (any variety of it: the API compares base
// languages).
function LanguageSelect({ search, set }: { search: Search; set: SetSearch }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <label htmlFor="event-language" className="sr-only">
        {t('events.language')}
      </label>
      <select
        id="event-language"
        className="field-input w-auto py-1.5 text-sm"
        value={search.lang ?? ''}
        onChange={(e) => set({ lang: e.target.value || undefined })}
      >
        <option value="">{t('events.allLanguages')}</option>
        {languageChoices(locale, search.lang).map((l) => (
          <option key={l.tag} value={l.tag}>
            {l.name}
          </option>
        ))}
      </select>
    </>
  );
}

function DateRangeFields({ search, set }: { search: Search; set: SetSearch }) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="event-from" className="field-label">
          {t('events.from')}
        </label>
        <input id="event-from" type="date" className="field-input mt-1" value={search.from ?? ''} onChange={(e) => set({ from: e.target.value })} />
      </div>
      <div>
        <label htmlFor="event-to" className="field-label">
          {t('events.to')}
        </label>
        <input id="event-to" type="date" className="field-input mt-1" min={search.from} value={search.to ?? ''} onChange={(e) => set({ to: e.target.value })} />
      </div>
    </div>
  );
}
