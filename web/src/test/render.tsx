// Renders the whole app's routes in memory at one entry, with the toaster,
// as a person would meet them. The current location is shown in a hidden
// element so tests can check where the app navigated.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { MemoryRouter, useLocation } from 'react-router';
import { AppRoutes } from '@/app/router';
import { toasterProps } from '@/app/AppToaster';

function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname + location.search}
    </output>
  );
}

export function renderApp(path: string, state?: unknown) {
  const [pathname = '/', search = ''] = path.split('?');
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[{ pathname, search: search && `?${search}`, state }]}>
      <AppRoutes />
      <LocationProbe />
      <Toaster {...toasterProps} />
    </MemoryRouter>,
  );
  return { user, ...view };
}

// The path (and query) the app is showing now.
export const currentLocation = () => screen.getByTestId('location').textContent;
