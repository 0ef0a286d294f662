package apitest

import (
	"context"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"turnout/pkg/api/events"
	"turnout/pkg/auth"
	"turnout/pkg/domain"
)

// regItem is a registration as the register call and a user's list of
// registered events return it.
type regItem struct {
	ID        string    `json:"id"`
	EventID   string    `json:"event_id"`
	Title     string    `json:"title"`
	StartTime time.Time `json:"start_time"`
	EndTime   time.Time `json:"end_time"`
	Location  string    `json:"location"`
}

func regPost(env *Env, eventID, token string) *Response {
	return env.JSON(http.MethodPost, "/api/event/register/"+eventID+"/", nil, token)
}

func regCancel(env *Env, registrationID, token string) *Response {
	return env.JSON(http.MethodDelete, "/api/event/cancle/register/"+registrationID+"/", nil, token)
}

// regRegister registers a for eventID and returns the registration.
func regRegister(t *testing.T, env *Env, eventID string, a *Account) regItem {
	t.Helper()
	res := regPost(env, eventID, a.Access)
	Expect(t, res, http.StatusCreated)
	var r regItem
	res.Decode(t, &r)
	return r
}

// regList reads a's list of registered events.
func regList(t *testing.T, env *Env, a *Account) []regItem {
	t.Helper()
	res := env.JSON(http.MethodGet, "/api/event/user-event/"+a.ID+"/", nil, a.Access)
	Expect(t, res, http.StatusOK)
	var list []regItem
	res.Decode(t, &list)
	if list == nil {
		t.Fatalf("user-event body %s is not a JSON list", res.Body)
	}
	return list
}

func regIDs(list []regItem) []string {
	ids := make([]string, len(list))
	for i, r := range list {
		ids[i] = r.ID
	}
	return ids
}

// regSeatsLeft reads an event's seats left.
func regSeatsLeft(t *testing.T, env *Env, eventID string) int {
	t.Helper()
	return env.GetEvent(t, eventID).SeatsLeft
}

func TestRegistrationRules(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org, ada, bob := env.NewOrganizer(t), env.NewPerson(t), env.NewPerson(t)
	ev := env.CreateEvent(t, org, env.EventForm(3, 2))

	t.Run("anonymous", func(t *testing.T) {
		Expect(t, regPost(env, ev.ID, ""), http.StatusUnauthorized)
	})
	t.Run("unknown event", func(t *testing.T) {
		evExpectDetail(t, regPost(env, auth.NewID(), ada.Access), http.StatusNotFound, events.MsgEventNotFound)
	})
	if got, want := regSeatsLeft(t, env, ev.ID), 2; got != want {
		t.Fatalf("seats_left after refused registrations = %d, want %d", got, want)
	}

	t.Run("registers", func(t *testing.T) {
		res := regPost(env, ev.ID, ada.Access)
		Expect(t, res, http.StatusCreated)
		var raw map[string]any
		res.Decode(t, &raw)
		for _, k := range []string{"id", "event_id", "title", "start_time", "end_time", "location"} {
			if _, ok := raw[k]; !ok {
				t.Errorf("reply %s has no %q", res.Body, k)
			}
		}
		var r regItem
		res.Decode(t, &r)
		if holder, ok := domain.RegistrationHolder(r.ID); !ok || holder != ada.ID {
			t.Errorf("id = %q, want a new registration id naming its holder %s", r.ID, ada.ID)
		}
		if r.EventID != ev.ID || r.Title != ev.Title || r.Location != ev.Location ||
			!r.StartTime.Equal(ev.StartTime) || !r.EndTime.Equal(ev.EndTime) {
			t.Errorf("reply = %+v, want the event %+v", r, ev)
		}
		if got, want := regSeatsLeft(t, env, ev.ID), 1; got != want {
			t.Errorf("seats_left = %d, want %d", got, want)
		}
		if got := regIDs(regList(t, env, ada)); !slices.Equal(got, []string{r.ID}) {
			t.Errorf("ada's registrations = %v, want [%s]", got, r.ID)
		}
	})
	t.Run("at most once per account", func(t *testing.T) {
		evExpectDetail(t, regPost(env, ev.ID, ada.Access), http.StatusConflict, events.MsgAlreadyRegistered)
		if got, want := regSeatsLeft(t, env, ev.ID), 1; got != want {
			t.Errorf("seats_left = %d, want %d", got, want)
		}
		if got := len(regList(t, env, ada)); got != 1 {
			t.Errorf("ada has %d registrations, want 1", got)
		}
	})
	t.Run("never past capacity", func(t *testing.T) {
		single := env.CreateEvent(t, org, env.EventForm(2, 1))
		regRegister(t, env, single.ID, bob)
		evExpectDetail(t, regPost(env, single.ID, ada.Access), http.StatusConflict, events.MsgEventFull)
		if got := regSeatsLeft(t, env, single.ID); got != 0 {
			t.Errorf("seats_left = %d, want 0", got)
		}
		for _, r := range regList(t, env, ada) {
			if r.EventID == single.ID {
				t.Errorf("ada is listed for the full event")
			}
		}
	})
	t.Run("only before the start", func(t *testing.T) {
		soon := env.CreateEvent(t, org, evSoonForm(env, 10*time.Minute, 5))
		env.Advance(11 * time.Minute) // tokens live 15 minutes: still valid
		evExpectDetail(t, regPost(env, soon.ID, bob.Access), http.StatusConflict, events.MsgEventStarted)
		if got := regSeatsLeft(t, env, soon.ID); got != 5 {
			t.Errorf("seats_left = %d, want 5", got)
		}
	})
}

func TestRegisteredEventsListAndCancel(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org, ada, bob := env.NewOrganizer(t), env.NewPerson(t), env.NewPerson(t)
	later := env.CreateEvent(t, org, env.EventForm(4, 5))
	sooner := env.CreateEvent(t, org, env.EventForm(2, 5))
	rLater := regRegister(t, env, later.ID, ada)
	rSooner := regRegister(t, env, sooner.ID, ada)

	list := regList(t, env, ada)
	// Pages follow the order registrations were made in, so a page never
	// depends on events edited since.
	if got, want := regIDs(list), []string{rLater.ID, rSooner.ID}; !slices.Equal(got, want) {
		t.Fatalf("ada's registrations = %v, want in the order made %v", got, want)
	}
	if list[0] != rLater || list[1] != rSooner {
		t.Errorf("list items = %+v, want the register replies %+v, %+v", list, rLater, rSooner)
	}
	if got := regList(t, env, bob); len(got) != 0 {
		t.Errorf("bob's registrations = %v, want none", got)
	}

	t.Run("list only for the account itself", func(t *testing.T) {
		evExpectDetail(t, env.JSON(http.MethodGet, "/api/event/user-event/"+ada.ID+"/", nil, bob.Access),
			http.StatusForbidden, events.MsgNotYourRegistrations)
		evExpectDetail(t, env.JSON(http.MethodGet, "/api/event/user-event/"+ada.ID+"/", nil, org.Access),
			http.StatusForbidden, events.MsgNotYourRegistrations)
		Expect(t, env.JSON(http.MethodGet, "/api/event/user-event/"+ada.ID+"/", nil, ""), http.StatusUnauthorized)
	})
	t.Run("cancel only by the owner", func(t *testing.T) {
		evExpectDetail(t, regCancel(env, rLater.ID, bob.Access), http.StatusForbidden, events.MsgNotYourRegistration)
		Expect(t, regCancel(env, rLater.ID, ""), http.StatusUnauthorized)
		if got := len(regList(t, env, ada)); got != 2 {
			t.Errorf("ada has %d registrations after refused cancels, want 2", got)
		}
		if got := regSeatsLeft(t, env, later.ID); got != 4 {
			t.Errorf("seats_left = %d, want 4", got)
		}
	})
	t.Run("cancel", func(t *testing.T) {
		Expect(t, regCancel(env, rLater.ID, ada.Access), http.StatusNoContent)
		if got := regSeatsLeft(t, env, later.ID); got != 5 {
			t.Errorf("seats_left after cancel = %d, want 5", got)
		}
		if got := regIDs(regList(t, env, ada)); !slices.Equal(got, []string{rSooner.ID}) {
			t.Errorf("ada's registrations = %v, want [%s]", got, rSooner.ID)
		}
		evExpectDetail(t, regCancel(env, rLater.ID, ada.Access), http.StatusNotFound, events.MsgRegistrationNotFound)
		evExpectDetail(t, regCancel(env, auth.NewID(), ada.Access), http.StatusNotFound, events.MsgRegistrationNotFound)
		if got := regSeatsLeft(t, env, later.ID); got != 5 {
			t.Errorf("seats_left after a second cancel = %d, want 5", got)
		}
		// The seat and the place are free again.
		again := regRegister(t, env, later.ID, ada)
		if again.ID == rLater.ID {
			t.Errorf("registering again reused registration id %s", again.ID)
		}
	})
}

func TestDeletingEventRemovesRegistrations(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org, ada, bob := env.NewOrganizer(t), env.NewPerson(t), env.NewPerson(t)
	doomed := env.CreateEvent(t, org, env.EventForm(2, 5))
	kept := env.CreateEvent(t, org, env.EventForm(3, 5))
	adaDoomed := regRegister(t, env, doomed.ID, ada)
	bobDoomed := regRegister(t, env, doomed.ID, bob)
	adaKept := regRegister(t, env, kept.ID, ada)

	Expect(t, env.JSON(http.MethodDelete, "/api/event/detail/"+doomed.ID+"/", nil, org.Access), http.StatusNoContent)

	if got := regIDs(regList(t, env, ada)); !slices.Equal(got, []string{adaKept.ID}) {
		t.Errorf("ada's registrations = %v, want only [%s]", got, adaKept.ID)
	}
	if got := regList(t, env, bob); len(got) != 0 {
		t.Errorf("bob's registrations = %v, want none", got)
	}
	for _, c := range []struct {
		a *Account
		r regItem
	}{{ada, adaDoomed}, {bob, bobDoomed}} {
		evExpectDetail(t, regCancel(env, c.r.ID, c.a.Access), http.StatusNotFound, events.MsgRegistrationNotFound)
	}
	evExpectDetail(t, regPost(env, doomed.ID, ada.Access), http.StatusNotFound, events.MsgEventNotFound)
	if got := regSeatsLeft(t, env, kept.ID); got != 4 {
		t.Errorf("the other event's seats_left = %d, want 4", got)
	}
}

// regAccount is an account made straight in the store, with an access token.
type regAccount struct{ ID, Token string }

// regCrowd creates n activated accounts directly in the store (sign-up
// would hash n passwords) and signs an access token for each.
func regCrowd(t *testing.T, env *Env, n int) []regAccount {
	t.Helper()
	hash, err := auth.HashPassword(testPassword)
	if err != nil {
		t.Fatalf("hash: %v", err)
	}
	accounts := make([]regAccount, n)
	errs := make([]error, n)
	sem := make(chan struct{}, 16)
	parallel(n, func(i int) {
		sem <- struct{}{}
		defer func() { <-sem }()
		name := Unique("crowd")
		u := domain.User{
			ID: auth.NewID(), Username: name, Email: strings.ToLower(name) + "@example.com",
			PasswordHash: hash, IsActive: true, Joined: env.Now().UTC().Truncate(time.Second),
		}
		if errs[i] = env.Base.Store.CreateUser(context.Background(), u, time.Time{}); errs[i] != nil {
			return
		}
		tok, err := env.Base.Auth.Tokens.Access(u.ID, 0)
		accounts[i], errs[i] = regAccount{ID: u.ID, Token: tok}, err
	})
	for i, err := range errs {
		if err != nil {
			t.Fatalf("create account %d: %v", i, err)
		}
	}
	return accounts
}

// regResult is one finished request of a burst.
type regResult struct {
	status int
	body   []byte
	err    error
}

func (r regResult) detail() string {
	var d struct {
		Detail string `json:"detail"`
	}
	_ = json.Unmarshal(r.body, &d)
	return d.Detail
}

// regBurst sends every request at the same moment: each goroutine is ready
// before a closed channel releases them all. It returns the results in
// order and the wall time from release to the last answer.
func regBurst(reqs []*http.Request) ([]regResult, time.Duration) {
	client := &http.Client{
		Timeout:   60 * time.Second,
		Transport: &http.Transport{MaxIdleConnsPerHost: len(reqs)},
	}
	defer client.CloseIdleConnections()
	results := make([]regResult, len(reqs))
	start := make(chan struct{})
	var ready, done sync.WaitGroup
	for i, req := range reqs {
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			ready.Done()
			<-start
			res, err := client.Do(req)
			if err != nil {
				results[i].err = err
				return
			}
			defer res.Body.Close()
			results[i].status = res.StatusCode
			results[i].body, results[i].err = io.ReadAll(res.Body)
		}()
	}
	ready.Wait()
	began := time.Now()
	close(start)
	done.Wait()
	return results, time.Since(began)
}

func regRequest(t *testing.T, env *Env, method, path, token string) *http.Request {
	t.Helper()
	req, err := http.NewRequest(method, env.Server.URL+path, nil)
	if err != nil {
		t.Fatalf("new request: %v", err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	return req
}

// regCountLists sums the registered-event lists of every account, reading
// them concurrently, and checks that each item is for eventID.
func regCountLists(t *testing.T, env *Env, crowd []regAccount, eventID string) (total int, byAccount map[string]string) {
	t.Helper()
	reqs := make([]*http.Request, len(crowd))
	for i, a := range crowd {
		reqs[i] = regRequest(t, env, http.MethodGet, "/api/event/user-event/"+a.ID+"/", a.Token)
	}
	results, _ := regBurst(reqs)
	byAccount = map[string]string{}
	for i, r := range results {
		if r.err != nil || r.status != http.StatusOK {
			t.Fatalf("list of account %d: status %d, err %v, body %s", i, r.status, r.err, r.body)
		}
		var list []regItem
		if err := json.Unmarshal(r.body, &list); err != nil {
			t.Fatalf("decode list %s: %v", r.body, err)
		}
		total += len(list)
		for _, it := range list {
			if it.EventID != eventID {
				t.Errorf("account %d lists event %s, want only %s", i, it.EventID, eventID)
			}
			byAccount[crowd[i].ID] = it.ID
		}
	}
	return total, byAccount
}

func TestConcurrentRegistrationsNeverOverbook(t *testing.T) {
	// Not parallel: a crowd of hundreds of requests needs the emulators to
	// itself (two cores run the suite, and beside other tests DynamoDB
	// Local answers past the client's deadline). Go runs the tests that
	// are not parallel before the parallel ones start.
	const capacity, crowdSize = 20, 200
	env := MustEnvWithoutRegistrationMail(t)
	org := env.NewOrganizer(t)
	ev := env.CreateEvent(t, org, env.EventForm(3, capacity))
	crowd := regCrowd(t, env, crowdSize)

	reqs := make([]*http.Request, len(crowd))
	for i, a := range crowd {
		reqs[i] = regRequest(t, env, http.MethodPost, "/api/event/register/"+ev.ID+"/", a.Token)
	}
	results, wall := regBurst(reqs)

	counts := map[int]int{}
	registered := map[string]string{} // account id → registration id
	for i, r := range results {
		if r.err != nil {
			t.Fatalf("request %d: %v", i, r.err)
		}
		counts[r.status]++
		switch r.status {
		case http.StatusCreated:
			var it regItem
			if err := json.Unmarshal(r.body, &it); err != nil || it.EventID != ev.ID || !domain.ValidRegistrationID(it.ID) {
				t.Errorf("201 body %s: want a registration for %s", r.body, ev.ID)
			}
			registered[crowd[i].ID] = it.ID
		case http.StatusConflict:
			if got := r.detail(); got != events.MsgEventFull {
				t.Errorf("409 detail = %q, want %q", got, events.MsgEventFull)
			}
		case http.StatusServiceUnavailable:
			if got := r.detail(); got != events.MsgBusy {
				t.Errorf("503 detail = %q, want %q", got, events.MsgBusy)
			}
		default:
			t.Errorf("request %d: status %d, body %s", i, r.status, r.body)
		}
	}
	t.Logf("%d registrations at once for %d seats in %v: %d × 201, %d × 409, %d × 503",
		crowdSize, capacity, wall, counts[http.StatusCreated], counts[http.StatusConflict], counts[http.StatusServiceUnavailable])
	if got, want := counts[http.StatusCreated], capacity; got != want {
		t.Fatalf("%d registrations succeeded, want exactly %d", got, want)
	}
	if got, max := counts[http.StatusServiceUnavailable], crowdSize/20; got > max {
		t.Errorf("%d requests were refused as busy, want at most %d", got, max)
	}
	if got := regSeatsLeft(t, env, ev.ID); got != 0 {
		t.Errorf("seats_left = %d, want 0", got)
	}
	total, listed := regCountLists(t, env, crowd, ev.ID)
	if total != capacity {
		t.Errorf("the accounts' lists hold %d registrations, want %d", total, capacity)
	}
	if !maps.Equal(listed, registered) {
		t.Errorf("listed registrations %v differ from the 201 replies %v", listed, registered)
	}

	// Every registration cancelled twice at once: one of each pair wins.
	tokens := map[string]string{}
	for _, a := range crowd {
		tokens[a.ID] = a.Token
	}
	var cancels []*http.Request
	var regOf []string
	for accountID, regID := range registered {
		for range 2 {
			cancels = append(cancels, regRequest(t, env, http.MethodDelete, "/api/event/cancle/register/"+regID+"/", tokens[accountID]))
			regOf = append(regOf, regID)
		}
	}
	results, wall = regBurst(cancels)
	counts = map[int]int{}
	wins := map[string]int{}
	for i, r := range results {
		if r.err != nil {
			t.Fatalf("cancel %d: %v", i, r.err)
		}
		counts[r.status]++
		switch r.status {
		case http.StatusNoContent:
			wins[regOf[i]]++
		case http.StatusNotFound:
			if got := r.detail(); got != events.MsgRegistrationNotFound {
				t.Errorf("404 detail = %q, want %q", got, events.MsgRegistrationNotFound)
			}
		default:
			t.Errorf("cancel %d: status %d, body %s", i, r.status, r.body)
		}
	}
	t.Logf("%d cancels (each registration twice) in %v: %d × 204, %d × 404, %d × 503",
		len(cancels), wall, counts[http.StatusNoContent], counts[http.StatusNotFound], counts[http.StatusServiceUnavailable])
	if counts[http.StatusNoContent] != capacity || counts[http.StatusNotFound] != capacity {
		t.Errorf("cancels: %d × 204 and %d × 404, want %d of each", counts[http.StatusNoContent], counts[http.StatusNotFound], capacity)
	}
	for regID, n := range wins {
		if n != 1 {
			t.Errorf("registration %s was cancelled %d times", regID, n)
		}
	}
	if got := regSeatsLeft(t, env, ev.ID); got != capacity {
		t.Errorf("seats_left after cancelling all = %d, want %d", got, capacity)
	}
	if total, _ := regCountLists(t, env, crowd, ev.ID); total != 0 {
		t.Errorf("the accounts' lists still hold %d registrations", total)
	}
}

// The event's page asks whether the signed-in person is registered: their
// own registration only, seen at once after registering, gone after a
// cancel. Not being registered is an answer, not an error (the page asks
// on every event, and a 404 is a red line in the browser's console).
func TestMyRegistrationForAnEvent(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org, ada, bob := env.NewOrganizer(t), env.NewPerson(t), env.NewPerson(t)
	ev := env.CreateEvent(t, org, env.EventForm(2, 5))
	mine := func(a *Account) *Response {
		return env.JSON(http.MethodGet, "/api/event/register/"+ev.ID+"/", nil, a.Access)
	}
	notRegistered := func(res *Response) {
		t.Helper()
		Expect(t, res, http.StatusOK)
		if got, want := string(res.Body), `{"registration_id":null,"status":null}`; strings.TrimSpace(got) != want {
			t.Errorf("not registered: body %s, want %s", got, want)
		}
	}
	notRegistered(mine(ada))
	reg := regRegister(t, env, ev.ID, ada)

	res := mine(ada)
	Expect(t, res, http.StatusOK)
	var got struct {
		RegistrationID string `json:"registration_id"`
	}
	res.Decode(t, &got)
	if got.RegistrationID != reg.ID {
		t.Errorf("registration_id = %q, want %q", got.RegistrationID, reg.ID)
	}
	notRegistered(mine(bob))
	Expect(t, env.JSON(http.MethodGet, "/api/event/register/"+ev.ID+"/", nil, ""), http.StatusUnauthorized)
	evExpectDetail(t, env.JSON(http.MethodGet, "/api/event/register/not-an-id/", nil, ada.Access), http.StatusNotFound, events.MsgNotRegistered)

	Expect(t, regCancel(env, reg.ID, ada.Access), http.StatusNoContent)
	notRegistered(mine(ada))
}
