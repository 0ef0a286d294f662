import { useState } from 'react';
import toast from 'react-hot-toast';
import { formErrorsOf, type FormErrorReport } from '@/lib/errors';

const NO_ERRORS: FormErrorReport = { fields: {}, others: [] };

// A form sent to the API: busy while it goes; a refusal is toasted as
// failure and its messages kept for the form, the server's field errors
// under their fields (fields maps the API's names to the form's), the
// rest above the button.
export function useServerForm(fields: Record<string, string>) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrorReport>(NO_ERRORS);

  async function send(label: string, failure: string, action: () => Promise<void>): Promise<void> {
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      await action();
    } catch (error) {
      console.error(label, error);
      toast.error(failure);
      setErrors(formErrorsOf(error, fields));
    } finally {
      setBusy(false);
    }
  }

  // A mistake the form finds before asking (nothing chosen).
  const refuse = (field: string, message: string) => setErrors({ fields: { [field]: [message] }, others: [] });
  return { busy, errors, send, refuse };
}
