// Package ses sends Turnout's emails (built by pkg/mail) through Amazon SES,
// API v2. Only the functions that send mail import it.
package ses

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"turnout/pkg/config"
	"turnout/pkg/domain"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"
)

// Sender sends messages from one address.
type Sender struct {
	ses  *sesv2.Client
	from string
	// metrics receives a metric line per failed send: the Lambda's log.
	metrics io.Writer
	now     func() time.Time
	// pace holds each send until the account's sending rate allows it
	// (nil: unpaced).
	pace Pacer
}

// Pacer holds a send until it may go (sendrate.Shared); priority mail
// (domain.Message.Priority) has places event mail cannot take.
type Pacer interface {
	Wait(ctx context.Context, priority bool) error
}

// New builds the SES client once per process. An empty endpoint means AWS;
// any other value is an emulator.
func New(awsCfg aws.Config, endpoint, from string) *Sender {
	client := sesv2.NewFromConfig(awsCfg, func(o *sesv2.Options) {
		if endpoint != "" {
			o.BaseEndpoint = aws.String(endpoint)
		}
	})
	return &Sender{ses: client, from: from, metrics: os.Stdout, now: time.Now}
}

// Paced makes s wait for p before each send: SES refuses mail over the
// account's sending rate, so a fan-out of thousands waits its turn rather
// than failing and retrying.
func (s *Sender) Paced(p Pacer) *Sender {
	s.pace = p
	return s
}

const charset = "UTF-8"

// Send delivers m and counts each failure as a metric. Errors name the
// subject but never carry the body, which may hold a one-time link.
func (s *Sender) Send(ctx context.Context, m domain.Message) error {
	if s.pace != nil {
		if err := s.pace.Wait(ctx, m.Priority); err != nil {
			return fmt.Errorf("send mail %q: %w", m.Subject, err)
		}
	}
	err := s.send(ctx, m)
	if err != nil {
		countFailure(s.metrics, s.now())
	}
	return err
}

func (s *Sender) send(ctx context.Context, m domain.Message) error {
	switch {
	case m.To == "":
		return fmt.Errorf("send mail %q: no recipient: %w", m.Subject, domain.ErrUndeliverable)
	case m.Subject == "":
		return fmt.Errorf("send mail: no subject: %w", domain.ErrUndeliverable)
	case m.Text == "" && m.HTML == "":
		return fmt.Errorf("send mail %q: no body: %w", m.Subject, domain.ErrUndeliverable)
	}
	body := &types.Body{}
	if m.Text != "" {
		body.Text = &types.Content{Data: aws.String(m.Text), Charset: aws.String(charset)}
	}
	if m.HTML != "" {
		body.Html = &types.Content{Data: aws.String(m.HTML), Charset: aws.String(charset)}
	}
	var attachments []types.Attachment
	for _, a := range m.Attachments {
		att := types.Attachment{
			FileName: aws.String(a.Name), RawContent: a.Data, ContentType: aws.String(a.ContentType),
			ContentDisposition: types.AttachmentContentDispositionAttachment,
		}
		if a.ContentID != "" {
			// SES puts the HTML body and its inline images in one
			// multipart/related part, each image under its Content-ID.
			att.ContentDisposition, att.ContentId = types.AttachmentContentDispositionInline, aws.String(a.ContentID)
		}
		attachments = append(attachments, att)
	}
	var headers []types.MessageHeader
	if m.Unsubscribe != "" {
		// One-click unsubscribe (RFC 8058): the client posts
		// "List-Unsubscribe=One-Click" to the address, no login needed.
		headers = []types.MessageHeader{
			{Name: aws.String("List-Unsubscribe"), Value: aws.String("<" + m.Unsubscribe + ">")},
			{Name: aws.String("List-Unsubscribe-Post"), Value: aws.String("List-Unsubscribe=One-Click")},
		}
	}
	var replyTo []string
	if m.ReplyTo != "" {
		replyTo = []string{m.ReplyTo}
	}
	var tags []types.MessageTag
	if m.Ref != "" {
		tags = []types.MessageTag{{Name: aws.String(domain.MailRefTag), Value: aws.String(m.Ref)}}
	}
	_, err := s.ses.SendEmail(ctx, &sesv2.SendEmailInput{
		FromEmailAddress: aws.String(s.from),
		ReplyToAddresses: replyTo,
		EmailTags:        tags,
		Destination:      &types.Destination{ToAddresses: []string{m.To}},
		Content: &types.EmailContent{Simple: &types.Message{
			Subject:     &types.Content{Data: aws.String(m.Subject), Charset: aws.String(charset)},
			Body:        body,
			Attachments: attachments,
			Headers:     headers,
		}},
	})
	switch {
	case err == nil:
		return nil
	case refusedForGood(err):
		err = errors.Join(domain.ErrUndeliverable, err)
	case timedOut(err):
		err = errors.Join(domain.ErrMaybeSent, err)
	}
	return fmt.Errorf("send mail %q: %w", m.Subject, err)
}

// timedOut reports whether a send ran out of time waiting for SES's
// answer: the request may have reached SES, and SES may have taken it.
func timedOut(err error) bool {
	return errors.Is(err, context.DeadlineExceeded) || config.TimedOut(err)
}

// refusedForGood reports whether SES refused a message in a way a retry
// cannot change: the message or an address rejected (in the sandbox, an
// unverified recipient), a malformed request (an address SES cannot
// parse), or a sender domain not verified. Throttling, a paused or
// suspended account and failures to reach SES pass with time.
func refusedForGood(err error) bool {
	var rejected *types.MessageRejected
	var badRequest *types.BadRequestException
	var unverified *types.MailFromDomainNotVerifiedException
	return errors.As(err, &rejected) || errors.As(err, &badRequest) || errors.As(err, &unverified)
}
