package mail

import (
	"strconv"

	"turnout/pkg/domain"
)

// NewEvents tells a follower of org the new events it published (more
// beyond those listed), with the organization's page.
func NewEvents(to, name, org string, events []EventFacts, more int, orgLink string, off Optional) domain.Message {
	b := newBody(name)
	what := "a new event"
	if len(events)+more > 1 {
		what = strconv.Itoa(len(events)+more) + " new events"
	}
	b.para(clip(org, MaxNameRunes) + ", which you follow, published " + what + ":")
	for _, e := range events {
		b.event(e)
		b.link("", "See it and register", "", e.Link)
	}
	if more > 0 {
		b.action("And "+strconv.Itoa(more)+" more on its page", "All events of "+clip(org, 40), orgLink)
	} else {
		b.link("Everything it runs is on", "its page", ".", orgLink)
	}
	off.footer(b)
	subject := "New from " + clip(org, 60) + ": " + clip(events[0].Title, 60)
	if len(events)+more > 1 {
		subject = "New from " + clip(org, 60) + ": " + what
	}
	return off.apply(b.message(to, subject, orgLink))
}
