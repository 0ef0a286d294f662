package apitest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/smithy-go/middleware"
	"github.com/guregu/dynamo/v2"

	"turnout/pkg/api/events"
	"turnout/pkg/domain"
)

// writeCrash stands for a process that dies mid-request: while armed it
// lets a number of DynamoDB writes through and fails every later one, so
// nothing after that point happens.
type writeCrash struct {
	armed atomic.Bool
	left  atomic.Int64
}

var errCrashed = errors.New("simulated crash")

func (c *writeCrash) arm(writes int64) { c.left.Store(writes); c.armed.Store(true) }

func (c *writeCrash) option() func(*dynamodb.Options) {
	return func(o *dynamodb.Options) {
		o.APIOptions = append(o.APIOptions, func(stack *middleware.Stack) error {
			return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("TurnoutCrashAfterWrites",
				func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
					switch middleware.GetOperationName(ctx) {
					case "UpdateItem", "BatchWriteItem", "DeleteItem", "PutItem", "TransactWriteItems":
						if c.armed.Load() && c.left.Add(-1) < 0 {
							return middleware.InitializeOutput{}, middleware.Metadata{}, errCrashed
						}
					}
					return next.HandleInitialize(ctx, in)
				}), middleware.Before)
		})
	}
}

// TestInterruptedDeleteIsFinishedByRetry cuts an event's delete short at
// each of its stages, checks the half-deleted event is out of every list
// and harmless, then has the owner retry the DELETE: 204, and not one item
// of the event is left.
func TestInterruptedDeleteIsFinishedByRetry(t *testing.T) {
	// Not parallel: a crowd of hundreds of requests needs the emulators to
	// itself (two cores run the suite, and beside other tests DynamoDB
	// Local answers past the client's deadline). Go runs the tests that
	// are not parallel before the parallel ones start.
	crash := &writeCrash{}
	env := MustEnvWithoutRegistrationMail(t, crash.option())
	org := env.NewOrganizer(t)
	// 60 registrations are 3 batches of registration items, then 3 of
	// attendee items; the delete's writes are 1 UpdateItem, those 6
	// BatchWriteItem calls, 1 DeleteItem.
	crowd := regCrowd(t, env, 60)
	for _, writes := range []int64{1, 3, 6, 7} {
		t.Run(fmt.Sprintf("crash after %d writes", writes), func(t *testing.T) {
			ev := env.CreateEvent(t, org, env.EventForm(2, 100))
			regs := make([]string, len(crowd))
			parallel(len(crowd), func(i int) {
				res := regPost(env, ev.ID, crowd[i].Token)
				var r regItem
				if res.Status == http.StatusCreated {
					res.Decode(t, &r)
				}
				regs[i] = r.ID
			})
			if slices.Contains(regs, "") {
				t.Fatal("a registration failed")
			}
			path := "/api/event/detail/" + ev.ID + "/"

			crash.arm(writes)
			res := env.JSON(http.MethodDelete, path, nil, org.Access)
			crash.armed.Store(false)
			if res.Status != http.StatusInternalServerError {
				t.Fatalf("interrupted delete answered %d %s, want the crash's 500", res.Status, res.Body)
			}

			// Half deleted: gone from every list, refusing changes.
			evExpectDetail(t, env.JSON(http.MethodGet, path, nil, ""), http.StatusNotFound, events.MsgEventNotFound)
			evExpectDetail(t, regPost(env, ev.ID, crowd[0].Token), http.StatusNotFound, events.MsgEventNotFound)
			evExpectDetail(t, evPatch(env, ev.ID, env.EventForm(3, 100), org.Access), http.StatusNotFound, events.MsgEventNotFound)
			public, _ := evList(t, env, "/api/event/public/")
			owned, _ := evList(t, env, "/api/event/organization/"+org.OrganizationID+"/events/")
			if slices.Contains(evIDs(public), ev.ID) || slices.Contains(evIDs(owned), ev.ID) {
				t.Errorf("half-deleted event still listed: public %v, organization %v", evIDs(public), evIDs(owned))
			}
			if total, _ := regCountLists(t, env, crowd[1:2], ev.ID); total != 0 {
				t.Errorf("a person's list shows %d registrations of the half-deleted event", total)
			}
			// A person cancelling meanwhile is told the truth, never a 500.
			if got := regCancel(env, regs[1], crowd[1].Token).Status; got != http.StatusNoContent && got != http.StatusNotFound {
				t.Errorf("cancel during the delete = %d, want 204 or 404", got)
			}

			Expect(t, env.JSON(http.MethodDelete, path, nil, org.Access), http.StatusNoContent)
			evExpectDetail(t, env.JSON(http.MethodDelete, path, nil, org.Access), http.StatusNotFound, events.MsgEventNotFound)

			if n := orphans(t, env, ev.ID, regs); n != 0 {
				t.Errorf("%d items of the deleted event are left", n)
			}
		})
	}
}

// orphans counts what is left of event id in the table: items in its
// partition and the registration items it had.
func orphans(t *testing.T, env *Env, eventID string, registrationIDs []string) int {
	t.Helper()
	ctx := context.Background()
	// Read the raw table: the store hides half-deleted items on purpose.
	table := dynamo.New(env.awsCfg, func(o *dynamodb.Options) { o.BaseEndpoint = &env.Config.DynamoDBEndpoint }).Table(env.Config.Table)
	n, err := table.Get("PK", "EVENT#"+eventID).Consistent(true).Count(ctx)
	if err != nil {
		t.Fatalf("count event partition: %v", err)
	}
	for _, id := range registrationIDs {
		_, err := env.Base.Store.Registration(ctx, id)
		switch {
		case err == nil:
			n++
		case !errors.Is(err, domain.ErrNotFound):
			t.Fatalf("read registration %s: %v", id, err)
		}
	}
	return n
}

// TestDeleteEventRemovesTheWaitlist: deleting an event leaves nothing of
// it, its queue included (a place in the queue names the person waiting).
func TestDeleteEventRemovesTheWaitlist(t *testing.T) {
	t.Parallel()
	env := MustEnvWithoutRegistrationMail(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(2, 1), map[string]string{"waitlist": "true"}))
	var regs []string
	for range 3 {
		var r regItem
		regPost(env, ev.ID, env.NewPerson(t).Access).Decode(t, &r)
		regs = append(regs, r.ID)
	}
	Expect(t, env.JSON(http.MethodDelete, "/api/event/detail/"+ev.ID+"/", nil, org.Access), http.StatusNoContent)
	if n := orphans(t, env, ev.ID, regs); n != 0 {
		t.Errorf("%d items of the deleted event are left", n)
	}
}

// TestDeletedEventKeepsNoNamesOrWords: once an event's people are told of
// its deletion, the table holds neither the organizer's name nor the
// words of their messages about it (only the organization's own items
// name it).
func TestDeletedEventKeepsNoNamesOrWords(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(2, 5), map[string]string{"title": "Glass Blowing"}))
	guest := env.NewPerson(t)
	Expect(t, regPost(env, ev.ID, guest.Access), http.StatusCreated)
	words := "Parking is behind the furnace hall."
	Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/message/", map[string]string{"subject": "Parking", "body": words}, org.Access), http.StatusAccepted)
	regMail(t, env, guest.Email, "Parking")
	Expect(t, env.JSON(http.MethodDelete, "/api/event/detail/"+ev.ID+"/", nil, org.Access), http.StatusNoContent)
	regMail(t, env, guest.Email, "Called off: Glass Blowing")

	name := OrganizationForm(org.Username)["organization"]
	table := dynamo.New(env.awsCfg, func(o *dynamodb.Options) { o.BaseEndpoint = &env.Config.DynamoDBEndpoint }).Table(env.Config.Table)
	var items []map[string]any
	if err := table.Scan().Consistent(true).All(t.Context(), &items); err != nil { // a test may scan; requests never do
		t.Fatal(err)
	}
	for _, it := range items {
		pk, _ := it["PK"].(string)
		if strings.HasPrefix(pk, "ORG#") || strings.HasPrefix(pk, "USER#") {
			continue
		}
		if s := fmt.Sprint(it); strings.Contains(s, name) || strings.Contains(s, words) {
			t.Errorf("item %s %v still holds the organizer's name or words: %s", pk, it["SK"], s)
		}
	}
}
