// A toast that asks a yes/no question and stays until answered.
import toast from 'react-hot-toast';

// One question at a time: asking again replaces the open question (taken
// as answered No) instead of stacking a second dialog on one still closing.
const CONFIRM_ID = 'confirm';
let pending: ((answer: boolean) => void) | null = null;

// Focus starts on the safe choice (cancel), so a stray Enter changes
// nothing; Escape answers it too, and focus then goes back to what asked.
export function confirmToast(message: string, labels: { confirm: string; cancel: string }): Promise<boolean> {
  pending?.(false);
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return new Promise((resolve) => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      answer(false);
    };
    const answer = (value: boolean) => {
      if (pending === answer) pending = null;
      window.removeEventListener('keydown', onKeyDown);
      toast.remove(CONFIRM_ID);
      if (!value && opener?.isConnected) opener.focus();
      resolve(value);
    };
    pending = answer;
    window.addEventListener('keydown', onKeyDown);
    toast.custom(
      () => (
        <div role="alertdialog" aria-label={message} className="rounded-lg bg-white p-4 shadow-lg ring-1 ring-slate-200">
          <p className="mb-3 text-sm font-medium text-slate-900">{message}</p>
          <div className="flex justify-end gap-2">
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a dialog starts on its safe answer */}
            <button type="button" autoFocus className="btn-secondary" onClick={() => answer(false)}>
              {labels.cancel}
            </button>
            <button type="button" className="btn-danger" onClick={() => answer(true)}>
              {labels.confirm}
            </button>
          </div>
        </div>
      ),
      { id: CONFIRM_ID, duration: Infinity },
    );
  });
}
