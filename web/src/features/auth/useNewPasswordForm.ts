import { useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { errorBody } from '@/lib/errors';
import { t } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/ids';

interface NewPasswordOptions {
  // The page's own check of what was typed, made before the two passwords
  // are compared: the message to show (its id), or null.
  check?: (password: string, confirm: string) => MessageId | null;
  // Sends the new password and moves on.
  send: (password: string) => Promise<void>;
}

// A form that sets a new password, typed twice: nothing is sent until the
// two match, and when the server refuses (a weak password, a spent link, a
// wrong old password) the form stays, with the server's reasons. A problem
// found here is a message id, shown in the language in use.
export function useNewPasswordForm({ check, send }: NewPasswordOptions) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<MessageId | null>(null);
  const [reasons, setReasons] = useState<string[]>([]);
  // The API fields the server's reasons are about (e.g. new_password).
  const [refused, setRefused] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setReasons([]);
    setRefused([]);
    const found = check?.(password, confirm) ?? (password !== confirm ? 'auth.newPasswordsDoNotMatch' : null);
    setProblem(found);
    if (found !== null) return;
    setSaving(true);
    try {
      await send(password);
    } catch (error) {
      const body = errorBody(error);
      // The server's reasons say what to fix; only a failure without one
      // gets the vague words of the error catalogue.
      if (Object.keys(body).length === 0) toast.error(t('auth.somethingWentWrong'));
      setReasons(Object.values(body).flat());
      setRefused(Object.keys(body));
      setSaving(false);
    }
  }

  // What both inputs of the pair share; the page adds ids, names and labels.
  const input = (value: string, set: (value: string) => void) => ({
    type: 'password',
    autoComplete: 'new-password',
    required: true,
    value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(e.target.value),
  });

  return {
    password,
    confirm,
    passwordInput: input(password, setPassword),
    confirmInput: input(confirm, setConfirm),
    problem,
    reasons,
    refused,
    saving,
    submit,
  };
}
