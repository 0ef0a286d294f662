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
import { ROLES, mayManageOrganization, roleLabel, type Membership } from '@/lib/roles';

// The organization's members and their roles: owners invite people, change
// roles and take people out; anyone may leave.
export default function MembersPanel() {
  useDocumentTitle('Members · Dashboard');
  const { membership, access, userId } = useDashboard();
  const owner = membership ? mayManageOrganization(membership.role) : false;

  return (
    <section aria-labelledby="members-panel">
      <h1 id="members-panel" className="mb-6 text-2xl font-bold tracking-tight text-slate-900">
        Members
      </h1>
      {access === 'loading' && (
        <p role="status" className="text-slate-600">
          Loading members...
        </p>
      )}
      {membership && (owner ? <Team orgId={membership.id} me={userId} /> : <OwnPlace membership={membership} me={userId} />)}
    </section>
  );
}

// The team, as its owners run it.
function Team({ orgId, me }: { orgId: string; me: string }) {
  const key = `team:${orgId}`;
  const team = useQuery(key, () => getTeam(orgId), { onError: (error) => console.error('load members', error) });
  const update = (next: Team) => setQueryData(key, next);
  if (team.status === 'loading') {
    return (
      <p role="status" className="text-slate-600">
        Loading members...
      </p>
    );
  }
  if (team.status === 'error') return <LoadFailed what="the members" retry={team.retry} />;
  return (
    <>
      <MemberList team={team.data} orgId={orgId} me={me} onChange={update} />
      <Invitations team={team.data} orgId={orgId} onChange={update} />
    </>
  );
}

// A member who is no owner: their own role, and the way out.
function OwnPlace({ membership, me }: { membership: Membership; me: string }) {
  const navigate = useNavigate();
  async function leave() {
    if (!(await confirmToast(`Leave ${membership.name}?`, { confirm: 'Yes', cancel: 'No' }))) return;
    try {
      await removeMember(membership.id, me);
      invalidateQuery(ACCOUNT_KEY);
      void navigate(paths.profile);
    } catch (error) {
      toast.error(serverMessages(error)[0] ?? 'Failed to leave');
    }
  }
  return (
    <div className="card flex flex-wrap items-center justify-between gap-3">
      <p className="text-slate-800">
        You help run {membership.name} as {roleLabel(membership.role).toLowerCase()}: {ROLES.find((r) => r.role === membership.role)?.does}. Its owners
        invite people and change roles.
      </p>
      <button type="button" className="btn-secondary" onClick={() => void leave()}>
        Leave
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
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string | null>(null);

  async function changeRole(m: Member, role: Role) {
    setBusy(m.id);
    try {
      const changed = await setMemberRole(orgId, m.id, role);
      onChange({ ...team, members: team.members.map((x) => (x.id === m.id ? { ...x, role: changed.role } : x)) });
      toast.success(`@${m.username} is now ${roleLabel(changed.role).toLowerCase()}.`);
    } catch (error) {
      toast.error(serverMessages(error)[0] ?? 'Failed to change the role');
    } finally {
      setBusy(null);
    }
  }

  async function remove(m: Member, leaving: boolean) {
    const question = leaving ? `Leave ${team.organization.name}?` : `Take @${m.username} out of ${team.organization.name}?`;
    if (!(await confirmToast(question, { confirm: 'Yes', cancel: 'No' }))) return;
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
      toast.error(serverMessages(error)[0] ?? 'Failed to remove the member');
    } finally {
      setBusy(null);
    }
  }

  return (
    <ul className="grid gap-2" aria-label="Members">
      {team.members.map((m) => (
        <li key={m.id} className="card flex flex-wrap items-center justify-between gap-3 py-3">
          <span className="font-medium text-slate-900">
            @{m.username}
            {m.login && <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">Organization account</span>}
          </span>
          <span className="flex flex-wrap items-center gap-2">
            {!m.login ? (
              <select
                className="field-input w-auto"
                aria-label={`Role of @${m.username}`}
                value={m.role}
                disabled={busy === m.id}
                onChange={(e) => void changeRole(m, e.target.value as Role)}
              >
                {ROLES.map((r) => (
                  <option key={r.role} value={r.role}>
                    {r.label}
                  </option>
                ))}
              </select>
            ) : (
              <span className="text-sm text-slate-700">{roleLabel(m.role)}</span>
            )}
            {!m.login && (
              <button type="button" className="btn-secondary" disabled={busy === m.id} onClick={() => void remove(m, m.id === me)}>
                {m.id === me ? 'Leave' : 'Remove'}
              </button>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Invitations({ team, orgId, onChange }: TeamProps) {
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
      toast.success(`Invitation sent to ${sent.email}.`);
      setEmail('');
    } catch (err) {
      setError(serverMessages(err).join(' ') || 'Failed to send the invitation');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="invite-title" className="card mt-6">
      <h2 id="invite-title" className="mb-3 text-lg font-semibold text-slate-900">
        Invite someone
      </h2>
      <form className="grid items-end gap-3 sm:grid-cols-[1fr_auto_auto]" onSubmit={(e) => void invite(e)}>
        <div>
          <label htmlFor="invite-email" className="field-label">
            Email
          </label>
          <input id="invite-email" className="field-input mt-1" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div>
          <label htmlFor="invite-role" className="field-label">
            Role
          </label>
          <select id="invite-role" className="field-input mt-1" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r.role} value={r.role}>
                {r.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy}>
          Send invitation
        </button>
      </form>
      <p className="mt-2 text-sm text-slate-600">
        {roleLabel(role)}: {ROLES.find((r) => r.role === role)?.does}.
      </p>
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
  async function withdraw(id: string) {
    try {
      await withdrawInvitation(orgId, id);
      onChange({ ...team, invitations: team.invitations.filter((i) => i.id !== id) });
    } catch (err) {
      toast.error(serverMessages(err)[0] ?? 'Failed to withdraw the invitation');
    }
  }

  if (team.invitations.length === 0) return null;
  return (
    <ul className="mt-4 grid gap-2" aria-label="Open invitations">
      {team.invitations.map((i) => (
        <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
          <span>
            {i.email} · {roleLabel(i.role)}
          </span>
          <button type="button" className="btn-secondary" onClick={() => void withdraw(i.id)}>
            Withdraw
          </button>
        </li>
      ))}
    </ul>
  );
}
