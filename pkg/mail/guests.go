package mail

import "turnout/pkg/domain"

// GuestConfirm asks a guest to confirm their registration by its link,
// which opens a page that confirms with a button: nothing is held until
// then, and a mail scanner following the link takes nothing.
func GuestConfirm(to, name string, e EventFacts, link string) domain.Message {
	b := newBody(name)
	b.para("Someone, we hope you, asked to register this address for:")
	b.event(e)
	b.action("Confirm to take your place. The link works once, for 24 hours", "Confirm my registration", link)
	b.para("Nothing is held until you confirm. If it wasn't you, ignore this mail: nothing happens.")
	return b.message(to, "Confirm your registration: "+clip(e.Title, 80), link)
}
