import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { confirmToast } from '@/components/confirmToast';
import { useAction } from '@/lib/useAction';
import { useT } from '@/i18n/react';
import { cancelEvent, messageAttendees, type AttendeesPage } from './api';

const SUBJECT_MAX = 120;
const BODY_MAX = 5000;
const CANCEL_MAX = 2000;

// Says that the event is called off, at the top of its attendee screen.
export function CancelledNote() {
  const t = useT();
  return (
    <p role="status" className="card border-s-4 border-red-600 text-slate-800">
      {t('attendees.cancelledNote')}
    </p>
  );
}

// The organizer's ways to reach an event's people: a message to everyone
// registered (previewed before it goes), and calling the event off (not
// offered once it is).
export function TellAttendees({ page, onCancelled }: { page: AttendeesPage; onCancelled: () => void }) {
  if (page.event.cancelled) return null;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <MessageForm eventId={page.event.id} title={page.event.title} registered={page.registered} />
      <CancelForm eventId={page.event.id} title={page.event.title} onCancelled={onCancelled} />
    </div>
  );
}

function MessageForm({ eventId, title, registered }: { eventId: string; title: string; registered: number }) {
  const t = useT();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [previewing, setPreviewing] = useState(false);
  const { busy: sending, run } = useAction();
  const ready = subject.trim() !== '' && body.trim() !== '';

  function preview(e: FormEvent) {
    e.preventDefault();
    if (ready) setPreviewing(true);
  }

  const send = () =>
    run('message attendees', t('attendees.messageFailed'), async () => {
      toast.success(await messageAttendees(eventId, { subject: subject.trim(), body: body.trim() }));
      setSubject('');
      setBody('');
      setPreviewing(false);
    });

  return (
    <section aria-labelledby="message-title" className="card">
      <h2 id="message-title" className="mb-1 text-lg font-semibold text-slate-900">
        {t('attendees.messageTitle')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('attendees.messageHint', { count: registered })}</p>
      {previewing ? (
        <div>
          <MessagePreview subject={subject} body={body} title={title} />
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className="btn-primary" disabled={sending} aria-busy={sending} onClick={() => void send()}>
              {t('attendees.sendToEveryone')}
            </button>
            <button type="button" className="btn-secondary" disabled={sending} onClick={() => setPreviewing(false)}>
              {t('attendees.edit')}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={preview} className="grid gap-3">
          <div>
            <label htmlFor="message-subject" className="field-label">
              {t('attendees.subject')}
            </label>
            <input
              id="message-subject"
              className="field-input mt-1"
              required
              maxLength={SUBJECT_MAX}
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor="message-body" className="field-label">
              {t('attendees.message')}
            </label>
            <textarea
              id="message-body"
              className="field-input mt-1 min-h-28"
              required
              maxLength={BODY_MAX}
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
          </div>
          <div>
            <button type="submit" className="btn-secondary" disabled={!ready}>
              {t('attendees.previewButton')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

// The message as the mail will read.
function MessagePreview({ subject, body, title }: { subject: string; body: string; title: string }) {
  const t = useT();
  return (
    <>
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{t('attendees.previewLabel')}</p>
      <div className="mt-2 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
        <p className="font-semibold text-slate-900">
          {subject.trim()} · {title}
        </p>
        <p className="mt-3">{t('attendees.previewIntro', { title })}</p>
        {body
          .trim()
          .split(/\n\s*\n/)
          .map((paragraph, i) => (
            <p key={i} className="mt-3 whitespace-pre-line">
              {paragraph.trim()}
            </p>
          ))}
      </div>
    </>
  );
}

function CancelForm({ eventId, title, onCancelled }: { eventId: string; title: string; onCancelled: () => void }) {
  const t = useT();
  const [message, setMessage] = useState('');
  const { busy: cancelling, run } = useAction();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const confirmed = await confirmToast(t('attendees.cancelQuestion', { title }), {
      confirm: t('attendees.cancelConfirm'),
      cancel: t('attendees.cancelKeep'),
    });
    if (!confirmed) return;
    await run('cancel event', t('attendees.cancelFailed'), async () => {
      toast.success(await cancelEvent(eventId, message.trim()));
      onCancelled();
    });
  }

  return (
    <section aria-labelledby="cancel-title" className="card">
      <h2 id="cancel-title" className="mb-1 text-lg font-semibold text-slate-900">
        {t('attendees.cancelTitle')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('attendees.cancelHint')}</p>
      <form onSubmit={(e) => void submit(e)} className="grid gap-3">
        <div>
          <label htmlFor="cancel-message" className="field-label">
            {t('attendees.cancelMessageLabel')}
          </label>
          <textarea
            id="cancel-message"
            className="field-input mt-1 min-h-24"
            required
            maxLength={CANCEL_MAX}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        </div>
        <div>
          <button type="submit" className="btn-danger" disabled={message.trim() === '' || cancelling} aria-busy={cancelling}>
            {t('attendees.cancelButton')}
          </button>
        </div>
      </form>
    </section>
  );
}
