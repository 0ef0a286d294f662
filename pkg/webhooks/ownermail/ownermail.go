// Package ownermail tells an organization's owners, by mail, that its
// webhook endpoint was turned off after failing for three days. It is
// apart from pkg/webhooks so that the scheduled retry job, which sends no
// mail, links no mail code.
package ownermail

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/mail"
)

// Store is what the mail needs: the organization's members, their
// accounts, and the outbox.
type Store interface {
	Members(ctx context.Context, orgID string, now time.Time) (domain.Organization, []domain.Member, []domain.Invitation, error)
	User(ctx context.Context, id string) (domain.User, error)
	// QueueMails queues mail by key (a key queued again is sent once).
	QueueMails(ctx context.Context, msgs map[string]domain.Message, now time.Time) error
}

// Owners mails owners (webhooks.Owners).
type Owners struct {
	Store Store
	// WebOrigin is the site, where the mail links.
	WebOrigin string
}

// WebhookDisabled queues, for each owner of hook's organization, a mail
// in their language that it was turned off at.
func (o Owners) WebhookDisabled(ctx context.Context, hook domain.Webhook, at time.Time) error {
	org, members, _, err := o.Store.Members(ctx, hook.OrganizationID, at)
	if err != nil {
		return fmt.Errorf("owners of %s: %w", hook.OrganizationID, err)
	}
	link := o.WebOrigin + "/dashboard/developers?organization=" + hook.OrganizationID
	msgs := map[string]domain.Message{}
	for _, m := range members {
		if m.Role != domain.RoleOwner {
			continue
		}
		u, err := o.Store.User(ctx, m.UserID)
		if err != nil || u.Email == "" || u.MailProblem != "" {
			slog.WarnContext(ctx, "webhook disabled: an owner not mailed", "user", m.UserID, "err", err)
			continue
		}
		msg := mail.In(u.MailLanguage()).WebhookDisabled(u.Email, org.Name, hook.URL, link)
		msg.Priority = true
		msgs["webhook-disabled-"+hook.ID+"-"+u.ID+"-"+strconv.FormatInt(at.Unix(), 10)] = msg
	}
	return o.Store.QueueMails(ctx, msgs, at)
}
