package apitest

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go/middleware"

	"turnout/pkg/api/events"
	"turnout/pkg/domain"
)

// waitReply is a register reply, or a person's registration for an event.
type waitReply struct {
	ID             string `json:"id"`
	RegistrationID string `json:"registration_id"`
	Status         string `json:"status"`
	Position       int    `json:"position"`
	Ticket         string `json:"ticket"`
}

// attendeesReply is a page of the organizer's attendee list.
type attendeesReply struct {
	Registered int `json:"registered"`
	Waitlisted int `json:"waitlisted"`
	CheckedIn  int `json:"checked_in"`
	Capacity   int `json:"capacity"`
	Attendees  []struct {
		RegistrationID string  `json:"registration_id"`
		UserID         string  `json:"user_id"`
		Username       string  `json:"username"`
		FirstName      string  `json:"first_name"`
		LastName       string  `json:"last_name"`
		Email          string  `json:"email"`
		Status         string  `json:"status"`
		CheckedInAt    *string `json:"checked_in_at"`
	} `json:"attendees"`
}

// waitAttendees reads every page of an event's attendee list as org.
func waitAttendees(t *testing.T, env *Env, eventID string, org *Account) attendeesReply {
	t.Helper()
	var all attendeesReply
	path := "/api/event/detail/" + eventID + "/attendees/?limit=100"
	for after := ""; ; {
		res := env.JSON(http.MethodGet, path+"&after="+after, nil, org.Access)
		Expect(t, res, http.StatusOK)
		var page attendeesReply
		res.Decode(t, &page)
		all.Registered, all.Waitlisted, all.CheckedIn, all.Capacity = page.Registered, page.Waitlisted, page.CheckedIn, page.Capacity
		all.Attendees = append(all.Attendees, page.Attendees...)
		if after = res.Header.Get(events.NextPageHeader); after == "" {
			return all
		}
	}
}

// waitStatuses reads each account's registration for eventID, in order.
func waitStatuses(t *testing.T, env *Env, crowd []regAccount, eventID string) []waitReply {
	t.Helper()
	reqs := make([]*http.Request, len(crowd))
	for i, a := range crowd {
		reqs[i] = regRequest(t, env, http.MethodGet, "/api/event/register/"+eventID+"/", a.Token)
	}
	results, _ := regBurst(reqs)
	out := make([]waitReply, len(crowd))
	for i, r := range results {
		if r.err != nil || (r.status != http.StatusOK && r.status != http.StatusNotFound) {
			t.Fatalf("registration of account %d: status %d, err %v, body %s", i, r.status, r.err, r.body)
		}
		if r.status == http.StatusOK {
			if err := json.Unmarshal(r.body, &out[i]); err != nil {
				t.Fatal(err)
			}
		}
	}
	return out
}

// TestWaitlistUnderContention: 200 people register at once for 5 seats of
// a waitlisted event, then the 5 cancel while 20 of the waiting leave and
// 40 newcomers register, all at once. Seats never exceed capacity, the
// places told at joining are exactly 1 to n (each join takes a ticket
// number), each person reads the place they were told, and the seats pass
// to the first of the queue, never to a newcomer; after the leaving, every
// place read is exact again.
func TestWaitlistUnderContention(t *testing.T) {
	// Not parallel: a crowd of hundreds of requests needs the emulators to
	// itself (two cores run the suite, and beside other tests DynamoDB
	// Local answers past the client's deadline). Go runs the tests that
	// are not parallel before the parallel ones start.
	const capacity, crowdSize, leaving, newcomers = 5, 200, 20, 40
	env := MustEnvWithoutRegistrationMail(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, capacity), map[string]string{"waitlist": "true"}))
	crowd := regCrowd(t, env, crowdSize+newcomers)
	first, late := crowd[:crowdSize], crowd[crowdSize:]

	reqs := make([]*http.Request, len(first))
	for i, a := range first {
		reqs[i] = regRequest(t, env, http.MethodPost, "/api/event/register/"+ev.ID+"/", a.Token)
	}
	results, wall := regBurst(reqs)
	regOf := map[string]string{} // account → registration
	told := map[int]int{}        // index into first → place told at joining
	var seated, queued []int     // indexes into first
	busy := 0
	for i, r := range results {
		switch {
		case r.err != nil:
			t.Fatalf("request %d: %v", i, r.err)
		case r.status == http.StatusServiceUnavailable && r.detail() == events.MsgBusy:
			busy++
			continue
		case r.status != http.StatusCreated:
			t.Fatalf("request %d: status %d, body %s", i, r.status, r.body)
		}
		var w waitReply
		if err := json.Unmarshal(r.body, &w); err != nil {
			t.Fatal(err)
		}
		regOf[first[i].ID] = w.ID
		switch w.Status {
		case "registered":
			seated = append(seated, i)
		case "waitlisted":
			queued = append(queued, i)
			told[i] = w.Position
			if w.Position < 1 || w.Ticket != "" || r.detail() != events.MsgWaitlisted {
				t.Errorf("waitlisted reply %s: want a position, no ticket and %q", r.body, events.MsgWaitlisted)
			}
		default:
			t.Errorf("reply %s: unknown status", r.body)
		}
	}
	t.Logf("%d registrations at once for %d seats with a waitlist in %v: %d seated, %d waitlisted, %d busy",
		crowdSize, capacity, wall, len(seated), len(queued), busy)
	if len(seated) != capacity {
		t.Fatalf("%d seated, want exactly %d", len(seated), capacity)
	}
	if busy > crowdSize/20 {
		t.Errorf("%d requests refused as busy, want at most %d", busy, crowdSize/20)
	}

	// The places told at joining are 1..n, each once, and read back.
	statuses := waitStatuses(t, env, first, ev.ID)
	byID := slices.Clone(queued) // the queue, in the order of places told
	slices.SortFunc(byID, func(a, b int) int { return told[a] - told[b] })
	for rank, i := range byID {
		if told[i] != rank+1 {
			t.Fatalf("places told at joining: the %d. is %d, want each of 1..%d once", rank+1, told[i], len(queued))
		}
		if got := statuses[i]; got.Status != "waitlisted" || got.Position != rank+1 {
			t.Errorf("the person told %d reads %+v, want waitlisted at %d", rank+1, got, rank+1)
		}
	}
	list := waitAttendees(t, env, ev.ID, org)
	if list.Registered != capacity || list.Waitlisted != len(queued) || len(list.Attendees) != capacity+len(queued) {
		t.Errorf("attendees: %d registered, %d waitlisted, %d listed; want %d, %d, %d",
			list.Registered, list.Waitlisted, len(list.Attendees), capacity, len(queued), capacity+len(queued))
	}

	// Round two, all at once: the seated cancel, the first `leaving` of
	// the queue's second half leave, newcomers register.
	var round []*http.Request
	for _, i := range seated {
		round = append(round, regRequest(t, env, http.MethodDelete, "/api/event/cancle/register/"+regOf[first[i].ID]+"/", first[i].Token))
	}
	leavers := byID[len(byID)/2 : len(byID)/2+leaving]
	for _, i := range leavers {
		round = append(round, regRequest(t, env, http.MethodDelete, "/api/event/cancle/register/"+regOf[first[i].ID]+"/", first[i].Token))
	}
	for _, a := range late {
		round = append(round, regRequest(t, env, http.MethodPost, "/api/event/register/"+ev.ID+"/", a.Token))
	}
	results, wall = regBurst(round)
	for i, r := range results {
		want := http.StatusNoContent
		if i >= capacity+leaving {
			want = http.StatusCreated
		}
		if r.err != nil || r.status != want {
			t.Errorf("round two, request %d: status %d (want %d), err %v, body %s", i, r.status, want, r.err, r.body)
		}
	}
	t.Logf("%d cancels, %d leaving the queue and %d newcomers at once in %v", capacity, leaving, newcomers, wall)

	// The seats went to the first `capacity` of the queue.
	statuses = waitStatuses(t, env, first, ev.ID)
	remaining := slices.DeleteFunc(slices.Clone(byID), func(i int) bool { return slices.Contains(leavers, i) })
	for rank, i := range remaining {
		got := statuses[i]
		switch {
		case rank < capacity && got.Status != "registered":
			t.Errorf("the %d. in the queue reads %+v, want a seat", rank+1, got)
		case rank < capacity && got.Ticket == "":
			t.Errorf("the %d. in the queue has a seat but no ticket", rank+1)
		case rank >= capacity && (got.Status != "waitlisted" || got.Position != rank-capacity+1):
			t.Errorf("the %d. in the queue reads %+v, want waitlisted at %d", rank+1, got, rank-capacity+1)
		}
	}
	for _, i := range append(slices.Clone(seated), leavers...) {
		if statuses[i].Status != "" {
			t.Errorf("account %d cancelled but reads %+v", i, statuses[i])
		}
	}
	// Newcomers queue behind everyone who was waiting.
	for i, got := range waitStatuses(t, env, late, ev.ID) {
		if got.Status != "waitlisted" || got.Position <= len(remaining)-capacity {
			t.Errorf("newcomer %d reads %+v, want waitlisted behind the %d waiting before", i, got, len(remaining)-capacity)
		}
	}
	list = waitAttendees(t, env, ev.ID, org)
	wantWaiting := len(remaining) - capacity + newcomers
	if list.Registered != capacity || list.Waitlisted != wantWaiting || len(list.Attendees) != capacity+wantWaiting {
		t.Errorf("attendees after round two: %d registered, %d waitlisted, %d listed; want %d, %d, %d",
			list.Registered, list.Waitlisted, len(list.Attendees), capacity, wantWaiting, capacity+wantWaiting)
	}
	if got := regSeatsLeft(t, env, ev.ID); got != 0 {
		t.Errorf("seats_left = %d, want 0", got)
	}
}

// TestWaitlistRules: without a waitlist a full event refuses; with one it
// queues, a raised capacity promotes as many as fit, a waiting person's
// list entry says where they stand, and nobody passes the queue.
func TestWaitlistRules(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	people := []*Account{env.NewPerson(t), env.NewPerson(t), env.NewPerson(t), env.NewPerson(t)}

	plain := env.CreateEvent(t, org, env.EventForm(3, 1))
	regRegister(t, env, plain.ID, people[0])
	evExpectDetail(t, regPost(env, plain.ID, people[1].Access), http.StatusConflict, events.MsgEventFull)

	form := evFormWith(env.EventForm(3, 1), map[string]string{"waitlist": "true"})
	ev := env.CreateEvent(t, org, form)
	var raw map[string]any
	env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/", nil, "").Decode(t, &raw)
	if raw["waitlist"] != true {
		t.Errorf("detail waitlist = %v, want true", raw["waitlist"])
	}
	evExpectFields(t, env.Multipart(http.MethodPost, "/api/event/create/", evFormWith(form, map[string]string{"waitlist": "maybe"}), nil, org.Access),
		map[string][]string{"waitlist": {domain.MsgBoolean}})

	var replies []waitReply
	for _, p := range people {
		res := regPost(env, ev.ID, p.Access)
		Expect(t, res, http.StatusCreated)
		var w waitReply
		res.Decode(t, &w)
		replies = append(replies, w)
	}
	if replies[0].Status != "registered" || replies[0].Ticket == "" {
		t.Errorf("first reply %+v, want registered with a ticket", replies[0])
	}
	for i, w := range replies[1:] {
		if w.Status != "waitlisted" || w.Position != i+1 {
			t.Errorf("reply %d: %+v, want waitlisted at %d", i+1, w, i+1)
		}
	}
	// The list entry of a waiting person says where they stand.
	var entries []struct {
		Status   string `json:"status"`
		Position int    `json:"position"`
	}
	env.JSON(http.MethodGet, "/api/event/user-event/"+people[2].ID+"/", nil, people[2].Access).Decode(t, &entries)
	if len(entries) != 1 || entries[0].Status != "waitlisted" || entries[0].Position != 2 {
		t.Errorf("list of the second waiting: %+v, want waitlisted at 2", entries)
	}
	// Leaving the queue moves those behind up.
	Expect(t, regCancel(env, replies[1].ID, people[1].Access), http.StatusNoContent)
	env.JSON(http.MethodGet, "/api/event/user-event/"+people[2].ID+"/", nil, people[2].Access).Decode(t, &entries)
	if len(entries) != 1 || entries[0].Position != 1 {
		t.Errorf("after the first left, the list reads %+v, want position 1", entries)
	}

	// Raising the capacity by one seats the first waiting, not a newcomer.
	newcomer := env.NewPerson(t)
	Expect(t, evPatch(env, ev.ID, evFormWith(evFormOf(ev), map[string]string{"capacity": "2"}), org.Access), http.StatusOK)
	var w waitReply
	env.JSON(http.MethodGet, "/api/event/register/"+ev.ID+"/", nil, people[2].Access).Decode(t, &w)
	if w.Status != "registered" || w.Ticket == "" {
		t.Errorf("after the raise the first waiting reads %+v, want registered with a ticket", w)
	}
	res := regPost(env, ev.ID, newcomer.Access)
	Expect(t, res, http.StatusCreated)
	res.Decode(t, &w)
	if w.Status != "waitlisted" || w.Position != 2 {
		t.Errorf("newcomer after the raise: %+v, want waitlisted at 2 (behind the one still waiting)", w)
	}
	// A cancel seats the next in line.
	Expect(t, regCancel(env, replies[0].ID, people[0].Access), http.StatusNoContent)
	env.JSON(http.MethodGet, "/api/event/register/"+ev.ID+"/", nil, people[3].Access).Decode(t, &w)
	if w.Status != "registered" {
		t.Errorf("after a cancel the next in line reads %+v, want registered", w)
	}
	list := waitAttendees(t, env, ev.ID, org)
	if list.Registered != 2 || list.Waitlisted != 1 || list.Capacity != 2 {
		t.Errorf("counts %d registered, %d waitlisted of %d, want 2, 1 of 2", list.Registered, list.Waitlisted, list.Capacity)
	}
	// Turning the waitlist off keeps the queue but takes nobody new.
	Expect(t, evPatch(env, ev.ID, evFormWith(evFormOf(ev), map[string]string{"capacity": "2", "waitlist": "false"}), org.Access), http.StatusOK)
	evExpectDetail(t, regPost(env, ev.ID, people[1].Access), http.StatusConflict, events.MsgEventFull)
}

// loseAnswers makes the API's DynamoDB client lose the answer of the
// first TransactWriteItems that takes a seat and of the first that takes
// a place in a queue: the transaction is written, then the call fails as
// a time-out would.
func loseAnswers(lost *atomic.Int32) func(*dynamodb.Options) {
	var seat, join atomic.Bool
	return func(o *dynamodb.Options) {
		o.APIOptions = append(o.APIOptions, func(stack *middleware.Stack) error {
			return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("LoseAnswer",
				func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
					out, md, err := next.HandleInitialize(ctx, in)
					tx, ok := in.Parameters.(*dynamodb.TransactWriteItemsInput)
					if !ok || err != nil {
						return out, md, err
					}
					places, waits := 0, 0
					for _, item := range tx.TransactItems {
						if item.Put == nil {
							continue
						}
						if sk, ok := item.Put.Item["SK"].(*types.AttributeValueMemberS); ok {
							places += boolInt(strings.HasPrefix(sk.Value, "ATTENDEE#"))
							waits += boolInt(strings.HasPrefix(sk.Value, "WAIT#"))
						}
					}
					if (places > 0 && waits == 0 && seat.CompareAndSwap(false, true)) || (waits > 0 && join.CompareAndSwap(false, true)) {
						lost.Add(1)
						return out, md, &net.OpError{Op: "read", Net: "tcp", Err: os.ErrDeadlineExceeded}
					}
					return out, md, err
				}), middleware.After)
		})
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestWrittenRegistrationsAreNeverAnsweredAsErrors: when the answer of a
// registration's transaction is lost after it was written (a time-out),
// the API asks again with the same idempotency token and answers the
// registration as made: a seat, then a place in the queue, each once.
func TestWrittenRegistrationsAreNeverAnsweredAsErrors(t *testing.T) {
	t.Parallel()
	var lost atomic.Int32
	env := MustEnv(t, loseAnswers(&lost))
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 1), map[string]string{"waitlist": "true"}))
	seated, waiting := env.NewPerson(t), env.NewPerson(t)

	var got waitReply
	res := env.JSON(http.MethodPost, "/api/event/register/"+ev.ID+"/", nil, seated.Access)
	Expect(t, res, http.StatusCreated)
	if res.Decode(t, &got); got.Status != "registered" {
		t.Errorf("the seat whose answer was lost reads %+v, want registered", got)
	}
	res = env.JSON(http.MethodPost, "/api/event/register/"+ev.ID+"/", nil, waiting.Access)
	Expect(t, res, http.StatusCreated)
	if res.Decode(t, &got); got.Status != "waitlisted" || got.Position != 1 {
		t.Errorf("the place whose answer was lost reads %+v, want waitlisted at 1", got)
	}
	if n := lost.Load(); n != 2 {
		t.Fatalf("%d answers lost, want 2 (a seat's and a place's)", n)
	}
	list := waitAttendees(t, env, ev.ID, org)
	if list.Registered != 1 || list.Waitlisted != 1 || len(list.Attendees) != 2 {
		t.Errorf("attendees: %d registered, %d waitlisted, %d listed; want each once", list.Registered, list.Waitlisted, len(list.Attendees))
	}
}
