package store

import (
	"context"
	"crypto/rand"
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/oklog/ulid/v2"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/testenv"
)

// TestOrganization is the organization of the store tests' events.
const TestOrganization = "org"

// MustStore returns a store on a fresh table holding TestOrganization
// (an event is created only for an organization that exists); opts may
// add SDK middleware.
func MustStore(tb testing.TB, opts ...func(*dynamodb.Options)) *Store {
	tb.Helper()
	cfg, awsCfg := testenv.Config(tb)
	s := New(awsCfg, cfg.DynamoDBEndpoint, cfg.Table, opts...)
	ctx := context.Background()
	if err := s.CreateTable(ctx); err != nil {
		tb.Fatalf("create table: %v", err)
	}
	if err := s.table.Put(newOrganizationItem(domain.Organization{ID: TestOrganization, Name: "Org"})).Run(ctx); err != nil {
		tb.Fatalf("create organization: %v", err)
	}
	return s
}

// SeedRegistrations writes n registrations of eventID as Register would,
// but in batches and without taking seats, so a test can build a large
// event quickly. It returns the registration ids.
func SeedRegistrations(ctx context.Context, s *Store, eventID string, n int) ([]string, error) {
	regs := make([]domain.Attendee, n)
	ids := make([]string, n)
	now := time.Now().UTC().Truncate(time.Second)
	for i := range regs {
		userID := auth.NewID()
		ids[i] = domain.NewRegistrationID(auth.NewID(), userID)
		regs[i] = domain.Attendee{
			Registration: domain.Registration{ID: ids[i], EventID: eventID, UserID: userID, Created: now},
			Username:     fmt.Sprintf("attendee%05d", i), FirstName: "Alexandra", LastName: "Fitzgerald-Nakamura",
			Email: fmt.Sprintf("attendee%05d@example.com", i),
		}
	}
	return ids, s.ImportRegistrations(ctx, regs)
}

// SeedUserRegistrations writes one registration of userID for each of
// eventIDs, made a second apart in that order (so their ids sort so too),
// in batches.
func SeedUserRegistrations(ctx context.Context, s *Store, userID string, eventIDs []string) error {
	regs := make([]domain.Attendee, len(eventIDs))
	start := time.Now().UTC().Truncate(time.Second)
	for i, eventID := range eventIDs {
		created := start.Add(time.Duration(i) * time.Second)
		id := domain.NewRegistrationID(ulid.MustNew(ulid.Timestamp(created), rand.Reader).String(), userID)
		regs[i].Registration = domain.Registration{ID: id, EventID: eventID, UserID: userID, Created: created}
	}
	return s.ImportRegistrations(ctx, regs)
}

// EventPartitionSize counts every item left in event id's partition,
// including a deleting event's.
func EventPartitionSize(ctx context.Context, s *Store, id string) (int, error) {
	return s.table.Get(attrPK, eventKey(id).PK).Consistent(true).Count(ctx)
}

// Expiries reads the TTL of an account's item, its username and email
// reservations and (for an organizer) its organization, for tests; a zero
// time means the item does not expire, a missing item is an error.
func (s *Store) Expiries(ctx context.Context, userID, username, email, orgID string) ([]time.Time, error) {
	keys := []key{userKey(userID), usernameKey(username), emailKey(email)}
	if orgID != "" {
		keys = append(keys, organizationKey(orgID))
	}
	var out []time.Time
	for _, k := range keys {
		var it struct {
			Expires time.Time `dynamo:"TTL,unixtime"`
		}
		if err := s.get(ctx, k, &it, true); err != nil {
			return nil, err
		}
		out = append(out, it.Expires)
	}
	return out, nil
}

// UserRegistrationEntries counts the entries left in userID's list of
// registrations, whether or not their events still exist.
func UserRegistrationEntries(ctx context.Context, s *Store, userID string) (int, error) {
	return s.table.Get(attrPK, userRegistrationKey(userID, "").PK).Consistent(true).Count(ctx)
}

// DropSearchEntry makes event id look written before the search index
// existed.
func (s *Store) DropSearchEntry(ctx context.Context, id string) error {
	k := eventKey(id)
	return s.table.Update(attrPK, k.PK).Range(attrSK, k.SK).Remove(attrGSI3PK, attrGSI3SK, "Words").Run(ctx)
}

// PastEventCountUpTo is PastEventCount with its bound.
func (s *Store) PastEventCountUpTo(ctx context.Context, orgID string, now time.Time, bound int32) (domain.Bounded, error) {
	return s.pastEventCount(ctx, orgID, now, bound)
}
