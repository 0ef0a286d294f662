package store

import (
	"context"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// Uniqueness failures of account writes; both wrap domain.ErrConflict.
var (
	ErrUsernameTaken = fmt.Errorf("username taken: %w", domain.ErrConflict)
	ErrEmailTaken    = fmt.Errorf("email taken: %w", domain.ErrConflict)
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
}

func newUserItem(u domain.User) userItem {
	k := userKey(u.ID)
	return userItem{
		PK: k.PK, SK: k.SK, ID: u.ID, Username: u.Username, Email: u.Email,
		FirstName: u.FirstName, LastName: u.LastName, Phone: u.Phone, Address: u.Address,
		ImageKey: u.ImageKey, PasswordHash: u.PasswordHash, Active: u.IsActive,
		Organizer: u.IsOrganizer, OrganizationID: u.OrganizationID, Joined: u.Joined,
		SessionVersion: u.SessionVersion,
	}
}

func (it userItem) domain() domain.User {
	return domain.User{
		ID: it.ID, Username: it.Username, Email: it.Email, FirstName: it.FirstName,
		LastName: it.LastName, Phone: it.Phone, Address: it.Address, ImageKey: it.ImageKey,
		PasswordHash: it.PasswordHash, IsActive: it.Active, IsOrganizer: it.Organizer,
		OrganizationID: it.OrganizationID, Joined: it.Joined, SessionVersion: it.SessionVersion,
	}
}

// pointerItem reserves a unique value (a username or an email address) and
// points at the account holding it.
type pointerItem struct {
	PK     string `dynamo:"PK,hash"`
	SK     string `dynamo:"SK,range"`
	UserID string
}

func (s *Store) putNew(item any) *dynamo.Put {
	return s.table.Put(item).If("attribute_not_exists(PK)")
}

// CreateUser stores a new account with its username and email reserved in
// the same transaction.
func (s *Store) CreateUser(ctx context.Context, u domain.User) error {
	return s.createAccount(ctx, u, nil)
}

// CreateOrganizer stores an organizer account and its organization together.
func (s *Store) CreateOrganizer(ctx context.Context, u domain.User, o domain.Organization) error {
	return s.createAccount(ctx, u, &o)
}

func (s *Store) createAccount(ctx context.Context, u domain.User, o *domain.Organization) error {
	un, em := usernameKey(u.Username), emailKey(u.Email)
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		tx := s.db.WriteTx().
			Put(s.putNew(newUserItem(u))).
			Put(s.putNew(pointerItem{PK: un.PK, SK: un.SK, UserID: u.ID})).
			Put(s.putNew(pointerItem{PK: em.PK, SK: em.SK, UserID: u.ID}))
		if o != nil {
			tx = tx.Put(s.putNew(newOrganizationItem(*o)))
		}
		return tx
	})
	reasons := cancelReasons(err)
	switch {
	case err == nil:
		return nil
	case failedAt(reasons, 1):
		return fmt.Errorf("create account %s: %w", u.ID, ErrUsernameTaken)
	case failedAt(reasons, 2):
		return fmt.Errorf("create account %s: %w", u.ID, ErrEmailTaken)
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

// Activate marks an account active.
func (s *Store) Activate(ctx context.Context, id string) error {
	k := userKey(id)
	err := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Set("Active", true).If("attribute_exists(PK)").Run(ctx)
	if dynamo.IsCondCheckFailed(err) {
		err = domain.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("activate user %s: %w", id, err)
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

// UpdateProfile writes the editable profile fields of u. When the email
// changes, the old address is released and the new one reserved in the same
// transaction (ErrEmailTaken when someone else holds it).
func (s *Store) UpdateProfile(ctx context.Context, u domain.User, oldEmail string) error {
	k := userKey(u.ID)
	update := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).
		Set("FirstName", u.FirstName).Set("LastName", u.LastName).
		Set("Phone", u.Phone).Set("Address", u.Address).
		Set("Email", u.Email).Set("ImageKey", u.ImageKey).
		If("attribute_exists(PK)")
	if fold(oldEmail) == fold(u.Email) {
		if err := update.Run(ctx); err != nil {
			return fmt.Errorf("update profile %s: %w", u.ID, err)
		}
		return nil
	}
	return s.withEmailSwap(ctx, u.ID, oldEmail, u.Email, func(tx *dynamo.WriteTx) *dynamo.WriteTx {
		return tx.Update(update)
	})
}

// withEmailSwap runs the updates that add together with releasing oldEmail
// and reserving newEmail for userID, in one transaction.
func (s *Store) withEmailSwap(ctx context.Context, userID, oldEmail, newEmail string, add func(*dynamo.WriteTx) *dynamo.WriteTx) error {
	oldK, newK := emailKey(oldEmail), emailKey(newEmail)
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		tx := s.db.WriteTx().
			Put(s.putNew(pointerItem{PK: newK.PK, SK: newK.SK, UserID: userID})).
			Delete(s.table.Delete(attrPK, oldK.PK).Range(attrSK, oldK.SK).If("UserID = ?", userID))
		return add(tx)
	})
	switch reasons := cancelReasons(err); {
	case err == nil:
		return nil
	case failedAt(reasons, 0):
		return fmt.Errorf("change email of %s: %w", userID, ErrEmailTaken)
	default:
		return fmt.Errorf("change email of %s: %w", userID, err)
	}
}
