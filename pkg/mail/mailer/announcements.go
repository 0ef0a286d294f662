package mailer

import (
	"context"
	"errors"
	"fmt"

	"turnout/pkg/domain"
	"turnout/pkg/mail"
)

// An announcement (store/announcements.go) tells an organization's
// followers of its new public events: the fan-out reads the events as
// they are now (those no longer public, called off or begun are left
// out), then the followers a page at a time, and queues one mail per
// follower who did not turn such mail off, as any broadcast.

// announcedEvents is how many events one announcement lists; more are
// counted and left to the organization's page.
const announcedEvents = 10

// queueAnnouncement queues the mails of announcement b.
func (d Deliverer) queueAnnouncement(ctx context.Context, b domain.Broadcast) error {
	o, err := d.Store.Organization(ctx, b.OrganizationID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil // gone since
	} else if err != nil {
		return fmt.Errorf("read organization %s: %w", b.OrganizationID, err)
	}
	var facts []mail.EventFacts
	more := 0
	for _, id := range b.EventIDs {
		e, err := d.Store.Event(ctx, id)
		switch {
		case errors.Is(err, domain.ErrNotFound):
			continue
		case err != nil:
			return fmt.Errorf("read event %s: %w", id, err)
		case !e.Announceable(d.Now()):
			continue
		case len(facts) == announcedEvents:
			more++
			continue
		}
		facts = append(facts, d.facts(e))
	}
	if len(facts) == 0 {
		return nil // nothing left worth telling
	}
	orgLink := d.WebOrigin + domain.OrganizationPagePath(o.ID)
	return d.Store.EachFollowerPage(ctx, o.ID, func(ids []string) error {
		people, err := d.Store.Reachable(ctx, ids, domain.MailNewEvents)
		if err != nil {
			return err
		}
		msgs := make(map[string]domain.Message, len(people))
		for _, p := range people {
			name := p.FirstName
			if name == "" {
				name = p.Username
			}
			msgs[b.ID+"."+p.ID] = mail.In(p.MailLanguage()).NewEvents(p.Email, name, o.Name, facts, more, orgLink, d.optional(p.ID, domain.MailNewEvents))
		}
		return d.Store.QueueMails(ctx, msgs, d.Now())
	})
}
