package store

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// Addresses mail no longer goes to: SES reported a permanent bounce or a
// complaint (pkg/mail/feedback). Each is an item under a digest of the
// address, so it names nobody, and is kept for good, as SES's own
// suppression list keeps it: every mail's claim checks it (ClaimMail).

type noMailItem struct {
	PK, SK  string
	Problem string
	At      time.Time
}

func noMailKey(address string) key {
	sum := sha256.Sum256([]byte(fold(address)))
	return key{"NOMAIL#" + hex.EncodeToString(sum[:16]), "NOMAIL"}
}

// SuppressAddress stops mail to address for problem, and tells the account
// holding the address, if any, on its profile (User.MailProblem): a
// PutItem, then a GetItem and an UpdateItem when an account holds it.
func (s *Store) SuppressAddress(ctx context.Context, address string, problem domain.MailProblem, at time.Time) error {
	k := noMailKey(address)
	if err := s.table.Put(noMailItem{PK: k.PK, SK: k.SK, Problem: string(problem), At: at}).Run(ctx); err != nil {
		return fmt.Errorf("suppress an address: %w", err)
	}
	var p pointerItem
	err := s.get(ctx, emailKey(address), &p, false)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("find the account of a suppressed address: %w", err)
	}
	// The reservation names the account holding the address now (an email
	// change moves it in the same transaction as the account's address).
	uk := userKey(p.UserID)
	err = s.table.Update(attrPK, uk.PK).Range(attrSK, uk.SK).Set("MailProblem", string(problem)).
		If("attribute_exists(PK)").Run(ctx)
	if err != nil && !dynamo.IsCondCheckFailed(err) {
		return fmt.Errorf("tell account %s its address is suppressed: %w", p.UserID, err)
	}
	return nil
}
