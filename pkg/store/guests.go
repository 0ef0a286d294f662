package store

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// A guest (domain/guests.go) is kept as a person: a profile item at the
// key an account's would have (userKey of the guest's id), marked Guest,
// with the name and address the mails greet and reach. It has no
// username or address reservation and no password, so no login reaches
// it. Each confirmed registration writes it (in the registration's
// transaction, where an account's registration checks the account), so
// the latest name and address are the ones mailed. Guest registrations
// have ids of their own (not naming the guest) and so a registration item
// that finds them, which a claim moves to the account without changing
// the id: the tickets and links already mailed keep working.

// guestProfileTTL is how long a guest's profile outlives their last
// confirmed registration: past any event they can register for
// (domain.MaxStartYears), after which nothing is mailed to them.
const guestProfileTTL = (domain.MaxStartYears + 1) * 366 * 24 * time.Hour

// guestRequestItem is a guest registration waiting for its address to
// confirm it, under the digest of its link's secret.
type guestRequestItem struct {
	PK       string `dynamo:"PK,hash"`
	SK       string `dynamo:"SK,range"`
	EventID  string
	Name     string
	Email    string
	Answers  map[string][]string `dynamo:",omitempty"`
	Language string              `dynamo:",omitempty"`
	Expires  time.Time           `dynamo:"TTL,unixtime"`
}

func guestRequestKey(digest string) key { return key{"RSVP#" + digest, "RSVP"} }

// SaveGuestRequest keeps r until it is confirmed or expires (DynamoDB
// removes it some time after its TTL; GuestRequest reads it as gone from
// then on).
func (s *Store) SaveGuestRequest(ctx context.Context, r domain.GuestRequest) error {
	k := guestRequestKey(r.Key)
	it := guestRequestItem{PK: k.PK, SK: k.SK, EventID: r.EventID, Name: r.Name, Email: r.Email, Answers: r.Answers, Language: r.Language, Expires: r.Expires}
	if err := s.table.Put(it).Run(ctx); err != nil {
		return fmt.Errorf("save a guest request for event %s: %w", r.EventID, err)
	}
	return nil
}

// GuestRequest reads the request under digest, domain.ErrNotFound once it
// was used or expired (at now).
func (s *Store) GuestRequest(ctx context.Context, digest string, now time.Time) (domain.GuestRequest, error) {
	var it guestRequestItem
	err := s.get(ctx, guestRequestKey(digest), &it, true)
	if err == nil && !now.Before(it.Expires) {
		err = domain.ErrNotFound
	}
	if err != nil {
		return domain.GuestRequest{}, fmt.Errorf("get a guest request: %w", err)
	}
	return domain.GuestRequest{Key: digest, EventID: it.EventID, Name: it.Name, Email: it.Email, Answers: it.Answers, Language: it.Language, Expires: it.Expires}, nil
}

// withRegistrant adds a's holder to a registration's transaction at
// index registrantCheck: a check that the account is live, or for a guest
// the write of their profile (which must be a guest's, not being
// deleted); then, at requestCheck, the consumption of the guest request
// a confirms, which must still be there and unexpired at now.
func (s *Store) withRegistrant(tx *dynamo.WriteTx, a domain.Attendee, now time.Time) *dynamo.WriteTx {
	if a.Guest {
		k := userKey(a.UserID)
		up := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).
			Set("ID", a.UserID).Set("Email", a.Email).Set("FirstName", a.FirstName).Set("Guest", true).
			Set(attrTTL, now.Add(guestProfileTTL).Unix())
		if a.Language != "" {
			up.Set("Language", a.Language) // the one they registered in last
		}
		tx = tx.Update(up.If("attribute_not_exists(PK) OR (Guest = ? AND attribute_not_exists(Deleting))", true))
	} else {
		tx = tx.Check(s.registrantLive(a.UserID))
	}
	if a.Confirms != "" {
		k := guestRequestKey(a.Confirms)
		tx = tx.Delete(s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK).If("attribute_exists(PK) AND $ > ?", attrTTL, now.Unix()))
	}
	return tx
}

// requestCheck is the index, in Register's transactions, of the
// consumption of the guest request a confirmation brings.
const requestCheck = registrantCheck + 1

// refusedRegistrant tells the refusal of a registration's transaction
// that its holder or its request caused, or nil.
func refusedRegistrant(reasons []string, a domain.Attendee) error {
	switch {
	case failedAt(reasons, registrantCheck):
		return domain.ErrAccountDeleting
	case a.Confirms != "" && failedAt(reasons, requestCheck):
		return domain.ErrRequestUsed
	}
	return nil
}

// ClaimGuestRegistrations makes the registrations of guestID u's: each
// moves, in a transaction of its own, from the guest's keys to u's
// (attendee item, list entry, registration item, place in the queue),
// keeping its id, status, ticket, check-in and answers; u's names and
// address replace the guest's. One u already holds a registration for
// the event of stays the guest's. It returns how many moved.
func (s *Store) ClaimGuestRegistrations(ctx context.Context, guestID string, u domain.User) (int, error) {
	var entries []userRegistrationItem
	err := s.table.Get(attrPK, userRegistrationKey(guestID, "").PK).Consistent(true).All(ctx, &entries)
	if err != nil {
		return 0, fmt.Errorf("list the registrations of guest %s: %w", guestID, err)
	}
	moved := 0
	for _, e := range entries {
		err := s.claim(ctx, e, guestID, u)
		switch {
		case err == nil:
			moved++
		case errors.Is(err, domain.ErrAlreadyRegistered) || errors.Is(err, domain.ErrNotFound):
			slog.InfoContext(ctx, "a guest registration stays the guest's", "registration", e.ID, "err", err)
		default:
			return moved, err
		}
	}
	return moved, nil
}

// claim moves one registration of guestID to u, reading it again when it
// changed (a seat given, a check-in) between the read and the write.
func (s *Store) claim(ctx context.Context, e userRegistrationItem, guestID string, u domain.User) error {
	for attempt := 0; attempt < registerAttempts; attempt++ {
		var it attendeeItem
		if err := s.get(ctx, attendeeKey(e.EventID, guestID), &it, true); err != nil {
			return fmt.Errorf("claim registration %s: %w", e.ID, err)
		}
		if it.RegistrationID != e.ID {
			return fmt.Errorf("claim registration %s: %w", e.ID, domain.ErrNotFound)
		}
		err := s.runTx(ctx, func() *dynamo.WriteTx { return s.claimTx(it, e, guestID, u) })
		reasons := cancelReasons(err)
		switch {
		case err == nil:
			return nil
		case failedAt(reasons, 1):
			return fmt.Errorf("claim registration %s: %w", e.ID, domain.ErrAlreadyRegistered)
		case !hasConditionFailure(reasons):
			return fmt.Errorf("claim registration %s: %w", e.ID, err)
		}
		pause(ctx, attempt)
	}
	return fmt.Errorf("claim registration %s: %w", e.ID, domain.ErrBusy)
}

// claimTx moves attendee it (entry e) from guestID to u: item 0 the
// guest's attendee item as read, item 1 u's (new), item 2 u's account.
func (s *Store) claimTx(it attendeeItem, e userRegistrationItem, guestID string, u domain.User) *dynamo.WriteTx {
	a := it.domain(e.EventID)
	a.UserID, a.Guest, a.Username, a.Email = u.ID, false, u.Username, u.Email
	if u.Language != "" {
		a.Language = u.Language
	}
	if u.FirstName != "" || u.LastName != "" {
		a.FirstName, a.LastName = u.FirstName, u.LastName
	}
	moved := newAttendeeItem(a, it.Ticket)
	// Its insert is not a new registration: the mailer sends nothing.
	moved.Claimed, moved.Approved = true, it.Approved
	asRead, args := attendeeAsRead(it)
	oldEntry, newEntry, rk := userRegistrationKey(guestID, e.ID), userRegistrationKey(u.ID, e.ID), registrationKey(e.ID)
	e.PK, e.SK, e.UserID = newEntry.PK, newEntry.SK, u.ID
	tx := s.db.WriteTx().
		Delete(s.table.Delete(attrPK, it.PK).Range(attrSK, it.SK).If(asRead, args...)).
		Put(s.putNew(moved)).
		Check(s.registrantLive(u.ID)).
		Delete(s.table.Delete(attrPK, oldEntry.PK).Range(attrSK, oldEntry.SK)).
		Put(s.table.Put(e)).
		Update(s.table.Update(attrPK, rk.PK).Range(attrSK, rk.SK).Set("UserID", u.ID).If("attribute_exists(PK)"))
	if it.waitlisted() {
		wk := it.waitKey(e.EventID)
		tx = tx.Update(s.table.Update(attrPK, wk.PK).Range(attrSK, wk.SK).Set("UserID", u.ID).If("RegistrationID = ?", e.ID))
	}
	return tx
}
