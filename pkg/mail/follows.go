package mail

import "turnout/pkg/domain"

// NewEvents tells a follower of org the new events it published (more
// beyond those listed), with the organization's page.
func (l Lang) NewEvents(to, name, org string, events []EventFacts, more int, orgLink string, off Optional) domain.Message {
	b := l.newBody(name)
	count := len(events) + more
	what := l.n("newEvents.what", count)
	b.para(l.t("newEvents.intro", "org", clip(org, MaxNameRunes), "what", what))
	for _, e := range events {
		b.event(e)
		b.link(e.Link, "newEvents.see")
	}
	if more > 0 {
		b.action(l.n("newEvents.more", more), l.t("newEvents.allButton", "org", clip(org, 40)), orgLink)
	} else {
		b.link(orgLink, "newEvents.everything")
	}
	off.footer(b)
	subject := l.t("newEvents.subjectOne", "org", clip(org, 60), "event", clip(events[0].Title, 60))
	if count > 1 {
		subject = l.t("newEvents.subjectMany", "org", clip(org, 60), "what", what)
	}
	return off.apply(b.message(to, subject, orgLink))
}
