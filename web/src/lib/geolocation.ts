import toast from 'react-hot-toast';
import { t } from '@/i18n/i18n';

// Asks the browser where the visitor is (with their permission) and hands
// the point to found; says so when it cannot (unavailable: the caller's
// words, already translated). done runs either way.
export function locate(found: (coords: GeolocationCoordinates) => void, unavailable: string, done: () => void): void {
  if (!('geolocation' in navigator)) {
    toast.error(t('shared.geolocation.unsupported'));
    done();
    return;
  }
  navigator.geolocation.getCurrentPosition(
    (position) => {
      done();
      found(position.coords);
    },
    () => {
      done();
      toast.error(unavailable);
    },
    { maximumAge: 600_000, timeout: 15_000 },
  );
}
