import { Toaster } from 'react-hot-toast';

// The sticky top bar's height (TopBar.tsx, h-16).
const TOP_BAR_PX = 64;

// The product's toast settings: at most 20 at once (the library's limit),
// 4 s for blank, error and custom toasts, 2 s for success, loading toasts
// until dismissed, 16 px from the edges — at the top, from the top bar's
// edge, so that no toast hides the bar (and its menu) on a phone.
export const toasterProps = {
  position: 'top-center',
  gutter: 8,
  containerStyle: { inset: 16, top: TOP_BAR_PX + 16 },
  toastOptions: {
    duration: 4000,
    success: { duration: 2000 },
    error: { duration: 4000 },
    loading: { duration: Infinity },
  },
} as const;

export default function AppToaster() {
  return <Toaster {...toasterProps} />;
}
