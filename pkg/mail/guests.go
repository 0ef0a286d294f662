package mail

import "turnout/pkg/domain"

// GuestConfirm asks a guest to confirm their registration by its link,
// which opens a page that confirms with a button: nothing is held until
// then, and a mail scanner following the link takes nothing.
func (l Lang) GuestConfirm(to, name string, e EventFacts, link string) domain.Message {
	b := l.newBody(name)
	b.para(l.t("guestConfirm.intro"))
	b.event(e)
	b.action(l.t("guestConfirm.action"), l.t("guestConfirm.button"), link)
	b.para(l.t("guestConfirm.note"))
	return b.message(to, l.titled("guestConfirm.subject", e), link)
}
