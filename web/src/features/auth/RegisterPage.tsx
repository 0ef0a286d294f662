import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { errorIdOf, FormFrame } from '@/components/FormField';
import { MAX_SIGN_UP_IMAGE_BYTES } from '@/config/limits';
import { paths } from '@/config/paths';
import { errorBody } from '@/lib/errors';
import { registerOrganization, registerUser } from './api';
import { AuthCard, Field, FormError, SubmitButton } from './components';
import { useDocumentTitle } from '@/lib/documentTitle';
import { NEXT_PARAM, useNextPage, withNextPage } from '@/lib/nextPage';
import { t as translate } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/ids';
import { T, useT } from '@/i18n/react';

type Kind = 'user' | 'organization';

// Multipart body of the form's non-empty values (empty values
// are omitted). Text is trimmed; passwords are sent as typed. The chosen
// image is read from its input.
function nonEmptyValues(form: HTMLFormElement): FormData {
  const body = new FormData();
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) || !element.name) continue;
    if (element instanceof HTMLInputElement && element.type === 'file') {
      const file = element.files?.[0];
      if (file && file.size > 0) body.append(element.name, file);
      continue;
    }
    const text = element.name.startsWith('password') ? element.value : element.value.trim();
    if (text !== '') body.append(element.name, text);
  }
  return body;
}

// Each field's label, to name it in a server message's toast.
const FIELD_LABELS: Record<string, MessageId> = {
  first_name: 'auth.firstName',
  last_name: 'auth.lastName',
  username: 'auth.username',
  email: 'auth.email',
  phone: 'auth.phone',
  address: 'auth.address',
  password: 'auth.password',
  password1: 'auth.confirmPassword',
  image: 'auth.avatar',
  organization: 'auth.organizationName',
  address1: 'auth.addressLine1',
  address2: 'auth.addressLine2',
  link: 'auth.website',
  description: 'auth.description',
  logo: 'auth.logo',
};

// Every server message, as its own toast, naming its field: four
// bare "This field is required." toasts would not say which four.
function toastServerMessages(body: Record<string, string[]>) {
  const messages = Object.entries(body).flatMap(([field, list]) => {
    const label = FIELD_LABELS[field];
    return list.map((message) => (label ? translate('auth.fieldMessage', { field: translate(label), message }) : message));
  });
  if (messages.length === 0) toast.error(translate('auth.somethingWentWrongLater'));
  for (const message of messages) toast.error(message);
}

const MISMATCH_ID = 'password-mismatch';
const PASSWORDS: { name: string; label: MessageId }[] = [
  { name: 'password', label: 'auth.password' },
  { name: 'password1', label: 'auth.confirmPassword' },
];

// The password pair both registration forms ask for; when the two differ,
// both are marked and point at the message above the submit button.
function PasswordFields({ mismatch, errors }: { mismatch: boolean; errors: FieldMessages }) {
  const t = useT();
  return PASSWORDS.map(({ name, label }) => (
    <Field
      key={name}
      id={name}
      name={name}
      type="password"
      label={t(label)}
      autoComplete="new-password"
      invalid={mismatch || name in errors}
      errorId={mismatch ? MISMATCH_ID : undefined}
      errors={errors[name]}
    />
  ));
}

// The server's messages by field.
type FieldMessages = Record<string, string[]>;

// Where both forms end: the mismatch message, then the submit button.
function SubmitRow({ mismatch, submitting, children }: { mismatch: boolean; submitting: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <div className="grid gap-4 sm:col-span-2">
      {mismatch && <FormError id={MISMATCH_ID}>{t('auth.passwordsDoNotMatch')}</FormError>}
      <SubmitButton busy={submitting}>{children}</SubmitButton>
    </div>
  );
}

export default function RegisterPage() {
  const t = useT();
  useDocumentTitle(t('auth.signUpTitle'));
  const [kind, setKind] = useState<Kind>('user');
  const [submitting, setSubmitting] = useState(false);
  const [mismatch, setMismatch] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldMessages>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The page the person was on their way to: the activation link carries
  // it, so activating in any browser leads back to it.
  const next = useNextPage();

  function switchKind(organization: boolean) {
    setKind(organization ? 'organization' : 'user');
    setMismatch(false);
    setFieldErrors({});
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = nonEmptyValues(event.currentTarget);
    if ((body.get('password') ?? '') !== (body.get('password1') ?? '')) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    // Checked before sending: the API could only refuse the whole upload.
    const image = ['image', 'logo'].find((name) => ((body.get(name) as File | null)?.size ?? 0) > MAX_SIGN_UP_IMAGE_BYTES);
    if (image) {
      toast.error(t('auth.imageTooLarge'));
      setFieldErrors({ [image]: [t('auth.imageTooLarge')] });
      return;
    }
    // Organizers do not register for events on the way in.
    if (next && kind === 'user') body.append(NEXT_PARAM, next);
    setSubmitting(true);
    try {
      if (kind === 'user') await registerUser(body);
      else await registerOrganization(body);
      toast.success(kind === 'user' ? t('auth.userRegistered') : t('auth.organizationRegistered'));
      setSentTo(String(body.get('email') ?? ''));
    } catch (error) {
      const body = errorBody(error);
      toastServerMessages(body);
      setFieldErrors(Object.fromEntries(Object.entries(body).filter(([field]) => field !== 'detail')));
    } finally {
      setSubmitting(false);
    }
  }

  if (sentTo !== null) return <EmailSent sentTo={sentTo} next={next} />;

  return (
    <AuthCard title={kind === 'user' ? t('auth.createAccountTitle') : t('auth.registerOrganizationTitle')} wide>
      <div className="mb-6 flex items-center gap-3 rounded-lg bg-slate-50 p-3">
        <input
          id="register-as-organization"
          type="checkbox"
          className="h-5 w-5 rounded border-slate-300 accent-indigo-700"
          checked={kind === 'organization'}
          onChange={(e) => switchKind(e.target.checked)}
        />
        <label htmlFor="register-as-organization" className="text-sm font-medium text-slate-900">
          {t('auth.registerAsOrganization')}
        </label>
      </div>

      {kind === 'user' ? (
        <UserForm fieldErrors={fieldErrors} mismatch={mismatch} submitting={submitting} onSubmit={(e) => void submit(e)} />
      ) : (
        <OrganizationForm fieldErrors={fieldErrors} mismatch={mismatch} submitting={submitting} onSubmit={(e) => void submit(e)} />
      )}
      <p className="mt-6 text-center text-sm text-slate-700">
        <T
          id={'auth.haveAccount'}
          components={{ 0: <Link to={withNextPage(paths.login, next)} className="font-semibold text-indigo-700 underline-offset-2 hover:underline" /> }}
        />
      </p>
    </AuthCard>
  );
}

// After signing up: the activation link is on its way.
function EmailSent({ sentTo, next }: { sentTo: string; next: string | null }) {
  const t = useT();
  return (
    <AuthCard title={t('auth.confirmEmailTitle')}>
      <p className="text-slate-700">
        {sentTo ? (
          <T id={'auth.activationSentTo'} values={{ email: sentTo }} components={{ 0: <strong className="break-all text-slate-900" /> }} />
        ) : (
          t('auth.activationSent')
        )}
      </p>
      <Link to={withNextPage(paths.login, next)} className="btn-primary mt-6">
        {t('auth.goToLogin')}
      </Link>
    </AuthCard>
  );
}

interface FormProps {
  fieldErrors: FieldMessages;
  mismatch: boolean;
  submitting: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

function UserForm({ fieldErrors, mismatch, submitting, onSubmit }: FormProps) {
  const t = useT();
  const bad = (name: string) => name in fieldErrors;
  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('auth.userRegistrationForm')} className="grid gap-4 sm:grid-cols-2">
      <Field id="first_name" name="first_name" label={t('auth.firstName')} autoComplete="given-name" invalid={bad('first_name')} errors={fieldErrors['first_name']} />
      <Field id="last_name" name="last_name" label={t('auth.lastName')} autoComplete="family-name" invalid={bad('last_name')} errors={fieldErrors['last_name']} />
      <Field id="username" name="username" label={t('auth.username')} autoComplete="username" invalid={bad('username')} errors={fieldErrors['username']} />
      <Field id="email" name="email" type="email" label={t('auth.email')} autoComplete="email" invalid={bad('email')} errors={fieldErrors['email']} />
      <Field id="phone" name="phone" type="tel" label={t('auth.phone')} maxLength={11} autoComplete="tel" invalid={bad('phone')} errors={fieldErrors['phone']} />
      <Field id="address" name="address" label={t('auth.address')} autoComplete="street-address" invalid={bad('address')} errors={fieldErrors['address']} />
      <PasswordFields mismatch={mismatch} errors={fieldErrors} />
      <Field
        id="image"
        name="image"
        type="file"
        accept="image/*"
        label={t('auth.avatarOptional')}
        invalid={bad('image')} errors={fieldErrors['image']}
        className="sm:col-span-2"
      />
      <SubmitRow mismatch={mismatch} submitting={submitting}>
        {t('auth.createAccountButton')}
      </SubmitRow>
    </form>
  );
}

function OrganizationForm({ fieldErrors, mismatch, submitting, onSubmit }: FormProps) {
  const t = useT();
  const bad = (name: string) => name in fieldErrors;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={t('auth.organizationRegistrationForm')}
      className="grid gap-4 sm:grid-cols-2"
    >
      <Field
        id="organization"
        name="organization"
        label={t('auth.organizationName')}
        autoComplete="organization"
        invalid={bad('organization')} errors={fieldErrors['organization']}
        className="sm:col-span-2"
      />
      <Field id="address1" name="address1" label={t('auth.addressLine1')} autoComplete="address-line1" invalid={bad('address1')} errors={fieldErrors['address1']} />
      <Field id="address2" name="address2" label={t('auth.addressLine2')} autoComplete="address-line2" invalid={bad('address2')} errors={fieldErrors['address2']} />
      <Field id="phone" name="phone" type="tel" label={t('auth.phone')} maxLength={11} autoComplete="tel" invalid={bad('phone')} errors={fieldErrors['phone']} />
      <Field id="email" name="email" type="email" label={t('auth.email')} autoComplete="email" invalid={bad('email')} errors={fieldErrors['email']} />
      <Field
        id="link"
        name="link"
        type="url"
        label={t('auth.website')}
        placeholder="https://"
        autoComplete="url"
        invalid={bad('link')} errors={fieldErrors['link']}
        className="sm:col-span-2"
      />
      <FormFrame id="description" label={t('auth.description')} errors={fieldErrors['description']} className="sm:col-span-2">
        <textarea
          id="description"
          name="description"
          rows={4}
          className={`field-input ${bad('description') ? 'ring-2 ring-red-600' : ''}`}
          aria-invalid={bad('description') || undefined}
          aria-describedby={bad('description') ? errorIdOf('description') : undefined}
        />
      </FormFrame>
      <Field id="username" name="username" label={t('auth.username')} autoComplete="username" invalid={bad('username')} errors={fieldErrors['username']} className="sm:col-span-2" />
      <PasswordFields mismatch={mismatch} errors={fieldErrors} />
      <Field id="logo" name="logo" type="file" accept="image/*" label={t('auth.logoOptional')} invalid={bad('logo')} errors={fieldErrors['logo']} className="sm:col-span-2" />
      <SubmitRow mismatch={mismatch} submitting={submitting}>
        {t('auth.registerOrganizationButton')}
      </SubmitRow>
    </form>
  );
}
