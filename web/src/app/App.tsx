import { BrowserRouter } from 'react-router';
import { Toaster } from 'react-hot-toast';
import { AppRoutes } from '@/app/router';

// Toast settings of spec §9: at most 20 at once (the library's limit),
// 4 s for blank, error and custom toasts, 2 s for success, loading toasts
// until dismissed, 16 px from the edges.
export const toasterProps = {
  position: 'top-center',
  gutter: 8,
  containerStyle: { inset: 16 },
  toastOptions: {
    duration: 4000,
    success: { duration: 2000 },
    error: { duration: 4000 },
    loading: { duration: Infinity },
  },
} as const;

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
      <Toaster {...toasterProps} />
    </BrowserRouter>
  );
}
