package store

import (
	"context"
	"fmt"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// An account's deletion: it is marked first (so the mails its freed
// registrations would send are not sent to someone leaving), its
// registrations and events go as any would (seats freed, waitlists
// promoted, registrants told), and then one transaction removes the
// account, the reservations of its username and email addresses, and its
// organization. Its sessions end with it: every token is checked against
// the account.

// MarkDeleting marks account id as being deleted (one UpdateItem).
func (s *Store) MarkDeleting(ctx context.Context, id string) error {
	k := userKey(id)
	err := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Set("Deleting", true).If("attribute_exists(PK)").Run(ctx)
	if dynamo.IsCondCheckFailed(err) {
		err = domain.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("mark account %s deleting: %w", id, err)
	}
	return nil
}

// DeleteAccount removes u, its username and email reservations (the
// pending address's too) and, for an organizer, its organization, in one
// transaction; the username and addresses are free again after it.
func (s *Store) DeleteAccount(ctx context.Context, u domain.User) error {
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		uk := userKey(u.ID)
		tx := s.db.WriteTx().Delete(s.table.Delete(attrPK, uk.PK).Range(attrSK, uk.SK))
		for _, k := range []key{usernameKey(u.Username), emailKey(u.Email)} {
			tx.Delete(s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK).If("attribute_not_exists(PK) OR UserID = ?", u.ID))
		}
		if u.PendingEmail != "" && fold(u.PendingEmail) != fold(u.Email) {
			k := emailKey(u.PendingEmail)
			tx.Delete(s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK).If("attribute_not_exists(PK) OR UserID = ?", u.ID))
		}
		if u.OrganizationID != "" {
			k := organizationKey(u.OrganizationID)
			tx.Delete(s.table.Delete(attrPK, k.PK).Range(attrSK, k.SK))
		}
		return tx
	})
	if err != nil {
		return fmt.Errorf("delete account %s: %w", u.ID, err)
	}
	return nil
}

// ForgetAccount removes what of u is kept outside the account's items and
// would otherwise wait for its TTL: its sessions (refresh tokens and
// revoked families), the login guards of its username and the hourly mail
// counters of its addresses. A Query and batch deletes per partition; it
// may run again.
func (s *Store) ForgetAccount(ctx context.Context, u domain.User) error {
	pks := []string{sessionsPK(u.ID), loginGuardsPK(u.Username), mailQuotaPK(MailToAddress, u.Email)}
	if u.PendingEmail != "" {
		pks = append(pks, mailQuotaPK(MailToAddress, u.PendingEmail))
	}
	for _, pk := range pks {
		var items []key
		if err := s.table.Get(attrPK, pk).Project(attrPK, attrSK).Consistent(true).All(ctx, &items); err != nil {
			return fmt.Errorf("forget account %s: list %s: %w", u.ID, pk, err)
		}
		keys := make([]dynamo.Keyed, len(items))
		for i, it := range items {
			keys[i] = dynamo.Keys{it.PK, it.SK}
		}
		if err := s.deleteAll(ctx, keys); err != nil {
			return fmt.Errorf("forget account %s: delete %s: %w", u.ID, pk, err)
		}
	}
	return nil
}
