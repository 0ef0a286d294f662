// Package feedback is the function SES reports to: the configuration set
// every mail is sent with publishes its sends, bounces and complaints to an
// SNS topic, which invokes it. A permanent bounce or a complaint stops all
// mail to that address (store.SuppressAddress; every mail's claim checks
// it) and tells the account holding the address on its profile. SES's
// account-level suppression list drops such mail too; this keeps the
// product from asking and lets the person know and fix it. A send
// confirms a mail whose send timed out (the mailer parked it as maybe
// sent); Reconciler sends again those never confirmed.
package feedback

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"turnout/pkg/domain"
)

// Store records the suppressed addresses and the confirmed sends;
// *store.Store implements it.
type Store interface {
	SuppressAddress(ctx context.Context, address string, problem domain.MailProblem, at time.Time) error
	ConfirmSent(ctx context.Context, ref string) error
}

// Handler handles the SNS notifications of SES.
type Handler struct {
	Store Store
	Now   func() time.Time
}

// notification is what SES publishes, in either of its documented shapes:
// event publishing through a configuration set ("eventType") and an
// identity's feedback notifications ("notificationType"). Only the fields
// read are named.
type notification struct {
	EventType        string `json:"eventType"`
	NotificationType string `json:"notificationType"`
	Bounce           *struct {
		BounceType        string      `json:"bounceType"`
		BouncedRecipients []recipient `json:"bouncedRecipients"`
	} `json:"bounce"`
	Complaint *struct {
		ComplainedRecipients []recipient `json:"complainedRecipients"`
	} `json:"complaint"`
	Mail struct {
		// Tags are the message's tags, the mail's Ref among them.
		Tags map[string][]string `json:"tags"`
	} `json:"mail"`
}

type recipient struct {
	EmailAddress string `json:"emailAddress"`
}

// Handle suppresses the addresses a batch of notifications names. A
// notification it cannot read is logged and skipped (a retry cannot change
// it); a failed write fails the invocation, so Lambda retries it.
func (h Handler) Handle(ctx context.Context, ev events.SNSEvent) error {
	for _, r := range ev.Records {
		var n notification
		if err := json.Unmarshal([]byte(r.SNS.Message), &n); err != nil {
			slog.ErrorContext(ctx, "skipped an SES notification that is not JSON", "message_id", r.SNS.MessageID, "err", err)
			continue
		}
		if n.EventType == "Send" {
			for _, ref := range n.Mail.Tags[domain.MailRefTag] {
				if err := h.Store.ConfirmSent(ctx, ref); err != nil {
					return fmt.Errorf("SES notification %s: %w", r.SNS.MessageID, err)
				}
			}
			continue
		}
		problem, addresses := n.suppresses()
		for _, a := range addresses {
			if err := h.Store.SuppressAddress(ctx, a, problem, h.Now()); err != nil {
				return fmt.Errorf("SES notification %s: %w", r.SNS.MessageID, err)
			}
			slog.InfoContext(ctx, "stopped mail to an address", "problem", problem, "message_id", r.SNS.MessageID)
		}
	}
	return nil
}

// suppresses returns the addresses n stops mail to, and why: every
// recipient of a permanent bounce or of a complaint. A transient bounce
// (a full mailbox, a message too large) stops nothing: SES already retried
// it, and the next mail may pass.
func (n notification) suppresses() (domain.MailProblem, []string) {
	kind := n.EventType
	if kind == "" {
		kind = n.NotificationType
	}
	var of []recipient
	var problem domain.MailProblem
	switch {
	case kind == "Bounce" && n.Bounce != nil && n.Bounce.BounceType == "Permanent":
		of, problem = n.Bounce.BouncedRecipients, domain.AddressBounced
	case kind == "Complaint" && n.Complaint != nil:
		of, problem = n.Complaint.ComplainedRecipients, domain.AddressComplained
	}
	var addresses []string
	for _, r := range of {
		if r.EmailAddress != "" {
			addresses = append(addresses, r.EmailAddress)
		}
	}
	return problem, addresses
}
