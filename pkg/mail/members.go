package mail

import "turnout/pkg/domain"

// Invitation asks to to join organization org as role, by link.
func (l Lang) Invitation(to, org, inviter, role, link string) domain.Message {
	b := l.newBody("")
	what := ""
	switch domain.Role(role) {
	case domain.RoleOwner, domain.RoleManager, domain.RoleCheckin:
		what = l.t("role." + role)
	}
	b.para(l.t("invitation.intro", "inviter", inviter, "org", org, "role", what))
	b.action(l.t("invitation.action"), l.t("invitation.button", "org", clip(org, 60)), link)
	b.para(l.t("invitation.note"))
	return b.message(to, l.t("invitation.subject", "org", clip(org, 80)), link)
}
