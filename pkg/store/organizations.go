package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

type organizationItem struct {
	PK          string `dynamo:"PK,hash"`
	SK          string `dynamo:"SK,range"`
	ID          string
	Name        string
	OwnerID     string
	OwnerName   string
	Email       string
	Phone       string `dynamo:",omitempty"`
	Address1    string `dynamo:",omitempty"`
	Address2    string `dynamo:",omitempty"`
	Link        string `dynamo:",omitempty"`
	Description string `dynamo:",omitempty"`
	LogoKey     string `dynamo:",omitempty"`
	// ChangedBy last changed the profile, at Changed.
	ChangedBy *domain.Editor `dynamo:",omitempty"`
	Changed   time.Time      `dynamo:",omitempty"`
	// Deleting marks an organization whose account's deletion has begun:
	// it takes no new events.
	Deleting bool `dynamo:",omitempty"`
	// Expires goes with its organizer's account until activation.
	Expires time.Time `dynamo:"TTL,unixtime,omitempty"`
}

func newOrganizationItem(o domain.Organization) organizationItem {
	k := organizationKey(o.ID)
	return organizationItem{
		PK: k.PK, SK: k.SK, ID: o.ID, Name: o.Name, OwnerID: o.OwnerID, OwnerName: o.OwnerName,
		Email: o.Email, Phone: o.Phone, Address1: o.Address1, Address2: o.Address2,
		Link: o.Link, Description: o.Description, LogoKey: o.LogoKey,
	}
}

func (it organizationItem) domain() domain.Organization {
	return domain.Organization{
		ID: it.ID, Name: it.Name, OwnerID: it.OwnerID, OwnerName: it.OwnerName, Email: it.Email,
		Phone: it.Phone, Address1: it.Address1, Address2: it.Address2, Link: it.Link,
		Description: it.Description, LogoKey: it.LogoKey,
		CreatedBy: domain.Editor{ID: it.OwnerID, Username: it.OwnerName}, ChangedBy: editorOf(it.ChangedBy), Changed: it.Changed,
	}
}

// Organization reads an organization by id.
func (s *Store) Organization(ctx context.Context, id string) (domain.Organization, error) {
	var it organizationItem
	if err := s.get(ctx, organizationKey(id), &it, true); err != nil {
		return domain.Organization{}, fmt.Errorf("get organization %s: %w", id, err)
	}
	return it.domain(), nil
}

// UpdateOrganization writes the editable fields of o. The organization's
// email is also its organizer's login email, so it changes only through
// ConfirmEmail; pendingEmail ("" for none) asks for that change on the
// organizer's account in the same transaction.
func (s *Store) UpdateOrganization(ctx context.Context, o domain.Organization, pendingEmail string) error {
	k := organizationKey(o.ID)
	update := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).
		Set("Name", o.Name).Set("Phone", o.Phone).
		Set("Address1", o.Address1).Set("Address2", o.Address2).Set("Link", o.Link).
		Set("Description", o.Description).Set("LogoKey", o.LogoKey).
		Set("ChangedBy", editorItem(o.ChangedBy)).Set("Changed", o.Changed).
		If("attribute_exists(PK) AND OwnerID = ?", o.OwnerID)
	var err error
	if pendingEmail == "" {
		err = update.Run(ctx)
	} else {
		uk := userKey(o.OwnerID)
		err = s.runTx(ctx, func() *dynamo.WriteTx {
			return s.db.WriteTx().Update(update).
				Update(s.table.Update(attrPK, uk.PK).Range(attrSK, uk.SK).Set("PendingEmail", pendingEmail).If("attribute_exists(PK)"))
		})
	}
	if err != nil {
		return fmt.Errorf("update organization %s: %w", o.ID, err)
	}
	return nil
}

// OrganizationsOf reads the organizations of ids that exist, in the order
// of ids, in one BatchGetItem (ids are at most 100).
func (s *Store) OrganizationsOf(ctx context.Context, ids []string) ([]domain.Organization, error) {
	keys := make([]dynamo.Keyed, len(ids))
	for i, id := range ids {
		k := organizationKey(id)
		keys[i] = dynamo.Keys{k.PK, k.SK}
	}
	var items []organizationItem
	err := s.table.Batch(attrPK, attrSK).Get(keys...).All(ctx, &items)
	if err != nil && !errors.Is(err, dynamo.ErrNotFound) {
		return nil, fmt.Errorf("get organizations: %w", err)
	}
	byID := make(map[string]domain.Organization, len(items))
	for _, it := range items {
		if !it.Deleting {
			byID[it.ID] = it.domain()
		}
	}
	var out []domain.Organization
	for _, id := range ids {
		if o, ok := byID[id]; ok {
			out = append(out, o)
		}
	}
	return out, nil
}
