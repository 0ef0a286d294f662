package store_test

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go/middleware"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/store"
)

// transactions records the shape of every TransactWriteItems a client
// sends: how many items it writes, how many it only checks, and the size of
// the largest item it puts (as DynamoDB sizes items: names and values).
type transactions struct {
	mu   sync.Mutex
	seen []txShape
}

type txShape struct{ writes, checks, largestPut int }

func (r *transactions) option() func(*dynamodb.Options) {
	return func(o *dynamodb.Options) {
		o.APIOptions = append(o.APIOptions, func(stack *middleware.Stack) error {
			return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("RecordTransactions",
				func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
					if tx, ok := in.Parameters.(*dynamodb.TransactWriteItemsInput); ok {
						var s txShape
						for _, it := range tx.TransactItems {
							switch {
							case it.ConditionCheck != nil:
								s.checks++
							case it.Put != nil:
								s.writes++
								s.largestPut = max(s.largestPut, itemSize(it.Put.Item))
							default:
								s.writes++
							}
						}
						r.mu.Lock()
						r.seen = append(r.seen, s)
						r.mu.Unlock()
					}
					return next.HandleInitialize(ctx, in)
				}), middleware.Before)
		})
	}
}

func (r *transactions) take() []txShape {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.seen
	r.seen = nil
	return out
}

// itemSize is an item's size as DynamoDB bills it: each attribute's name
// and value (strings by their bytes, numbers at most 21 bytes, nested
// values with their names).
func itemSize(item map[string]types.AttributeValue) int {
	n := 0
	for name, v := range item {
		n += len(name) + valueSize(v)
	}
	return n
}

func valueSize(v types.AttributeValue) int {
	switch v := v.(type) {
	case *types.AttributeValueMemberS:
		return len(v.Value)
	case *types.AttributeValueMemberN:
		return min(21, len(v.Value))
	case *types.AttributeValueMemberB:
		return len(v.Value)
	case *types.AttributeValueMemberBOOL, *types.AttributeValueMemberNULL:
		return 1
	case *types.AttributeValueMemberSS:
		n := 0
		for _, s := range v.Value {
			n += len(s)
		}
		return n
	case *types.AttributeValueMemberNS:
		return 21 * len(v.Value)
	case *types.AttributeValueMemberM:
		return 3 + itemSize(v.Value)
	case *types.AttributeValueMemberL:
		n := 3
		for _, e := range v.Value {
			n += 1 + valueSize(e)
		}
		return n
	}
	return 0
}

// TestASeatIsThreeSmallItems: taking a seat is one transaction that writes
// three items under 1 KB (the seat counter, the attendee item, the
// person's entry, which the registration's id finds) and checks the
// account: 6 write units for the writes in AWS, which bills a transaction
// two units per KB of each item (and 2 for the check). A cancel deletes
// the two items, moves the counter and notes the departure. Before
// registration ids named their holder, each wrote one item more.
func TestASeatIsThreeSmallItems(t *testing.T) {
	ctx := context.Background()
	txs := &transactions{}
	s := store.MustStore(t, txs.option())
	now := time.Now().UTC().Truncate(time.Second)
	e := domain.Event{ID: auth.NewID(), OrganizationID: "org", OrganizationName: "Org", Title: "t",
		Location: "here", Start: now.Add(48 * time.Hour), End: now.Add(50 * time.Hour), Capacity: 10}
	if err := s.CreateEvent(ctx, e); err != nil {
		t.Fatal(err)
	}
	u := domain.User{ID: auth.NewID(), Joined: now, FirstName: "Ada", LastName: "Lovelace"}
	u.Username, u.Email = "ada"+u.ID, u.ID+"@example.com"
	if err := s.CreateUser(ctx, u, now.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	reg := domain.Registration{ID: domain.NewRegistrationID(auth.NewID(), u.ID), EventID: e.ID, UserID: u.ID, Created: now}
	txs.take()
	if _, err := s.Register(ctx, domain.AttendeeOf(reg, u), now, placeAt(now)); err != nil {
		t.Fatal(err)
	}
	seat := txs.take()
	if len(seat) != 1 || seat[0].writes != 3 || seat[0].checks != 1 || seat[0].largestPut >= 1024 {
		t.Errorf("a seat sent %+v, want one transaction of 3 writes (each under 1 KB) and 1 check", seat)
	}
	got, err := s.Registration(ctx, reg.ID)
	if err != nil || !reflect.DeepEqual(got, reg) {
		t.Errorf("Registration(%s) = %+v, %v; want %+v", reg.ID, got, err, reg)
	}
	if err := s.CancelRegistration(ctx, reg); err != nil {
		t.Fatal(err)
	}
	// The registration's two items go, the counter gives the seat back and
	// the departure is noted for the mailer.
	if cancel := txs.take(); len(cancel) != 1 || cancel[0].writes != 4 {
		t.Errorf("a cancel sent %+v, want one transaction of 4 writes", cancel)
	}
	if _, err := s.Registration(ctx, reg.ID); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("after the cancel: %v, want not found", err)
	}
}

// TestRegistrationsFromBeforeAreFoundAndRemoved: a registration whose id
// is one ULID (made before ids named their holder) has an item of its own
// that finds it; it is still found, listed, cancelled with all its items,
// and removed by its event's delete.
func TestRegistrationsFromBeforeAreFoundAndRemoved(t *testing.T) {
	ctx := context.Background()
	s := store.MustStore(t)
	now := time.Now().UTC().Truncate(time.Second)
	e := domain.Event{ID: auth.NewID(), OrganizationID: "org", OrganizationName: "Org", Title: "t",
		Location: "here", Start: now.Add(48 * time.Hour), End: now.Add(50 * time.Hour), Capacity: 10}
	if err := s.CreateEvent(ctx, e); err != nil {
		t.Fatal(err)
	}
	old := func() domain.Registration {
		u := domain.User{ID: auth.NewID(), Joined: now}
		u.Username, u.Email = "old"+u.ID, u.ID+"@example.com"
		if err := s.CreateUser(ctx, u, now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		r := domain.Registration{ID: auth.NewID(), EventID: e.ID, UserID: u.ID, Created: now}
		if _, err := s.Register(ctx, domain.AttendeeOf(r, u), now, placeAt(now)); err != nil {
			t.Fatal(err)
		}
		return r
	}
	cancelled, kept := old(), old()
	for _, r := range []domain.Registration{cancelled, kept} {
		if got, err := s.Registration(ctx, r.ID); err != nil || !reflect.DeepEqual(got, r) {
			t.Errorf("Registration(%s) = %+v, %v; want %+v", r.ID, got, err, r)
		}
		if listed, _, err := s.UserRegistrations(ctx, r.UserID, "", 10); err != nil || len(listed) != 1 || listed[0].Registration.ID != r.ID {
			t.Errorf("the list of %s: %+v, %v; want %s", r.UserID, listed, err, r.ID)
		}
	}
	if err := s.CancelRegistration(ctx, cancelled); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Registration(ctx, cancelled.ID); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("after the cancel: %v, want not found", err)
	}
	if n, err := store.UserRegistrationEntries(ctx, s, cancelled.UserID); err != nil || n != 0 {
		t.Errorf("after the cancel the person's list holds %d entries (err %v), want 0", n, err)
	}
	if _, err := s.DeleteEvent(ctx, e.ID, domain.OfOrganization("org")); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Registration(ctx, kept.ID); !errors.Is(err, domain.ErrNotFound) {
		t.Errorf("after the event's delete: %v, want not found", err)
	}
}
