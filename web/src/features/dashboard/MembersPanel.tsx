import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { ACCOUNT_KEY } from '@/api/useAccount';
import { confirmToast } from '@/components/confirmToast';
import { LoadFailed } from '@/components/ListStatus';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/documentTitle';
import { serverMessages } from '@/lib/errors';
import { invalidateQuery, setQueryData, useQuery } from '@/lib/query';
import type { Member, Role, Team } from '@/types/api';
import { useDashboard } from './hooks';
import { getTeam, inviteMember, removeMember, setMemberRole, withdrawInvitation } from './membersApi';
import { ROLES, mayManageOrganization, type Membership } from '@/lib/roles';
import { t as translate } from '@/i18n/i18n';
import { useT } from '@/i18n/react';
import { ROLE_HELP, ROLE_NAME } from './roleNames';

const yesNo = () => ({ confirm: translate('dashboard.confirm.yes'), cancel: translate('dashboard.confirm.no') });

// The organization's members and their roles: owners invite people, change
// roles and take people out; anyone may leave.
export default function MembersPanel() {
  const t = useT();
  useDocumentTitle(t('dashboard.members.documentTitle'));
  const { membership, access, userId } = useDashboard();
  const owner = membership ? mayManageOrganization(membership.role) : false;

  return (
    <section aria-labelledby="members-panel">
      <h1 id="members-panel" className="mb-6 text-2xl font-bold tracking-tight text-slate-900">
        {t('dashboard.members.title')}
      </h1>
      {access === 'loading' && (
        <p role="status" className="text-slate-600">
          {t('dashboard.members.loading')}
        </p>
      )}
      {membership && (owner ? <Team orgId={membership.id} me={userId} /> : <OwnPlace membership={membership} me={userId} />)}
    </section>
  );
}

// The team, as its owners run it.
function Team({ orgId, me }: { orgId: string; me: string }) {
  const t = useT();
  const key = `team:${orgId}`;
  const team = useQuery(key, () => getTeam(orgId), { onError: (error) => console.error('load members', error) });
  const update = (next: Team) => setQueryData(key, next);
  if (team.status === 'loading') {
    return (
      <p role="status" className="text-slate-600">
        {t('dashboard.members.loading')}
      </p>
    );
  }
  if (team.status === 'error') return <LoadFailed what={t('dashboard.members.loadWhat')} retry={team.retry} />;
  return (
    <>
      <MemberList team={team.data} orgId={orgId} me={me} onChange={update} />
      <Invitations team={team.data} orgId={orgId} onChange={update} />
    </>
  );
}

// A member who is no owner: their own role, and the way out.
function OwnPlace({ membership, me }: { membership: Membership; me: string }) {
  const t = useT();
  const navigate = useNavigate();
  async function leave() {
    if (!(await confirmToast(translate('dashboard.members.confirmLeave', { name: membership.name }), yesNo()))) return;
    try {
      await removeMember(membership.id, me);
      invalidateQuery(ACCOUNT_KEY);
      void navigate(paths.profile);
    } catch (error) {
      toast.error(serverMessages(error)[0] ?? translate('dashboard.members.leaveFailed'));
    }
  }
  return (
    <div className="card flex flex-wrap items-center justify-between gap-3">
      <p className="text-slate-800">{t('dashboard.members.ownPlace', { name: membership.name, role: membership.role })}</p>
      <button type="button" className="btn-secondary" onClick={() => void leave()}>
        {t('dashboard.members.leave')}
      </button>
    </div>
  );
}

interface TeamProps {
  team: Team;
  orgId: string;
  onChange: (team: Team) => void;
}

function MemberList({ team, orgId, me, onChange }: TeamProps & { me: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);

  async function changeRole(m: Member, role: Role) {
    setBusy(m.id);
    try {
      const changed = await setMemberRole(orgId, m.id, role);
      onChange({ ...team, members: team.members.map((x) => (x.id === m.id ? { ...x, role: changed.role } : x)) });
      toast.success(translate('dashboard.members.roleChanged', { username: m.username, role: changed.role }));
    } catch (error) {
      toast.error(serverMessages(error)[0] ?? translate('dashboard.members.roleChangeFailed'));
    } finally {
      setBusy(null);
    }
  }

  async function remove(m: Member, leaving: boolean) {
    const question = leaving
      ? translate('dashboard.members.confirmLeave', { name: team.organization.name })
      : translate('dashboard.members.confirmRemove', { username: m.username, name: team.organization.name });
    if (!(await confirmToast(question, yesNo()))) return;
    setBusy(m.id);
    try {
      await removeMember(orgId, m.id);
      if (leaving) {
        invalidateQuery(ACCOUNT_KEY);
        void navigate(paths.profile);
        return;
      }
      onChange({ ...team, members: team.members.filter((x) => x.id !== m.id) });
    } catch (error) {
      toast.error(serverMessages(error)[0] ?? translate('dashboard.members.removeFailed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <ul className="grid gap-2" aria-label={t('dashboard.members.listLabel')}>
      {team.members.map((m) => (
        <li key={m.id} className="card flex flex-wrap items-center justify-between gap-3 py-3">
          <span className="font-medium text-slate-900">
            @{m.username}
            {m.login && (
              <span className="ms-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">{t('dashboard.members.organizationAccount')}</span>
            )}
          </span>
          <span className="flex flex-wrap items-center gap-2">
            {!m.login ? (
              <select
                className="field-input w-auto"
                aria-label={t('dashboard.members.roleOf', { username: m.username })}
                value={m.role}
                disabled={busy === m.id}
                onChange={(e) => void changeRole(m, e.target.value as Role)}
              >
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(ROLE_NAME[r])}
                  </option>
                ))}
              </select>
            ) : (
              <span className="text-sm text-slate-700">{t(ROLE_NAME[m.role])}</span>
            )}
            {!m.login && (
              <button type="button" className="btn-secondary" disabled={busy === m.id} onClick={() => void remove(m, m.id === me)}>
                {m.id === me ? t('dashboard.members.leave') : t('dashboard.members.remove')}
              </button>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Invitations({ team, orgId, onChange }: TeamProps) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('manager');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function invite(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const sent = await inviteMember(orgId, email.trim(), role);
      onChange({ ...team, invitations: [...team.invitations, sent] });
      toast.success(translate('dashboard.members.invitationSent', { email: sent.email }));
      setEmail('');
    } catch (err) {
      setError(serverMessages(err).join(' ') || translate('dashboard.members.inviteFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="invite-title" className="card mt-6">
      <h2 id="invite-title" className="mb-3 text-lg font-semibold text-slate-900">
        {t('dashboard.members.inviteTitle')}
      </h2>
      <form className="grid items-end gap-3 sm:grid-cols-[1fr_auto_auto]" onSubmit={(e) => void invite(e)}>
        <div>
          <label htmlFor="invite-email" className="field-label">
            {t('dashboard.members.email')}
          </label>
          <input id="invite-email" className="field-input mt-1" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div>
          <label htmlFor="invite-role" className="field-label">
            {t('dashboard.members.role')}
          </label>
          <select id="invite-role" className="field-input mt-1" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(ROLE_NAME[r])}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy}>
          {t('dashboard.members.sendInvitation')}
        </button>
      </form>
      <p className="mt-2 text-sm text-slate-600">{t(ROLE_HELP[role])}</p>
      {error && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <OpenInvitations team={team} orgId={orgId} onChange={onChange} />
    </section>
  );
}

// The invitations not yet accepted, each of which an owner may withdraw.
function OpenInvitations({ team, orgId, onChange }: TeamProps) {
  const t = useT();
  async function withdraw(id: string) {
    try {
      await withdrawInvitation(orgId, id);
      onChange({ ...team, invitations: team.invitations.filter((i) => i.id !== id) });
    } catch (err) {
      toast.error(serverMessages(err)[0] ?? translate('dashboard.members.withdrawFailed'));
    }
  }

  if (team.invitations.length === 0) return null;
  return (
    <ul className="mt-4 grid gap-2" aria-label={t('dashboard.members.openInvitations')}>
      {team.invitations.map((i) => (
        <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
          <span>
            {i.email} · {t(ROLE_NAME[i.role])}
          </span>
          <button type="button" className="btn-secondary" onClick={() => void withdraw(i.id)}>
            {t('dashboard.members.withdraw')}
          </button>
        </li>
      ))}
    </ul>
  );
}
