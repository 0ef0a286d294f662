import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { confirmToast } from './confirmToast';

describe('confirmToast', () => {
  it('shows one question at a time: asking again replaces the open one, answered No', async () => {
    render(<Toaster />);
    let first: Promise<boolean> | undefined;
    let second: Promise<boolean> | undefined;
    act(() => {
      first = confirmToast('Delete "Jazz"?', { confirm: 'Yes', cancel: 'No' });
    });
    expect(await screen.findByRole('alertdialog', { name: 'Delete "Jazz"?' })).toBeInTheDocument();
    act(() => {
      second = confirmToast('Delete "Poetry"?', { confirm: 'Yes', cancel: 'No' });
    });

    await expect(first).resolves.toBe(false);
    expect(await screen.findByRole('alertdialog', { name: 'Delete "Poetry"?' })).toBeInTheDocument();
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await expect(second).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('starts on the safe choice, and Escape answers No and gives focus back to what asked', async () => {
    render(
      <>
        <button type="button">Cancel Registration</button>
        <Toaster />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Cancel Registration' });
    opener.focus();
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirmToast('Cancel your registration?', { confirm: 'Cancel registration', cancel: 'Keep my seat' });
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your registration?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep my seat' })).toHaveFocus());

    await userEvent.keyboard('{Escape}');

    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
