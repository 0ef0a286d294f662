package events

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/mail"
)

// Registering without an account (domain/guests.go): a guest sends a name
// and an address, which are kept as a request and mailed a link; the link
// (a page that posts it) takes the place as a signed-in registration
// would, consuming the request in the same transaction, so it works once.
// The ticket mails carry a private manage link, which shows, adds to a
// calendar and cancels the registration without a login.

// Messages of guest registrations.
const (
	MsgGuestCheckMail     = "Almost there: open the link we emailed you to confirm your registration."
	MsgRSVPLinkInvalid    = "This confirmation link has expired or was already used."
	MsgManageLinkInvalid  = "This link to your registration is no longer valid."
	MsgTooManyGuestAsks   = "Too many registrations from your network just now. Please try again later."
	guestConfirmMailKind  = "guest-confirm"
	guestRequestTokenSize = 16 // bytes: 128 bits, as a session's
)

// Limits that stop invented addresses from filling an event: nothing is
// held before an address confirms, a client asks for at most
// GuestRequestsPerClient registrations an hour, and an address is mailed
// at most GuestMailsPerAddress confirmation links an hour; a confirmed
// guest registers and cancels within the allowance of an account.
const (
	GuestRequestsPerClient = 10
	GuestMailsPerAddress   = 3
	guestWindow            = time.Hour
)

// Mailer queues one message; the outbox implements it.
type Mailer interface {
	Send(ctx context.Context, m domain.Message) error
}

// RequestAsGuest records a guest registration for eventID (a private one
// needs its invite code) from client, and mails its confirmation link.
// Answers are checked now, so the link only confirms.
func (s *Service) RequestAsGuest(ctx context.Context, eventID, invite string, in domain.GuestInput, client string) error {
	if !domain.ValidID(eventID) {
		return eventNotFound()
	}
	if bad := in.Validate(); len(bad) > 0 {
		return bad.Err()
	}
	now := s.Now()
	e, _, err := s.Opened(ctx, eventID, invite, nil)
	if err != nil {
		return err
	}
	if err := refusedNow(e, now); err != nil {
		return err
	}
	answered, bad := domain.CheckAnswers(e.Questions, in.Answers)
	if err := bad.ErrUnder("answers"); err != nil {
		return err
	}
	if err := s.takeGuestRequest(ctx, client, now); err != nil {
		return err
	}
	perAddress := domain.Allowance{Scope: domain.MailToAddress, Value: domain.GuestAddress(in.Email), Kind: guestConfirmMailKind, Limit: GuestMailsPerAddress, Per: guestWindow}
	if ok, _, err := s.Store.TakeAllowance(ctx, perAddress, now); err != nil || !ok {
		// Past the address's allowance nothing is kept or mailed, and the
		// answer is the same: it tells nothing of an address's mail.
		return err
	}
	secret := auth.RandomToken(guestRequestTokenSize)
	req := domain.GuestRequest{Key: auth.SecretDigest(secret), EventID: e.ID, Name: strings.TrimSpace(in.Name), Email: in.Email, Language: in.Language, Answers: answered, Expires: now.Add(domain.GuestRequestTTL)}
	if err := s.Store.SaveGuestRequest(ctx, req); err != nil {
		return err
	}
	facts := mail.EventFacts{Title: e.Title, Location: e.Location, Start: e.Start, End: e.End, Zone: e.TimeZone, Link: s.WebOrigin + e.GuestPagePath()}
	return s.Mail.Send(ctx, mail.In(in.Language).GuestConfirm(in.Email, req.Name, facts, s.WebOrigin+domain.RSVPConfirmPath(secret)))
}

// refusedNow is the refusal an event gives any registration now, read
// from its counts (the transaction decides again when it is confirmed).
func refusedNow(e domain.Event, now time.Time) error {
	if e.Approval && !e.Cancelled && !e.Started(now) {
		return nil // a request is taken full or not
	}
	_, err := domain.PlaceRegistration(domain.SeatCounter{
		Capacity: e.Capacity, SeatsTaken: e.SeatsTaken, Waiting: e.Waiting, Waitlist: e.Waitlist, Cancelled: e.Cancelled, Start: e.Start,
	}, now)
	return explain(err, eventNotFound())
}

// takeGuestRequest counts a guest registration asked for by client, and
// refuses it (429) past the client's allowance. Locally every request
// comes from loopback (the gateway, the tests); in AWS none does.
func (s *Service) takeGuestRequest(ctx context.Context, client string, now time.Time) error {
	if ip := net.ParseIP(client); ip != nil && ip.IsLoopback() {
		return nil
	}
	a := domain.Allowance{Scope: domain.GuestRequests, Value: client, Limit: GuestRequestsPerClient, Per: guestWindow}
	ok, until, err := s.Store.TakeAllowance(ctx, a, now)
	if err != nil {
		return fmt.Errorf("count a guest registration from %s: %w", client, err)
	}
	if !ok {
		return &domain.Error{Code: domain.CodeTooMany, Message: MsgTooManyGuestAsks, RetryAfter: until.Sub(now)}
	}
	return nil
}

// ConfirmGuest takes the place a confirmation link's secret stands for:
// for the active account that holds the address if there is one, else for
// the address's guest. It returns the registration and the secret of its
// manage link.
func (s *Service) ConfirmGuest(ctx context.Context, secret string) (domain.RegisteredEvent, string, error) {
	invalid := domain.Errorf(domain.CodeNotFound, MsgRSVPLinkInvalid)
	if secret == "" || len(secret) > 100 {
		return domain.RegisteredEvent{}, "", invalid
	}
	now := s.Now()
	req, err := s.Store.GuestRequest(ctx, auth.SecretDigest(secret), now)
	if err != nil {
		return domain.RegisteredEvent{}, "", explain(err, invalid)
	}
	var e domain.Event
	var holder domain.User
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() (err error) { e, err = s.Event(gctx, req.EventID); return err })
	g.Go(func() (err error) { holder, err = s.holderOf(gctx, req); return err })
	if err := g.Wait(); err != nil {
		return domain.RegisteredEvent{}, "", err
	}
	if err := s.takeRegistrationChange(ctx, holder, now); err != nil {
		return domain.RegisteredEvent{}, "", err
	}
	a := domain.AttendeeOf(newRegistration(holder, e.ID, now, req.Answers), holder)
	a.Confirms = req.Key
	re, err := s.place(ctx, e, a, now) // a used request: invalid, as explained
	if err != nil {
		return domain.RegisteredEvent{}, "", err
	}
	return re, s.Tickets.Manage(re.Registration.ID, 0), nil
}

// holderOf is who a confirmed request registers: the active account of
// its address (the link proved the address, as a reset does), else the
// address's guest, named as they asked.
func (s *Service) holderOf(ctx context.Context, req domain.GuestRequest) (domain.User, error) {
	u, err := s.Store.UserByEmail(ctx, req.Email)
	switch {
	case err == nil && u.IsActive && !u.Deleting:
		return u, nil
	case err != nil && !errors.Is(err, domain.ErrNotFound):
		return domain.User{}, err
	}
	return domain.User{ID: s.Guests.ID(domain.GuestAddress(req.Email)), Email: req.Email, FirstName: req.Name, Guest: true, Language: req.Language}, nil
}

// Managed reads what a manage link opens: the registration with its
// holder's names and its event, while the link is the registration's
// current one.
func (s *Service) Managed(ctx context.Context, secret string) (domain.Event, domain.Attendee, error) {
	invalid := domain.Errorf(domain.CodeNotFound, MsgManageLinkInvalid)
	regID, version, ok := s.Tickets.ParseManage(secret)
	if !ok {
		return domain.Event{}, domain.Attendee{}, invalid
	}
	return s.linkedRegistration(ctx, regID, version, invalid)
}

// CancelManaged gives up the registration a manage link opens (a seat
// passes to the first person waiting); the link ends with it.
func (s *Service) CancelManaged(ctx context.Context, secret string) error {
	_, a, err := s.Managed(ctx, secret)
	if err != nil {
		return err
	}
	if err := s.takeRegistrationChange(ctx, domain.User{ID: a.UserID}, s.Now()); err != nil {
		return err
	}
	return explain(s.Store.CancelRegistration(ctx, a.Registration), domain.Errorf(domain.CodeNotFound, MsgManageLinkInvalid))
}

// ClaimGuestRegistrations makes the registrations its address's guest
// holds u's (at activation: the address is u's). A failure is logged, not
// returned: the account is active either way.
func (s *Service) ClaimGuestRegistrations(ctx context.Context, u domain.User) {
	n, err := s.Store.ClaimGuestRegistrations(ctx, s.Guests.ID(domain.GuestAddress(u.Email)), u)
	if err != nil {
		slog.ErrorContext(ctx, "claim guest registrations", "user", u.ID, "claimed", n, "err", err)
	}
}
