import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { toasterProps } from '@/app/AppToaster';


describe('toaster settings', () => {
  it('keeps blank, error and custom toasts 4 s, success 2 s and loading until dismissed', () => {
    expect(toasterProps.toastOptions.duration).toBe(4000);
    expect(toasterProps.toastOptions.success.duration).toBe(2000);
    expect(toasterProps.toastOptions.error.duration).toBe(4000);
    expect(toasterProps.toastOptions.loading.duration).toBe(Infinity);
  });

  it('renders its container 16 px from the edges, below the 64 px top bar', () => {
    render(<Toaster {...toasterProps} />);
    act(() => {
      toast('Hello');
    });
    const container = screen.getByText('Hello').closest<HTMLElement>('[style*="position: fixed"]');
    expect([container?.style.left, container?.style.right, container?.style.bottom]).toEqual(['16px', '16px', '16px']);
    // Not over the top bar (a phone's menu stays reachable).
    expect(container?.style.top).toBe('80px');
    act(() => toast.remove());
  });
});
