// A toast that asks a yes/no question and stays until answered (spec §4, §9).
import toast from 'react-hot-toast';

// One question at a time: asking again replaces the open question (taken
// as answered No) instead of stacking a second dialog on one still closing.
const CONFIRM_ID = 'confirm';
let pending: ((answer: boolean) => void) | null = null;

export function confirmToast(message: string, labels: { confirm: string; cancel: string }): Promise<boolean> {
  pending?.(false);
  return new Promise((resolve) => {
    const answer = (value: boolean) => {
      if (pending === answer) pending = null;
      toast.remove(CONFIRM_ID);
      resolve(value);
    };
    pending = answer;
    toast.custom(
      () => (
        <div role="alertdialog" aria-label={message} className="rounded-lg bg-white p-4 shadow-lg ring-1 ring-slate-200">
          <p className="mb-3 text-sm font-medium text-slate-900">{message}</p>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => answer(false)}>
              {labels.cancel}
            </button>
            <button type="button" autoFocus className="btn-danger" onClick={() => answer(true)}>
              {labels.confirm}
            </button>
          </div>
        </div>
      ),
      { id: CONFIRM_ID, duration: Infinity },
    );
  });
}
