package store

import (
	"context"
	"fmt"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// An account's deletion: it is marked first (so the mails its freed
// registrations would send are not sent to someone leaving, and no new
// registration or event of it lands), its
// registrations and events go as any would (seats freed, waitlists
// promoted, registrants told), and then one transaction removes the
// account, the reservations of its username and email addresses, and its
// organization. Its sessions end with it: every token is checked against
// the account.

// MarkDeleting marks account u as being deleted, and its organization
// with it, which refuses its registrations and new events from then on
// (one UpdateItem, a transaction of two for an organizer).
func (s *Store) MarkDeleting(ctx context.Context, u domain.User) error {
	k := userKey(u.ID)
	user := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Set("Deleting", true).If("attribute_exists(PK)")
	var err error
	if u.OrganizationID == "" {
		err = user.Run(ctx)
	} else {
		ok := organizationKey(u.OrganizationID)
		err = s.runTx(ctx, func() *dynamo.WriteTx {
			return s.db.WriteTx().Update(user).Update(s.table.Update(attrPK, ok.PK).Range(attrSK, ok.SK).Set("Deleting", true))
		})
	}
	if dynamo.IsCondCheckFailed(err) || failedAt(cancelReasons(err), 0) {
		err = domain.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("mark account %s deleting: %w", u.ID, err)
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
// revoked families), the login guards of its username, the hourly mail
// counters of its addresses, its count of registration changes, its
// memberships (forgetMemberships) and follows (forgetFollows). A Query and batch deletes per
// partition; it may run again.
func (s *Store) ForgetAccount(ctx context.Context, u domain.User) error {
	if err := s.forgetMemberships(ctx, u); err != nil {
		return fmt.Errorf("forget account %s: %w", u.ID, err)
	}
	if err := s.forgetFollows(ctx, u); err != nil {
		return fmt.Errorf("forget account %s: %w", u.ID, err)
	}
	pks := []string{
		sessionsPK(u.ID), loginGuardsPK(u.Username), allowancePK(domain.MailToAddress, u.Email),
		allowancePK(domain.RegistrationChanges, u.ID),
	}
	if u.PendingEmail != "" {
		pks = append(pks, allowancePK(domain.MailToAddress, u.PendingEmail))
	}
	if u.IsOrganizer && u.OrganizationID != "" {
		developer, err := s.developerPartitions(ctx, u.OrganizationID)
		if err != nil {
			return fmt.Errorf("forget account %s: %w", u.ID, err)
		}
		pks = append(pks, developer...)
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

// PersonRegistrations lists userID's registrations from its own partition,
// limit at a time after the registration id after ("" for the first page),
// with a strongly consistent Query, so a deletion's sweep sees every
// registration made before the account was marked. Unlike
// UserRegistrations it keeps those whose event is gone or being deleted:
// they name the person too. The returned cursor is "" on the last page.
func (s *Store) PersonRegistrations(ctx context.Context, userID, after string, limit int) ([]domain.Registration, string, error) {
	first := userRegistrationKey(userID, "")
	q := s.table.Get(attrPK, first.PK).Range(attrSK, dynamo.BeginsWith, first.SK)
	if after != "" {
		q = s.table.Get(attrPK, first.PK).Range(attrSK, dynamo.Greater, userRegistrationKey(userID, after).SK)
	}
	var items []userRegistrationItem
	if err := q.Consistent(true).Limit(limit).All(ctx, &items); err != nil {
		return nil, "", fmt.Errorf("list registrations of %s: %w", userID, err)
	}
	regs := make([]domain.Registration, len(items))
	for i, it := range items {
		regs[i] = domain.Registration{ID: it.ID, EventID: it.EventID, UserID: userID, Status: domain.RegistrationStatus(it.Status)}
	}
	next := ""
	if len(items) == limit {
		next = items[len(items)-1].ID
	}
	return regs, next, nil
}

// DropRegistration removes the registration and person's items of r when
// its event no longer holds r (CancelRegistration found nothing to
// cancel), so nothing of them names the person; one BatchWriteItem.
func (s *Store) DropRegistration(ctx context.Context, r domain.Registration) error {
	var keys []dynamo.Keyed
	for _, k := range registrationKeys(r.ID, r.UserID) {
		keys = append(keys, dynamo.Keys{k.PK, k.SK})
	}
	if err := s.deleteAll(ctx, keys); err != nil {
		return fmt.Errorf("drop registration %s: %w", r.ID, err)
	}
	return nil
}

// OrganizationEventIDs lists the ids of orgID's events of one part of the
// owned index by start, limit at a time after the cursor after ("" for the
// first page): those whose delete has begun and not finished, the public
// ones or the unlisted ones. The returned cursor is "" on the last page.
func (s *Store) OrganizationEventIDs(ctx context.Context, orgID string, part domain.OwnedPart, after string, limit int) ([]string, string, error) {
	pk := organizationEventsPK(orgID)
	switch part {
	case domain.OwnedDeleting:
		pk = deletingEventsPK(orgID)
	case domain.OwnedUnlisted:
		pk = unlistedEventsPK(orgID)
	}
	q := s.table.Get(attrGSI2PK, pk).Index(IndexOwned)
	if after != "" {
		q = q.Range(attrGSI2SK, dynamo.Greater, after)
	}
	var items []struct {
		ID     string
		GSI2SK string
	}
	if err := q.Project("ID", attrGSI2SK).Limit(limit).All(ctx, &items); err != nil {
		return nil, "", fmt.Errorf("list event ids of organization %s: %w", orgID, err)
	}
	ids := make([]string, len(items))
	for i, it := range items {
		ids[i] = it.ID
	}
	next := ""
	if len(items) == limit {
		next = items[len(items)-1].GSI2SK
	}
	return ids, next, nil
}
