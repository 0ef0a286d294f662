import { useState } from 'react';
import { locate } from '@/lib/geolocation';
import { FormInput } from '@/components/FormField';
import { Combobox } from '@/components/Combobox';
import { useCategories } from '@/api/useEvents';
import { useSuggestions } from '@/lib/useSuggestions';
import type { FormErrorReport } from '@/lib/errors';
import { suggestPlaces } from '../api';
import type { EventFormValues } from '../eventFormValues';
import { t as translate } from '@/i18n/i18n';
import { T, useLocale, useT } from '@/i18n/react';
import { languageChoices } from '@/lib/eventLanguages';

type PlaceValues = Pick<EventFormValues, 'category' | 'language' | 'city' | 'latitude' | 'longitude'>;

const coord = (n: number) => n.toFixed(5);

// The event form's what-and-where, all optional: a category, and a place
// picker. The city is typed or picked from the cities of other events,
// which fill in the point when one is known there; "Use my location" fills
// it from the browser. Typing leaves the point alone (a saved event keeps
// its own); emptying the city drops it. The raw coordinates stay editable
// behind a disclosure.
export function PlaceFields({ values, errors, onChange }: { values: PlaceValues; errors: FormErrorReport; onChange: (changes: Partial<PlaceValues>) => void }) {
  const t = useT();
  const [locating, setLocating] = useState(false);
  // Suggestions follow what the organizer types, not the saved city.
  const [typed, setTyped] = useState(false);
  const places = useSuggestions(values.city, typed, suggestPlaces);

  function fillMyLocation() {
    setLocating(true);
    locate(
      (coords) => onChange({ latitude: coord(coords.latitude), longitude: coord(coords.longitude) }),
      translate('dashboard.place.locationUnavailable'),
      () => setLocating(false),
    );
  }

  const coordsErrors = [...(errors.fields.latitude ?? []), ...(errors.fields.longitude ?? [])];
  const coordinate = (field: 'latitude' | 'longitude') => ({
    id: `event-${field}`,
    name: field,
    inputMode: 'decimal' as const,
    value: values[field],
    errors: errors.fields[field],
    onChange: (e: { target: { value: string } }) => onChange({ [field]: e.target.value }),
  });
  const hasPoint = values.latitude.trim() !== '' && values.longitude.trim() !== '';

  return (
    <>
      <CategoryField value={values.category} errors={errors.fields.category} onChange={(category) => onChange({ category })} />
      <LanguageField value={values.language} errors={errors.fields.language} onChange={(language) => onChange({ language })} />
      <div className="sm:col-span-2">
        <Combobox
          id="event-city"
          label={t('dashboard.place.city')}
          listLabel={t('dashboard.place.cities')}
          text={values.city}
          onTextChange={(city) => {
            setTyped(true);
            onChange(city.trim() === '' ? { city, latitude: '', longitude: '' } : { city });
          }}
          options={places}
          keyOf={(p) => p.city}
          render={(p) => (
            <>
              <span dir="auto">{p.city}</span>
              {p.latitude != null && <span className="text-xs opacity-75">{t('dashboard.place.mapPointTag')}</span>}
            </>
          )}
          onPick={(p) => {
            setTyped(false);
            onChange(p.latitude != null && p.longitude != null ? { city: p.city, latitude: coord(p.latitude), longitude: coord(p.longitude) } : { city: p.city });
          }}
          status={t('dashboard.place.cityCount', { count: places.length })}
          errors={errors.fields.city}
          describedBy="event-point"
          inputProps={{ autoComplete: 'off', maxLength: 100, name: 'city' }}
        />
        <MapPointNote latitude={values.latitude} longitude={values.longitude} hasPoint={hasPoint} />
        <div className="mt-2 flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" aria-busy={locating} disabled={locating} onClick={fillMyLocation}>
            {t('dashboard.place.useMyLocation')}
          </button>
          {hasPoint && (
            <button type="button" className="btn-secondary" onClick={() => onChange({ latitude: '', longitude: '' })}>
              {t('dashboard.place.removeMapPoint')}
            </button>
          )}
        </div>
        <details className="mt-3" open={coordsErrors.length > 0 || undefined}>
          <summary className="cursor-pointer text-sm font-medium text-indigo-700">{t('dashboard.place.byHand')}</summary>
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            <FormInput label={t('dashboard.place.latitude')} {...coordinate('latitude')} />
            <FormInput label={t('dashboard.place.longitude')} {...coordinate('longitude')} />
          </div>
        </details>
      </div>
    </>
  );
}

interface Choice {
  value: string;
  name: string;
}

// A labelled select of the form, with its errors under it.
function SelectField(props: { name: string; label: string; value: string; choices: Choice[]; errors: string[] | undefined; onChange: (value: string) => void }) {
  const id = `event-${props.name}`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {props.label}
      </label>
      <select id={id} name={props.name} className="field-input mt-1" value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.name}
          </option>
        ))}
      </select>
      {props.errors?.map((m) => (
        <p key={m} className="text-sm text-red-700">
          {m}
        </p>
      ))}
    </div>
  );
}

function CategoryField({ value, errors, onChange }: { value: string; errors: string[] | undefined; onChange: (category: string) => void }) {
  const t = useT();
  const categories = useCategories();
  const choices = categories.length > 0 ? categories.map((c) => ({ value: c.id, name: c.name })) : [{ value, name: value }];
  return <SelectField name="category" label={t('dashboard.place.category')} value={value} choices={choices} errors={errors} onChange={onChange} />;
}

// The language the event is held in, named in the organizer's language;
// optional (people search by it, and its page and card say it).
function LanguageField({ value, errors, onChange }: { value: string; errors: string[] | undefined; onChange: (language: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const choices = [{ value: '', name: t('dashboard.place.languageUnsaid') }, ...languageChoices(locale, value).map((l) => ({ value: l.tag, name: l.name }))];
  return <SelectField name="language" label={t('dashboard.place.language')} value={value} choices={choices} errors={errors} onChange={onChange} />;
}

// Whether the event has a map point (and a link to see it), read out when it changes.
function MapPointNote({ latitude, longitude, hasPoint }: { latitude: string; longitude: string; hasPoint: boolean }) {
  const t = useT();
  const map = `https://www.openstreetmap.org/?mlat=${encodeURIComponent(latitude)}&mlon=${encodeURIComponent(longitude)}#map=15/${encodeURIComponent(latitude)}/${encodeURIComponent(longitude)}`;
  // eslint-disable-next-line jsx-a11y/anchor-has-content -- the message puts the link's words inside it
  const mapLink = <a className="text-indigo-700 underline" href={map} target="_blank" rel="noreferrer" />;
  return (
    <p id="event-point" aria-live="polite" className="mt-1 text-sm text-slate-600">
      {hasPoint ? (
        <T id={'dashboard.place.mapPoint'} values={{ latitude, longitude }} components={{ 0: mapLink }} />
      ) : (
        t('dashboard.place.noMapPoint')
      )}
    </p>
  );
}
