package apitest

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go/middleware"

	"turnout/pkg/accounts"
	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/events"
)

// raceDeletion deletes a's account while four workers keep calling
// act(0), act(1), ... (each once, at most n) until the deletion has
// answered 204. An act either lands (201) or is refused (409 "This account
// is being deleted.", or 401 once the account is gone); it returns how
// many did which.
func raceDeletion(t *testing.T, env *Env, a *Account, n int, act func(i int) *Response) (landed, refused int64) {
	t.Helper()
	var deleted atomic.Bool
	var next, l, r atomic.Int64
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !deleted.Load() {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				res := act(i)
				switch {
				case res.Status == http.StatusCreated:
					l.Add(1)
				case res.Status == http.StatusConflict && regResult{body: res.Body}.detail() == events.MsgAccountDeleting, res.Status == http.StatusUnauthorized:
					r.Add(1)
				default:
					t.Errorf("call %d during the deletion: %d %s", i, res.Status, res.Body)
				}
			}
		}()
	}
	res := env.JSON(http.MethodDelete, "/api/user/account/", map[string]string{"password": a.Password}, a.Access)
	deleted.Store(true)
	wg.Wait()
	Expect(t, res, http.StatusNoContent)
	return l.Load(), r.Load()
}

// TestRegisteringDuringOwnDeletionLeavesNothing: while a person's
// DELETE /api/user/account/ runs, the same person keeps registering for
// event after event. Each registration either lands before the deletion
// marks the account (and is swept with it) or is refused; afterwards not
// one item of the table names the person, and every seat is free.
func TestRegisteringDuringOwnDeletionLeavesNothing(t *testing.T) {
	t.Parallel()
	env := MustEnvWithoutRegistrationMail(t)
	org, ana := env.NewOrganizer(t), env.NewPerson(t)
	// As many as one account may make in a window (more would be refused
	// for that, not for the deletion).
	starts := make([]time.Time, events.RegistrationChangesPerWindow)
	for i := range starts {
		starts[i] = env.Now().Add(time.Duration(72+i) * time.Hour)
	}
	evs := seedEvents(t, env, org, "An event.", starts)
	// A few registrations first, so the deletion has work to do while
	// the others arrive.
	for _, id := range evs[:10] {
		Expect(t, regPost(env, id, ana.Access), http.StatusCreated)
	}
	landed, refused := raceDeletion(t, env, ana, len(evs)-10, func(i int) *Response { return regPost(env, evs[10+i], ana.Access) })
	t.Logf("registrations during the deletion: %d landed before its mark, %d refused", landed, refused)
	if left := itemsNaming(t, env, ana.ID, ana.Username, ana.Email); len(left) > 0 {
		t.Errorf("items naming the deleted account remain: %v", left)
	}
	for _, id := range evs {
		if ev := env.GetEvent(t, id); ev.SeatsLeft != ev.Capacity {
			t.Errorf("event %s has %d of %d seats left after the deletion, want all", id, ev.SeatsLeft, ev.Capacity)
		}
	}
}

// callHold holds, while armed, the first DynamoDB call that matches until
// released, so a test can let another request run in between.
type callHold struct {
	mu            sync.Mutex
	match         func(op string, params any) bool
	held, release chan struct{}
}

// arm holds the next call that matches; held is closed once it is held,
// and closing release lets it go on.
func (h *callHold) arm(match func(op string, params any) bool) (held, release chan struct{}) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.match, h.held, h.release = match, make(chan struct{}), make(chan struct{})
	return h.held, h.release
}

func (h *callHold) option() func(*dynamodb.Options) {
	return func(o *dynamodb.Options) {
		o.APIOptions = append(o.APIOptions, func(stack *middleware.Stack) error {
			return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("TurnoutHoldCall",
				func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
					h.mu.Lock()
					var release chan struct{}
					if h.match != nil && h.match(middleware.GetOperationName(ctx), in.Parameters) {
						h.match, release = nil, h.release
						close(h.held)
					}
					h.mu.Unlock()
					if release != nil {
						<-release
					}
					return next.HandleInitialize(ctx, in)
				}), middleware.Before)
		})
	}
}

func stringAttr(item map[string]types.AttributeValue, name string) string {
	if v, ok := item[name].(*types.AttributeValueMemberS); ok {
		return v.Value
	}
	return ""
}

// TestWritesHeldAcrossOwnDeletionAreRefused holds a request of an account
// at one of its steps (a person's registration at its transaction; an
// organization's event creation at reading the organization or at writing
// the event) while the account is deleted, then lets it go on: it is
// refused with 409, and nothing of the account is left.
func TestWritesHeldAcrossOwnDeletionAreRefused(t *testing.T) {
	t.Parallel()
	hold := &callHold{}
	env := MustEnvWithoutRegistrationMail(t, hold.option())
	host := env.NewOrganizer(t)
	hosted := env.CreateEvent(t, host, env.EventForm(3, 10))
	writes := func(sk string) func(op string, params any) bool {
		return func(op string, params any) bool {
			in, ok := params.(*dynamodb.TransactWriteItemsInput)
			return ok && slices.ContainsFunc(in.TransactItems, func(it types.TransactWriteItem) bool {
				return it.Put != nil && strings.HasPrefix(stringAttr(it.Put.Item, "SK"), sk)
			})
		}
	}
	createEvent := func(a *Account) *Response {
		return env.Multipart(http.MethodPost, "/api/event/create/", env.EventForm(3, 10), nil, a.Access)
	}
	cases := []struct {
		name    string
		account func() *Account
		act     func(a *Account) *Response
		match   func(a *Account) func(op string, params any) bool
	}{
		{"a registration held at its transaction", func() *Account { return env.NewPerson(t) },
			func(a *Account) *Response { return regPost(env, hosted.ID, a.Access) },
			func(*Account) func(string, any) bool { return writes("ATTENDEE#") }},
		{"an event held at reading its organization", func() *Account { return env.NewOrganizer(t) }, createEvent,
			func(a *Account) func(string, any) bool {
				return func(op string, params any) bool {
					in, ok := params.(*dynamodb.GetItemInput)
					return ok && stringAttr(in.Key, "PK") == "ORG#"+a.OrganizationID
				}
			}},
		{"an event held at its transaction", func() *Account { return env.NewOrganizer(t) }, createEvent,
			func(*Account) func(string, any) bool { return writes("EVENT") }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := c.account()
			held, release := hold.arm(c.match(a))
			answered := make(chan *Response, 1)
			go func() { answered <- c.act(a) }()
			<-held
			Expect(t, env.JSON(http.MethodDelete, "/api/user/account/", map[string]string{"password": a.Password}, a.Access), http.StatusNoContent)
			close(release)
			evExpectDetail(t, <-answered, http.StatusConflict, events.MsgAccountDeleting)
			if left := itemsNaming(t, env, a.ID, a.Username, a.Email); len(left) > 0 {
				t.Errorf("items naming the deleted account remain: %v", left)
			}
		})
	}
}

// deleteUntilDone repeats DELETE /api/user/account/ until it answers 204.
// Each answer must come within the Lambda's 15 s and be either 204 or the
// honest "not fully deleted yet" 503; a 401 before the 204 would mean an
// attempt deleted the account but answered a failure.
func deleteUntilDone(t *testing.T, env *Env, a *Account, maxAttempts int) (attempts int, took []time.Duration) {
	t.Helper()
	for attempts = 1; attempts <= maxAttempts; attempts++ {
		res, d := timed(func() *Response {
			return env.JSON(http.MethodDelete, "/api/user/account/", map[string]string{"password": a.Password}, a.Access)
		})
		took = append(took, d)
		if d > 15*time.Second {
			t.Errorf("attempt %d answered after %v, past the Lambda timeout", attempts, d)
		}
		switch {
		case res.Status == http.StatusNoContent:
			return attempts, took
		case res.Status == http.StatusServiceUnavailable && res.Detail(t) == accounts.MsgDeletionUnfinished:
			if res.Header.Get("Retry-After") == "" {
				t.Errorf("attempt %d: the unfinished deletion's 503 has no Retry-After", attempts)
			}
		default:
			t.Fatalf("attempt %d: %d %s, want 204 or the unfinished deletion's 503", attempts, res.Status, res.Body)
		}
	}
	t.Fatalf("the deletion did not finish in %d attempts (%v)", maxAttempts, took)
	return attempts, took
}

// TestDeletingLargeAccountsConverges deletes a person with 1,000
// registrations (each at its own event, with a seat taken) and an
// organization with 1,000 events: every answer comes within the Lambda's
// limits and is honest, the attempts converge to a 204, and nothing of
// either account is left.
func TestDeletingLargeAccountsConverges(t *testing.T) {
	// Not parallel, and on emulators of its own: thousands of writes need
	// them to themselves, and leave them slow for whatever comes after.
	env := MustEnvOfItsOwn(t)
	ctx := context.Background()
	const n = 1000
	org, other, ana := env.NewOrganizer(t), env.NewOrganizer(t), env.NewPerson(t)
	start := env.Now().Add(72 * time.Hour).UTC().Truncate(time.Minute)
	newEvent := func(orgID string, seatsTaken int) domain.Event {
		return domain.Event{ID: auth.NewID(), OrganizationID: orgID, OrganizationName: "Org", Title: "Event", Description: "An event.",
			Location: "Hall", Start: start, End: start.Add(time.Hour), Capacity: 10, SeatsTaken: seatsTaken}
	}
	owned, hers := make([]domain.Event, n), make([]domain.Event, n)
	regs := make([]domain.Attendee, n)
	u, err := env.Base.Store.User(ctx, ana.ID)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		owned[i], hers[i] = newEvent(org.OrganizationID, 0), newEvent(other.OrganizationID, 1)
		regs[i] = domain.AttendeeOf(domain.Registration{ID: auth.NewID(), EventID: hers[i].ID, UserID: ana.ID, Created: start.Add(-48 * time.Hour)}, u)
	}
	if err := env.Base.Store.ImportEvents(ctx, append(owned, hers...)); err != nil {
		t.Fatal(err)
	}
	if err := env.Base.Store.ImportRegistrations(ctx, regs); err != nil {
		t.Fatal(err)
	}

	for _, c := range []struct {
		name    string
		account *Account
	}{{"a person with 1,000 registrations", ana}, {"an organization with 1,000 events", org}} {
		// Each attempt gets less done when the emulator is shared, never
		// nothing: the bound is on attempts, not on the time of one.
		attempts, took := deleteUntilDone(t, env, c.account, 20)
		t.Logf("%s: 204 after %d attempt(s), taking %v", c.name, attempts, took)
	}
	if left := itemsNaming(t, env, ana.ID, ana.Username, ana.Email, org.ID, org.OrganizationID, org.Email); len(left) > 0 {
		t.Errorf("%d items of the deleted accounts remain, e.g. %v", len(left), left[:min(len(left), 5)])
	}
	if e, err := env.Base.Store.Event(ctx, hers[n-1].ID); err != nil || e.SeatsTaken != 0 {
		t.Errorf("the last event she was registered for: %+v, %v; want its seat given back", e.SeatsTaken, err)
	}
}

// TestInterruptedAccountDeletionIsFinishedByRetry cuts an organization's
// deletion short after each of several writes (its events half deleted,
// some with a registrant), then has it ask again: 204, and nothing of the
// organization or its events is left, nor of the person's registrations
// to them.
func TestInterruptedAccountDeletionIsFinishedByRetry(t *testing.T) {
	t.Parallel()
	crash := &writeCrash{}
	env := MustEnvWithoutRegistrationMail(t, crash.option())
	ben := env.NewPerson(t)
	// The writes of the deletion: the mark, then per event its first
	// transaction, the batches of its registrants, its last delete.
	for _, writes := range []int64{1, 2, 3, 5, 8} {
		t.Run(fmt.Sprintf("crash after %d writes", writes), func(t *testing.T) {
			org := env.NewOrganizer(t)
			evs := make([]Event, 6)
			for i := range evs {
				evs[i] = env.CreateEvent(t, org, env.EventForm(2+i, 10))
			}
			regs := make([]string, 0, 3)
			for _, ev := range evs[:3] {
				res := regPost(env, ev.ID, ben.Access)
				Expect(t, res, http.StatusCreated)
				var r regItem
				res.Decode(t, &r)
				regs = append(regs, r.ID)
			}
			crash.arm(writes)
			res := env.JSON(http.MethodDelete, "/api/user/account/", map[string]string{"password": org.Password}, org.Access)
			crash.armed.Store(false)
			if res.Status != http.StatusInternalServerError {
				t.Fatalf("interrupted deletion answered %d %s, want the crash's 500", res.Status, res.Body)
			}
			Expect(t, env.JSON(http.MethodDelete, "/api/user/account/", map[string]string{"password": org.Password}, org.Access), http.StatusNoContent)
			if left := itemsNaming(t, env, org.ID, org.OrganizationID, org.Email); len(left) > 0 {
				t.Errorf("items of the deleted organization remain: %v", left)
			}
			for _, ev := range evs {
				if n := orphans(t, env, ev.ID, regs); n != 0 {
					t.Errorf("%d items of event %s are left", n, ev.ID)
				}
			}
		})
	}
}
