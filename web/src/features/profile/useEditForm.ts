import { useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formErrorsOf, type FormErrorReport } from '@/lib/errors';
import { ACCOUNT_KEY } from '@/api/useAccount';
import { invalidateQuery } from '@/lib/query';
import { uploadImage, type ImageKind } from '@/lib/upload';
import { useReturnToProfile } from './hooks';
import { t } from '@/i18n/i18n';

const noErrors: FormErrorReport = { fields: {}, others: [] };

export interface EditFormOptions<F extends Record<string, string> & { email: string }> {
  // Prefix of the inputs' ids.
  idPrefix: string;
  initial: F;
  // The optional new picture, picked in the file input `field`: uploaded
  // straight to S3, so large images never pass through the API, and sent
  // as keyField.
  image: { kind: ImageKind; keyField: string; field: string };
  // API fields → the form field that shows their messages.
  fieldOf: Record<string, string>;
  save: (form: FormData) => Promise<unknown>;
  // Toasted once saved (the page's words, in the language shown).
  successMessage: string;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

// An edit form of the profile feature: its values, the new picture, and a
// submit that saves, tells the top bar (it shows the picture), toasts and
// returns to the profile after 1.5 s — or shows what went wrong. A new
// email needs the current password and takes effect only once the new
// address follows the link the API mails it.
export function useEditForm<F extends Record<string, string> & { email: string }>(options: EditFormOptions<F>) {
  const returnToProfile = useReturnToProfile();
  const [values, setValues] = useState<F>(options.initial);
  const [currentPassword, setCurrentPassword] = useState('');
  const emailChanged = !sameEmail(values.email, options.initial.email);
  const [image, setImage] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FormErrorReport>(noErrors);

  const bind = (name: keyof F & string) => ({
    id: `${options.idPrefix}-${name}`,
    name,
    value: values[name],
    errors: errors.fields[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  // The picture's file input, bound as `bind` binds a text field.
  const bindImage = () => ({
    id: `${options.idPrefix}-${options.image.field}`,
    name: options.image.field,
    type: 'file',
    accept: 'image/*',
    errors: errors.fields[options.image.field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setImage(e.target.files?.[0] ?? null),
  });

  // Shown only while the email differs from the saved one.
  const bindCurrentPassword = () => ({
    id: `${options.idPrefix}-current_password`,
    name: 'current_password',
    type: 'password',
    autoComplete: 'current-password',
    required: true,
    value: currentPassword,
    errors: errors.fields.current_password,
    onChange: (e: { target: { value: string } }) => setCurrentPassword(e.target.value),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setErrors(noErrors);
    try {
      const form = new FormData();
      for (const [name, value] of Object.entries(values)) form.append(name, value);
      if (emailChanged) form.append('current_password', currentPassword);
      if (image) form.append(options.image.keyField, await uploadImage(options.image.kind, image));
      await options.save(form);
      // The top bar's avatar and the profile show the new account.
      invalidateQuery(ACCOUNT_KEY);
      toast.success(options.successMessage);
      if (emailChanged) {
        toast.success(t('profile.confirmationLinkSent', { email: values.email.trim() }));
      }
      returnToProfile();
    } catch (error) {
      console.error(`${options.idPrefix} update failed`, error);
      toast.error(t('profile.updateFailed'));
      setErrors(formErrorsOf(error, options.fieldOf));
      setSaving(false);
    }
  }

  return { bind, bindImage, chosenImage: image, bindCurrentPassword, emailChanged, saving, errors, submit };
}
