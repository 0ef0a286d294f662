package store

import (
	"context"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

type userItem struct {
	PK             string `dynamo:"PK,hash"`
	SK             string `dynamo:"SK,range"`
	ID             string
	Username       string
	Email          string
	FirstName      string `dynamo:",omitempty"`
	LastName       string `dynamo:",omitempty"`
	Phone          string `dynamo:",omitempty"`
	Address        string `dynamo:",omitempty"`
	ImageKey       string `dynamo:",omitempty"`
	PasswordHash   string
	Active         bool
	Organizer      bool
	OrganizationID string `dynamo:",omitempty"`
	Joined         time.Time
	SessionVersion int
	PendingEmail   string   `dynamo:",omitempty"`
	FeedVersion    int      `dynamo:",omitempty"`
	Muted          []string `dynamo:",set,omitempty"`
	// Deleting marks an account whose deletion has begun.
	Deleting bool `dynamo:",omitempty"`
	// MailProblem is why mail stopped going to Email (suppression.go).
	MailProblem string `dynamo:",omitempty"`
	// Guest marks a guest's profile (guests.go), which no login reaches.
	Guest bool `dynamo:",omitempty"`
	// Memberships are the person's roles by organization id (members.go).
	Memberships map[string]string `dynamo:",omitempty"`
	Language    string            `dynamo:",omitempty"`
	// Expires removes an account never activated (and its reservations)
	// once its activation link is dead; activation clears it.
	Expires time.Time `dynamo:"TTL,unixtime,omitempty"`
}

func newUserItem(u domain.User) userItem {
	k := userKey(u.ID)
	return userItem{
		PK: k.PK, SK: k.SK, ID: u.ID, Username: u.Username, Email: u.Email,
		FirstName: u.FirstName, LastName: u.LastName, Phone: u.Phone, Address: u.Address,
		ImageKey: u.ImageKey, PasswordHash: u.PasswordHash, Active: u.IsActive,
		Organizer: u.IsOrganizer, OrganizationID: u.OrganizationID, Joined: u.Joined,
		SessionVersion: u.SessionVersion, PendingEmail: u.PendingEmail, FeedVersion: u.FeedVersion,
		Muted: mutedStrings(u.Muted), Language: u.Language,
	}
}

func mutedStrings(kinds []domain.MailKind) []string {
	out := make([]string, len(kinds))
	for i, k := range kinds {
		out[i] = string(k)
	}
	return out
}

func (it userItem) domain() domain.User {
	return domain.User{
		ID: it.ID, Username: it.Username, Email: it.Email, FirstName: it.FirstName,
		LastName: it.LastName, Phone: it.Phone, Address: it.Address, ImageKey: it.ImageKey,
		PasswordHash: it.PasswordHash, IsActive: it.Active, IsOrganizer: it.Organizer,
		OrganizationID: it.OrganizationID, Joined: it.Joined, SessionVersion: it.SessionVersion,
		PendingEmail: it.PendingEmail, FeedVersion: it.FeedVersion, Muted: mutedKinds(it.Muted), Deleting: it.Deleting,
		MailProblem: domain.MailProblem(it.MailProblem), Guest: it.Guest, Memberships: rolesOf(it.Memberships),
		Language: it.Language,
	}
}

func rolesOf(m map[string]string) map[string]domain.Role {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]domain.Role, len(m))
	for org, r := range m {
		out[org] = domain.Role(r)
	}
	return out
}

func mutedKinds(names []string) []domain.MailKind {
	var out []domain.MailKind
	for _, n := range names {
		out = append(out, domain.MailKind(n))
	}
	return out
}

// pointerItem reserves a unique value (a username or an email address) and
// points at the account holding it.
type pointerItem struct {
	PK      string `dynamo:"PK,hash"`
	SK      string `dynamo:"SK,range"`
	UserID  string
	Expires time.Time `dynamo:"TTL,unixtime,omitempty"`
}

func (s *Store) putNew(item any) *dynamo.Put {
	return s.table.Put(item).If("attribute_not_exists(PK)")
}

// putReservation writes a username or email reservation unless a live one
// exists; one whose TTL has passed counts as free, since DynamoDB deletes
// expired items only some time later.
func (s *Store) putReservation(p pointerItem, now time.Time) *dynamo.Put {
	return s.table.Put(p).If("attribute_not_exists(PK) OR $ < ?", attrTTL, now.Unix())
}

// CreateUser stores a new, inactive account with its username and email
// reserved in the same transaction. All three expire at expires unless
// Activate runs first.
func (s *Store) CreateUser(ctx context.Context, u domain.User, expires time.Time) error {
	return s.createAccount(ctx, u, nil, expires)
}

// CreateOrganizer stores an organizer account and its organization
// together, expiring like CreateUser.
func (s *Store) CreateOrganizer(ctx context.Context, u domain.User, o domain.Organization, expires time.Time) error {
	return s.createAccount(ctx, u, &o, expires)
}

func (s *Store) createAccount(ctx context.Context, u domain.User, o *domain.Organization, expires time.Time) error {
	un, em := usernameKey(u.Username), emailKey(u.Email)
	user := newUserItem(u)
	user.Expires = expires
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		tx := s.db.WriteTx().
			Put(s.putNew(user)).
			Put(s.putReservation(pointerItem{PK: un.PK, SK: un.SK, UserID: u.ID, Expires: expires}, u.Joined)).
			Put(s.putReservation(pointerItem{PK: em.PK, SK: em.SK, UserID: u.ID, Expires: expires}, u.Joined))
		if o != nil {
			org := newOrganizationItem(*o)
			org.Expires = expires
			tx = tx.Put(s.putNew(org))
		}
		return tx
	})
	reasons := cancelReasons(err)
	switch {
	case err == nil:
		return nil
	case failedAt(reasons, 1):
		return fmt.Errorf("create account %s: %w", u.ID, domain.ErrUsernameTaken)
	case failedAt(reasons, 2):
		return fmt.Errorf("create account %s: %w", u.ID, domain.ErrEmailTaken)
	default:
		return fmt.Errorf("create account %s: %w", u.ID, err)
	}
}

// User reads an account by id with a strongly consistent read.
func (s *Store) User(ctx context.Context, id string) (domain.User, error) {
	var it userItem
	if err := s.get(ctx, userKey(id), &it, true); err != nil {
		return domain.User{}, fmt.Errorf("get user %s: %w", id, err)
	}
	return it.domain(), nil
}

// UserByEmail finds an account by email, case-insensitively.
func (s *Store) UserByEmail(ctx context.Context, email string) (domain.User, error) {
	var p pointerItem
	if err := s.get(ctx, emailKey(email), &p, true); err != nil {
		return domain.User{}, fmt.Errorf("find user by email: %w", err)
	}
	return s.User(ctx, p.UserID)
}

// Activate marks u active and keeps it: the expiry of the account, its
// reservations and its organization is removed. u.ImageKey (and logoKey
// for an organizer) are stored as given, so a sign-up image can move to
// its permanent key in the same write. An account already active, or gone,
// is ErrNotFound, so a link works once.
func (s *Store) Activate(ctx context.Context, u domain.User, logoKey string) error {
	k, un, em := userKey(u.ID), usernameKey(u.Username), emailKey(u.Email)
	keep := func(k key) *dynamo.Update {
		return s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Remove(attrTTL).If("UserID = ?", u.ID)
	}
	user := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Set("Active", true).Remove(attrTTL).
		If("attribute_exists(PK) AND Active = ?", false)
	if u.ImageKey != "" {
		user = user.Set("ImageKey", u.ImageKey)
	}
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		tx := s.db.WriteTx().Update(user).Update(keep(un)).Update(keep(em))
		if u.OrganizationID != "" {
			ok := organizationKey(u.OrganizationID)
			org := s.table.Update(attrPK, ok.PK).Range(attrSK, ok.SK).Remove(attrTTL).If("OwnerID = ?", u.ID)
			if logoKey != "" {
				org = org.Set("LogoKey", logoKey)
			}
			tx = tx.Update(org)
		}
		return tx
	})
	if hasConditionFailure(cancelReasons(err)) {
		err = domain.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("activate user %s: %w", u.ID, err)
	}
	return nil
}

// SetPassword stores a new password hash and moves the session version on,
// which ends every session issued before. It only applies if the account
// is still at version from, so two concurrent changes cannot both win.
func (s *Store) SetPassword(ctx context.Context, id, hash string, from int) error {
	k := userKey(id)
	err := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).
		Set("PasswordHash", hash).
		Set("SessionVersion", from+1).
		If("attribute_exists(PK) AND SessionVersion = ?", from).Run(ctx)
	if dynamo.IsCondCheckFailed(err) {
		err = domain.ErrConflict
	}
	if err != nil {
		return fmt.Errorf("set password of %s: %w", id, err)
	}
	return nil
}

// UpdateProfile writes the editable profile fields of u. The email is not
// one of them: a change waits in PendingEmail ("" leaves any pending change
// as it is) until ConfirmEmail.
func (s *Store) UpdateProfile(ctx context.Context, u domain.User, pendingEmail string) error {
	k := userKey(u.ID)
	update := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).
		Set("FirstName", u.FirstName).Set("LastName", u.LastName).
		Set("Phone", u.Phone).Set("Address", u.Address).
		Set("ImageKey", u.ImageKey).
		If("attribute_exists(PK)")
	if pendingEmail != "" {
		update = update.Set("PendingEmail", pendingEmail)
	}
	if err := update.Run(ctx); err != nil {
		return fmt.Errorf("update profile %s: %w", u.ID, err)
	}
	return nil
}

// ConfirmEmail moves u from u.Email to u.PendingEmail: the new address is
// reserved, the old one released and the account (and its organization,
// whose email is the login's) changed in one transaction, each write
// conditional on the values read, so concurrent changes and confirmations
// can never leave the reservations and the account disagreeing.
// domain.ErrEmailTaken when someone else holds the new address, domain.ErrEmailChangeStale
// when the account moved on.
func (s *Store) ConfirmEmail(ctx context.Context, u domain.User) error {
	oldK, newK, uk := emailKey(u.Email), emailKey(u.PendingEmail), userKey(u.ID)
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		tx := s.db.WriteTx().
			Put(s.putNew(pointerItem{PK: newK.PK, SK: newK.SK, UserID: u.ID})).
			Delete(s.table.Delete(attrPK, oldK.PK).Range(attrSK, oldK.SK).If("UserID = ?", u.ID)).
			Update(s.table.Update(attrPK, uk.PK).Range(attrSK, uk.SK).
				Set("Email", u.PendingEmail).Remove("PendingEmail", "MailProblem").
				If("Email = ? AND PendingEmail = ?", u.Email, u.PendingEmail))
		if u.OrganizationID != "" {
			ok := organizationKey(u.OrganizationID)
			tx = tx.Update(s.table.Update(attrPK, ok.PK).Range(attrSK, ok.SK).
				Set("Email", u.PendingEmail).If("OwnerID = ?", u.ID))
		}
		return tx
	})
	switch reasons := cancelReasons(err); {
	case err == nil:
		return nil
	case failedAt(reasons, 1) || failedAt(reasons, 2):
		// Checked first: a confirmation racing itself finds its own
		// reservation already written.
		return fmt.Errorf("change email of %s: %w", u.ID, domain.ErrEmailChangeStale)
	case failedAt(reasons, 0):
		return fmt.Errorf("change email of %s: %w", u.ID, domain.ErrEmailTaken)
	default:
		return fmt.Errorf("change email of %s: %w", u.ID, err)
	}
}
