package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// An organization's members and open invitations live in its partition,
// beside its profile, so one Query reads all three. Each member's role is
// also on its account (userItem.Memberships), which every authenticated
// request reads anyway: checking a role costs no read. The two are written
// together in one transaction. The organization's own login has no member
// item: its profile names it (OwnerID), and it is always an owner.

const (
	memberPrefix     = "MEMBER#"
	invitationPrefix = "INVITE#"
)

func memberKey(orgID, userID string) key {
	return key{organizationPrefix + orgID, memberPrefix + userID}
}
func invitationKey(orgID, digest string) key {
	return key{organizationPrefix + orgID, invitationPrefix + digest}
}

type memberItem struct {
	PK       string `dynamo:"PK,hash"`
	SK       string `dynamo:"SK,range"`
	UserID   string
	Username string
	Role     string
	Joined   time.Time
}

type invitationItem struct {
	PK      string `dynamo:"PK,hash"`
	SK      string `dynamo:"SK,range"`
	Email   string
	Role    string
	ByID    string
	ByName  string
	Expires time.Time `dynamo:"TTL,unixtime"`
}

// organizationPartition is everything of an organization's partition, in
// one shape: the profile, members and invitations share what they name.
type organizationPartition struct {
	organizationItem
	UserID, Username, Role, ByID, ByName string
	Joined                               time.Time
}

// Members reads organization orgID's profile, its members (its own login
// first) and its invitations still open at now, in one Query.
func (s *Store) Members(ctx context.Context, orgID string, now time.Time) (domain.Organization, []domain.Member, []domain.Invitation, error) {
	var items []organizationPartition
	if err := s.table.Get(attrPK, organizationPrefix+orgID).Consistent(true).All(ctx, &items); err != nil {
		return domain.Organization{}, nil, nil, fmt.Errorf("list members of %s: %w", orgID, err)
	}
	var o domain.Organization
	var members []domain.Member
	var invitations []domain.Invitation
	for _, it := range items {
		switch {
		case it.SK == organizationSK:
			o = it.organizationItem.domain()
		case strings.HasPrefix(it.SK, memberPrefix):
			members = append(members, domain.Member{OrganizationID: orgID, UserID: it.UserID, Username: it.Username, Role: domain.Role(it.Role), Joined: it.Joined})
		case strings.HasPrefix(it.SK, invitationPrefix) && now.Before(it.Expires):
			invitations = append(invitations, domain.Invitation{
				OrganizationID: orgID, Key: strings.TrimPrefix(it.SK, invitationPrefix), Email: it.Email, Role: domain.Role(it.Role),
				InvitedBy: domain.Editor{ID: it.ByID, Username: it.ByName}, Expires: it.Expires,
			})
		}
	}
	if o.ID == "" {
		return o, nil, nil, fmt.Errorf("list members of %s: %w", orgID, domain.ErrNotFound)
	}
	login := domain.Member{OrganizationID: orgID, UserID: o.OwnerID, Username: o.OwnerName, Role: domain.RoleOwner, Login: true}
	return o, append([]domain.Member{login}, members...), invitations, nil
}

// SaveInvitation keeps inv until it is accepted, withdrawn or expires.
func (s *Store) SaveInvitation(ctx context.Context, inv domain.Invitation) error {
	k := invitationKey(inv.OrganizationID, inv.Key)
	it := invitationItem{PK: k.PK, SK: k.SK, Email: inv.Email, Role: string(inv.Role), ByID: inv.InvitedBy.ID, ByName: inv.InvitedBy.Username, Expires: inv.Expires}
	if err := s.table.Put(it).Run(ctx); err != nil {
		return fmt.Errorf("save an invitation to %s: %w", inv.OrganizationID, err)
	}
	return nil
}

// Invitation reads the invitation of orgID under digest, domain.ErrNotFound
// once it was used, withdrawn or expired (at now).
func (s *Store) Invitation(ctx context.Context, orgID, digest string, now time.Time) (domain.Invitation, error) {
	var it invitationItem
	err := s.get(ctx, invitationKey(orgID, digest), &it, true)
	if err == nil && !now.Before(it.Expires) {
		err = domain.ErrNotFound
	}
	if err != nil {
		return domain.Invitation{}, fmt.Errorf("get an invitation to %s: %w", orgID, err)
	}
	return domain.Invitation{
		OrganizationID: orgID, Key: digest, Email: it.Email, Role: domain.Role(it.Role),
		InvitedBy: domain.Editor{ID: it.ByID, Username: it.ByName}, Expires: it.Expires,
	}, nil
}

// WithdrawInvitation removes an invitation of orgID; domain.ErrNotFound
// when there is none.
func (s *Store) WithdrawInvitation(ctx context.Context, orgID, digest string) error {
	if err := s.deleteExisting(ctx, invitationKey(orgID, digest)); err != nil {
		return fmt.Errorf("withdraw an invitation to %s: %w", orgID, err)
	}
	return nil
}

// Join makes u a member of inv's organization with its role, using the
// invitation up: domain.ErrNotFound when it is gone or expired (at now),
// domain.ErrConflict when u is a member already, domain.ErrAccountDeleting
// when u's account is going.
func (s *Store) Join(ctx context.Context, inv domain.Invitation, u domain.User, now time.Time) error {
	if err := s.ensureMemberships(ctx, u); err != nil {
		return err
	}
	ik, mk, uk := invitationKey(inv.OrganizationID, inv.Key), memberKey(inv.OrganizationID, u.ID), userKey(u.ID)
	member := memberItem{PK: mk.PK, SK: mk.SK, UserID: u.ID, Username: u.Username, Role: string(inv.Role), Joined: now.UTC().Truncate(time.Second)}
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		return s.db.WriteTx().
			Delete(s.table.Delete(attrPK, ik.PK).Range(attrSK, ik.SK).If("attribute_exists(PK) AND $ > ?", attrTTL, now.Unix())).
			Put(s.putNew(member)).
			Update(s.table.Update(attrPK, uk.PK).Range(attrSK, uk.SK).SetExpr("Memberships.$ = ?", inv.OrganizationID, string(inv.Role)).
				If("attribute_exists(PK) AND attribute_not_exists(Deleting)"))
	})
	reasons := cancelReasons(err)
	switch {
	case failedAt(reasons, 0):
		err = domain.ErrNotFound
	case failedAt(reasons, 1):
		err = domain.ErrAlreadyMember
	case failedAt(reasons, 2):
		err = domain.ErrAccountDeleting
	}
	if err != nil {
		return fmt.Errorf("join %s to %s: %w", u.ID, inv.OrganizationID, err)
	}
	return nil
}

// ensureMemberships gives u's account an empty map of memberships when it
// has none, so a transaction can set one entry of it (DynamoDB sets a
// map's entry only in a map that exists). Setting it again is harmless.
func (s *Store) ensureMemberships(ctx context.Context, u domain.User) error {
	if len(u.Memberships) > 0 {
		return nil
	}
	k := userKey(u.ID)
	err := s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).
		SetExpr("Memberships = if_not_exists(Memberships, ?)", &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{}}).
		If("attribute_exists(PK)").Run(ctx)
	if dynamo.IsCondCheckFailed(err) {
		err = domain.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("start memberships of %s: %w", u.ID, err)
	}
	return nil
}

// SetRole changes member userID's role in orgID; domain.ErrNotFound when
// they are no member.
func (s *Store) SetRole(ctx context.Context, orgID, userID string, role domain.Role) error {
	mk, uk := memberKey(orgID, userID), userKey(userID)
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		return s.db.WriteTx().
			Update(s.table.Update(attrPK, mk.PK).Range(attrSK, mk.SK).Set("Role", string(role)).If("attribute_exists(PK)")).
			Update(s.table.Update(attrPK, uk.PK).Range(attrSK, uk.SK).SetExpr("Memberships.$ = ?", orgID, string(role)).
				If("attribute_exists(Memberships.$)", orgID))
	})
	if hasConditionFailure(cancelReasons(err)) {
		err = domain.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("set the role of %s in %s: %w", userID, orgID, err)
	}
	return nil
}

// RemoveMember takes userID out of orgID; domain.ErrNotFound when they are
// no member. An account already gone loses only its member item.
func (s *Store) RemoveMember(ctx context.Context, orgID, userID string) error {
	mk, uk := memberKey(orgID, userID), userKey(userID)
	member := s.table.Delete(attrPK, mk.PK).Range(attrSK, mk.SK).If("attribute_exists(PK)")
	err := s.runTx(ctx, func() *dynamo.WriteTx {
		return s.db.WriteTx().Delete(member).
			Update(s.table.Update(attrPK, uk.PK).Range(attrSK, uk.SK).RemoveExpr("Memberships.$", orgID).If("attribute_exists(Memberships)"))
	})
	reasons := cancelReasons(err)
	switch {
	case failedAt(reasons, 0):
		err = domain.ErrNotFound
	case failedAt(reasons, 1):
		err = member.Run(ctx)
	}
	if dynamo.IsCondCheckFailed(err) {
		err = domain.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("remove %s from %s: %w", userID, orgID, err)
	}
	return nil
}

// forgetMemberships removes what ties u to organizations when its account
// goes: a person's member items; for an organization's login, its
// members and invitations, and each member's role in it.
func (s *Store) forgetMemberships(ctx context.Context, u domain.User) error {
	var keys []dynamo.Keyed
	for orgID := range u.Memberships {
		k := memberKey(orgID, u.ID)
		keys = append(keys, dynamo.Keys{k.PK, k.SK})
	}
	if u.IsOrganizer && u.OrganizationID != "" {
		var items []organizationPartition
		if err := s.table.Get(attrPK, organizationPrefix+u.OrganizationID).Consistent(true).All(ctx, &items); err != nil {
			return fmt.Errorf("list members of %s: %w", u.OrganizationID, err)
		}
		for _, it := range items {
			if it.SK == organizationSK {
				continue // goes with the account, in its transaction
			}
			if strings.HasPrefix(it.SK, memberPrefix) {
				err := s.RemoveMember(ctx, u.OrganizationID, it.UserID)
				if err != nil && !errors.Is(err, domain.ErrNotFound) {
					return err
				}
				continue
			}
			keys = append(keys, dynamo.Keys{it.PK, it.SK})
		}
	}
	return s.deleteAll(ctx, keys)
}
