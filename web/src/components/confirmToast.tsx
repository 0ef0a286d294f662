// A toast that asks a yes/no question and stays until answered (spec §4, §9).
import toast from 'react-hot-toast';

export function confirmToast(message: string, labels: { confirm: string; cancel: string }): Promise<boolean> {
  return new Promise((resolve) => {
    toast.custom(
      (t) => (
        <div role="alertdialog" aria-label={message} className="rounded-lg bg-white p-4 shadow-lg ring-1 ring-slate-200">
          <p className="mb-3 text-sm font-medium text-slate-900">{message}</p>
          <div className="flex justify-end gap-2">
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                toast.dismiss(t.id);
                resolve(false);
              }}
            >
              {labels.cancel}
            </button>
            <button
              type="button"
              autoFocus
              className="btn-danger"
              onClick={() => {
                toast.dismiss(t.id);
                resolve(true);
              }}
            >
              {labels.confirm}
            </button>
          </div>
        </div>
      ),
      { duration: Infinity },
    );
  });
}
