package mail

import "turnout/pkg/domain"

// roleWords say what each role does, as an invitation tells it.
var roleWords = map[string]string{
	"owner":   "an owner (everything, including its members and profile)",
	"manager": "a manager (its events and their people)",
	"checkin": "a door volunteer (the attendee list and check-in)",
}

// Invitation asks to to join organization org as role, by link.
func Invitation(to, org, inviter, role, link string) domain.Message {
	b := newBody("")
	b.para("@" + inviter + " invites you to help run " + org + " on Turnout as " + roleWords[role] + ".")
	b.action("Accept with your Turnout account (sign up first if you have none). The link works once, for 7 days", "Join "+clip(org, 60), link)
	b.para("If you don't know them, ignore this mail: nothing happens.")
	return b.message(to, "Join "+clip(org, 80)+" on Turnout", link)
}
