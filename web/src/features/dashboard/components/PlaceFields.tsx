import { useState } from 'react';
import { locate } from '@/lib/geolocation';
import { FormInput } from '@/components/FormField';
import { useCategories, useCitySuggestions } from '@/features/events/hooks';
import type { FormErrorReport } from '@/lib/errors';
import type { EventFormValues } from './EventForm';

type Place = Pick<EventFormValues, 'category' | 'city' | 'latitude' | 'longitude' | 'time_zone'>;

// Every IANA zone the browser knows, for the time zone field's suggestions.
const zones = (): string[] => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []);

// The event form's what-and-where: category, city (with the cities of
// other events suggested), a point (typed, or the browser's location) and
// the time zone, all optional.
export function PlaceFields({ values, errors, onChange }: { values: Place; errors: FormErrorReport; onChange: (changes: Partial<Place>) => void }) {
  const categories = useCategories();
  const [locating, setLocating] = useState(false);
  // Suggestions follow what the organizer types, not the saved city.
  const [typed, setTyped] = useState(false);
  const cities = useCitySuggestions(values.city, typed);

  function fillMyLocation() {
    setLocating(true);
    locate(
      (coords) => onChange({ latitude: coords.latitude.toFixed(5), longitude: coords.longitude.toFixed(5) }),
      'Your location is not available. Type the coordinates instead.',
      () => setLocating(false),
    );
  }

  const text = (field: 'city' | 'latitude' | 'longitude' | 'time_zone') => ({
    id: `event-${field}`,
    name: field,
    value: values[field],
    errors: errors.fields[field],
    onChange: (e: { target: { value: string } }) => {
      if (field === 'city') setTyped(true);
      onChange({ [field]: e.target.value });
    },
  });

  return (
    <>
      <div>
        <label htmlFor="event-category" className="field-label">
          Category
        </label>
        <select id="event-category" name="category" className="field-input mt-1" value={values.category} onChange={(e) => onChange({ category: e.target.value })}>
          {(categories.length > 0 ? categories : [{ id: values.category, name: values.category }]).map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        {errors.fields.category?.map((m) => (
          <p key={m} className="text-sm text-red-700">
            {m}
          </p>
        ))}
      </div>
      <FormInput label="City (optional)" list="event-city-suggestions" autoComplete="off" maxLength={100} {...text('city')} />
      <datalist id="event-city-suggestions">
        {cities.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <FormInput label="Time zone" list="event-zone-suggestions" autoComplete="off" {...text('time_zone')} />
      <p id="event-zone-help" className="-mt-3 text-sm text-slate-600 sm:col-span-2">
        The start and end times are in this zone, and people see them in it.
      </p>
      <datalist id="event-zone-suggestions">
        {zones().map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <FormInput label="Latitude (optional)" inputMode="decimal" {...text('latitude')} />
      <FormInput label="Longitude (optional)" inputMode="decimal" {...text('longitude')} />
      <div className="sm:col-span-2">
        <button type="button" className="btn-secondary" aria-busy={locating} disabled={locating} onClick={fillMyLocation}>
          Use my location
        </button>
        <p className="mt-1 text-sm text-slate-600">Lets people find the event with “Near me”.</p>
      </div>
    </>
  );
}
