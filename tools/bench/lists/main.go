// Command lists measures what the event lists and a registration cost in
// DynamoDB: calls, read and write units as DynamoDB
// Local reports them (ReturnConsumedCapacity INDEXES), answer bytes and
// time per page, through the real events handlers on fresh emulators.
// Data is seeded through the store in batches. It also measures a mail to
// 5,000 people through the mailer (broadcast.go), the reminders of an
// event of 10,000 (reminders.go), an announcement to an organization's
// 10,000 followers (followers.go), and parallel mailers against one
// sending rate (mailrate.go). `make bench` runs it.
package main

import (
	"context"
	"crypto/rand"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"turnout/pkg/api/events"
	"turnout/pkg/auth"
	"turnout/pkg/config"
	"turnout/pkg/domain"
	"turnout/pkg/emulators"
	eventsvc "turnout/pkg/events"
	"turnout/pkg/httpapi"
	"turnout/pkg/media"
	"turnout/pkg/store"
)

func main() {
	only := flag.String("only", "", `run one table: "reminders", "followers", "mailrate", "search", "attendees" or "queue"`)
	flag.Parse()
	if err := run(context.Background(), *only); err != nil {
		fmt.Fprintln(os.Stderr, "bench lists:", err)
		os.Exit(1)
	}
}

// bench is one table and the events API over it, metered.
type bench struct {
	cfg    config.Config
	awsCfg aws.Config
	st     *store.Store
	ops    *store.OperationCounter
	meter  *store.CapacityMeter
	srv    *httptest.Server
	tokens *auth.Issuer
	now    time.Time
}

func run(ctx context.Context, only string) error {
	stack, err := emulators.Start(ctx, emulators.Options{})
	if err != nil {
		return fmt.Errorf("start emulators: %w", err)
	}
	defer stack.Stop()
	newBench := func(name string) (*bench, error) { return open(ctx, stack, name) }
	switch only {
	case "reminders":
		return remindersBench(ctx, stack, newBench)
	case "followers":
		return followersBench(ctx, stack, newBench)
	case "mailrate":
		return mailRateBench(ctx, stack, newBench)
	case "search":
		return search(ctx, newBench)
	case "attendees":
		return attendees(ctx, newBench)
	case "queue":
		return queueBench(ctx, newBench)
	}

	fmt.Println("## Lists: first page, then the deepest page; 1 KB descriptions")
	fmt.Println()
	fmt.Println("Calls of a person's list include the GetItem that authenticates them. The last column is main's, as measured before the lists were indexed.")
	fmt.Println()
	fmt.Println("| list | history | pages | calls/page (max) | read units (page 1) | bytes (page 1, max) | ms (page 1) | main f1ee25a, whole list |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---|")
	baseline := map[string]string{
		"org 100": "1 call, 9.5 RU, 62 KB, 9 ms", "org 1000": "1 call, 94 RU, 622 KB, 68 ms",
		"org 10000": "7 calls, 854 RU, 5.64 MB, ~1,300 ms (at 9,000)", "regs 50": "3 calls, 28 RU", "regs 500": "7 calls, 267 RU",
	}
	for _, n := range []int{100, 1000, 10000} {
		b, err := newBench(fmt.Sprintf("org%d", n))
		if err != nil {
			return err
		}
		org := auth.NewID()
		if _, err := b.seed(ctx, org, n, 1000, b.now.Add(time.Hour), time.Hour); err != nil {
			return err
		}
		r, err := b.pages("/api/event/organization/"+org+"/events/", "")
		if err != nil {
			return err
		}
		fmt.Printf("| organization's events | %d events | %s | %s |\n", n, r, baseline[fmt.Sprintf("org %d", n)])
	}
	for _, n := range []int{50, 500} {
		b, err := newBench(fmt.Sprintf("regs%d", n))
		if err != nil {
			return err
		}
		ids, err := b.seed(ctx, auth.NewID(), n, 1000, b.now.Add(time.Hour), time.Hour)
		if err != nil {
			return err
		}
		user, token, err := b.person(ctx)
		if err != nil {
			return err
		}
		regs := make([]domain.Attendee, n)
		for i, id := range ids {
			regs[i].Registration = domain.Registration{ID: domain.NewRegistrationID(auth.NewID(), user), EventID: id, UserID: user, Created: b.now.Add(time.Duration(i) * time.Second)}
		}
		if err := b.st.ImportRegistrations(ctx, regs); err != nil {
			return fmt.Errorf("seed registrations: %w", err)
		}
		r, err := b.pages("/api/event/user-event/"+user+"/", token)
		if err != nil {
			return err
		}
		fmt.Printf("| person's registrations | %d registrations | %s | %s |\n", n, r, baseline[fmt.Sprintf("regs %d", n)])
	}

	fmt.Println()
	fmt.Println("## Public list: limit 100, every page")
	fmt.Println()
	fmt.Println("| calendar | pages | calls/page (max) | read units (page 1) | bytes (page 1, max) | ms (page 1) | main f1ee25a |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---|")
	for _, c := range []struct {
		name, baseline string
		n              int
		every          time.Duration
	}{
		{"122 events over 11 months", "up to 11 calls per page", 122, 330 * 24 * time.Hour / 122},
		{"1,000 events in one month", "1-2 calls per page", 1000, 40 * time.Minute},
		{"3,000 events over 2 years", "up to 25 calls per page", 3000, 700 * 24 * time.Hour / 3000},
	} {
		b, err := newBench("public")
		if err != nil {
			return err
		}
		if _, err := b.seed(ctx, auth.NewID(), c.n, 300, b.now.Add(time.Hour), c.every); err != nil {
			return err
		}
		r, err := b.pages("/api/event/public/?limit=100", "")
		if err != nil {
			return err
		}
		fmt.Printf("| %s | %s | %s |\n", c.name, r, c.baseline)
	}

	if err := attendees(ctx, newBench); err != nil {
		return err
	}
	if err := broadcast(ctx, stack, newBench); err != nil {
		return err
	}
	if err := search(ctx, newBench); err != nil {
		return err
	}
	if err := queueBench(ctx, newBench); err != nil {
		return err
	}
	if err := followersBench(ctx, stack, newBench); err != nil {
		return err
	}
	if err := remindersBench(ctx, stack, newBench); err != nil {
		return err
	}
	if err := mailRateBench(ctx, stack, newBench); err != nil {
		return err
	}

	fmt.Println()
	fmt.Println("## A seat: write units as DynamoDB Local reports them (ReturnConsumedCapacity INDEXES)")
	fmt.Println()
	b, err := newBench("seats")
	if err != nil {
		return err
	}
	ids, err := b.seed(ctx, auth.NewID(), 1, 5000, b.now.Add(time.Hour), time.Hour)
	if err != nil {
		return err
	}
	user, token, err := b.person(ctx)
	if err != nil {
		return err
	}
	fmt.Println("| call | write units | calls | main f1ee25a |")
	fmt.Println("|---|---:|---:|---|")
	b.take()
	res, err := b.do(http.MethodPost, "/api/event/register/"+ids[0]+"/", token)
	if err != nil || res.StatusCode != http.StatusCreated {
		return fmt.Errorf("register: %v %v", res, err)
	}
	calls, _, write := b.take()
	fmt.Printf("| register (5,000-character event) | %.0f | %d | 24 |\n", write, calls)
	regs, _, err := b.st.UserRegistrations(ctx, user, "", 1)
	if err != nil || len(regs) != 1 {
		return fmt.Errorf("read registration: %v", err)
	}
	b.take()
	res, err = b.do(http.MethodDelete, "/api/event/cancle/register/"+regs[0].Registration.ID+"/", token)
	if err != nil || res.StatusCode != http.StatusNoContent {
		return fmt.Errorf("cancel: %v %v", res, err)
	}
	calls, _, write = b.take()
	fmt.Printf("| cancel | %.0f | %d | 24 |\n", write, calls)
	fmt.Println()
	fmt.Println("Both write four small items in one transaction and no index copy. DynamoDB Local bills a transaction by")
	fmt.Println("the size of what it writes to each table and index; AWS bills 2 units per item up to 1 KB: 8 each, and 2 more")
	fmt.Println("for the registration's check that its person's account is not being deleted.")
	return nil
}

// open makes a fresh table on the stack and serves the events API on it.
func open(ctx context.Context, stack *emulators.Stack, name string) (*bench, error) {
	cfg := config.Config{
		Region: "us-east-1", Table: "bench-" + name + "-" + auth.NewID(), MediaBucket: "bench",
		WebOrigin: "http://turnout.test", DynamoDBEndpoint: stack.DynamoDBEndpoint, S3Endpoint: stack.S3Endpoint,
	}
	awsCfg, err := cfg.AWS()
	if err != nil {
		return nil, err
	}
	b := &bench{cfg: cfg, awsCfg: awsCfg, ops: &store.OperationCounter{}, meter: &store.CapacityMeter{}, now: time.Now().UTC().Truncate(time.Second)}
	b.st = store.New(awsCfg, cfg.DynamoDBEndpoint, cfg.Table, b.ops.ClientOption(), b.meter.ClientOption())
	if err := b.st.CreateTable(ctx); err != nil {
		return nil, err
	}
	key := make([]byte, 32)
	rand.Read(key)
	b.tokens = &auth.Issuer{Key: key, Issuer: "turnout", Audience: "turnout-api", AccessTTL: time.Hour}
	m := media.New(awsCfg, cfg.S3Endpoint, cfg.MediaBucket, cfg.WebOrigin)
	b.srv = httptest.NewServer(events.NewHandler(events.Deps{
		Events: &eventsvc.Service{Store: b.st, Media: m, Now: time.Now},
		Media:  m, Auth: httpapi.Authenticator{Tokens: b.tokens, Users: b.st},
	}))
	return b, nil
}

// seed imports n events of org, descLen characters of description each,
// the first at start and then one every step.
func (b *bench) seed(ctx context.Context, org string, n, descLen int, start time.Time, step time.Duration) ([]string, error) {
	evs := make([]domain.Event, n)
	ids := make([]string, n)
	for i := range evs {
		s := start.Add(time.Duration(i) * step)
		ids[i] = auth.NewID()
		evs[i] = domain.Event{
			ID: ids[i], OrganizationID: org, OrganizationName: "Bench Org", Title: fmt.Sprintf("Event %d", i),
			Description: strings.Repeat("d", descLen), Location: "Main Hall", Start: s, End: s.Add(time.Hour),
			Capacity: 100, Created: b.now,
		}
	}
	if err := b.st.ImportEvents(ctx, evs); err != nil {
		return nil, fmt.Errorf("seed %d events: %w", n, err)
	}
	return ids, nil
}

// attendees measures the organizer's attendee list and its CSV export on
// an event of 100,000 attendees: the first page, a search that matches
// one person (a page reads a part of the list), and the whole file, page
// by page.
func attendees(ctx context.Context, newBench func(string) (*bench, error)) error {
	const n = 100000
	b, err := newBench("attendees")
	if err != nil {
		return err
	}
	eventID, token, err := b.eventOfAttendees(ctx, n, 1000, b.now.Add(time.Hour))
	if err != nil {
		return err
	}
	fmt.Println()
	fmt.Println("## Organizer tools: an event of 100,000 attendees")
	fmt.Println()
	fmt.Println("Calls include the GetItem that authenticates the organizer; the event and the page are read in parallel.")
	fmt.Println("Pages are followed to the end (the search's to its match); calls and bytes are the most of one page.")
	fmt.Println("main 3c685df: the CSV of 100,000 attendees answered 200 with 24,848 rows after the 8 s deadline, nothing")
	fmt.Println("saying so; from 48,000 rows it was over Lambda's 6 MB.")
	fmt.Println()
	fmt.Println("| call | pages | rows | calls/page (max) | bytes/page (max) | bytes | ms |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|")
	base := "/api/event/detail/" + eventID
	for _, c := range []struct {
		name, path string
		rows       func([]byte) int
		stop       func([]byte) bool
	}{
		{"attendee list, first page (50)", base + "/attendees/?", jsonRows, func([]byte) bool { return true }},
		{"attendee search, one match", base + "/attendees/?q=attendee99999", jsonRows, func(b []byte) bool { return jsonRows(b) > 0 }},
		{"CSV export, every attendee", base + "/attendees.csv?", csvRows, func([]byte) bool { return false }},
	} {
		pages, rows, maxCalls, maxBytes, total := 0, 0, 0, 0, 0
		start := time.Now()
		for after := ""; ; {
			body, next, calls, err := b.page(c.path+"&after="+url.QueryEscape(after), token)
			if err != nil {
				return err
			}
			pages, rows, total = pages+1, rows+c.rows(body), total+len(body)
			maxCalls, maxBytes = max(maxCalls, calls), max(maxBytes, len(body))
			if after = next; after == "" || c.stop(body) {
				break
			}
		}
		fmt.Printf("| %s | %d | %d | %d | %d | %d | %d |\n", c.name, pages, rows, maxCalls, maxBytes, total, time.Since(start).Milliseconds())
	}
	return nil
}

// jsonRows counts the attendees of a page of the attendee list.
func jsonRows(body []byte) int { return strings.Count(string(body), `"registration_id":`) }

// csvRows counts the rows of a page of the CSV file, the header aside.
func csvRows(body []byte) int {
	n := strings.Count(string(body), "\r\n")
	if strings.HasPrefix(string(body), "\ufeff") {
		n-- // the header row
	}
	return n
}

// eventOfAttendees seeds one event (descLen characters of description,
// starting at start) with n attendees, and returns it and the access token
// of an organizer of its organization.
func (b *bench) eventOfAttendees(ctx context.Context, n, descLen int, start time.Time) (eventID, token string, err error) {
	org := auth.NewID()
	ids, err := b.seed(ctx, org, 1, descLen, start, time.Hour)
	if err != nil {
		return "", "", err
	}
	if err := b.seedAttendees(ctx, ids[0], n); err != nil {
		return "", "", err
	}
	_, token, err = b.account(ctx, org)
	return ids[0], token, err
}

// seedAttendees imports n registrations of eventID, with people named
// attendee00000 and so on (mail at example.com).
func (b *bench) seedAttendees(ctx context.Context, eventID string, n int) error {
	regs := make([]domain.Attendee, n)
	for i := range regs {
		userID := auth.NewID()
		regs[i] = domain.Attendee{
			Registration: domain.Registration{ID: domain.NewRegistrationID(auth.NewID(), userID), EventID: eventID, UserID: userID, Created: b.now},
			Username:     fmt.Sprintf("attendee%05d", i), FirstName: "Alexandra", LastName: "Fitzgerald-Nakamura",
			Email: fmt.Sprintf("attendee%05d@example.com", i),
		}
	}
	if err := b.st.ImportRegistrations(ctx, regs); err != nil {
		return fmt.Errorf("seed attendees: %w", err)
	}
	return nil
}

// person creates an active account and returns its id and access token.
func (b *bench) person(ctx context.Context) (string, string, error) {
	return b.account(ctx, "")
}

// account creates an active account, an organizer of orgID when it is
// not "", and returns its id and access token.
func (b *bench) account(ctx context.Context, orgID string) (string, string, error) {
	u := domain.User{ID: auth.NewID(), Username: "bench" + auth.NewID(), Email: auth.NewID() + "@bench.test", PasswordHash: "x", IsActive: true, Joined: b.now,
		IsOrganizer: orgID != "", OrganizationID: orgID}
	if err := b.st.CreateUser(ctx, u, time.Time{}); err != nil {
		return "", "", fmt.Errorf("create person: %w", err)
	}
	token, err := b.tokens.Access(u.ID, u.SessionVersion)
	return u.ID, token, err
}

// measure GETs path as token and returns the answer's body with the
// DynamoDB calls, read units and time it took; anything but a 200 is an
// error.
func (b *bench) measure(path, token string) (body []byte, calls int, read float64, took time.Duration, err error) {
	b.take()
	start := time.Now()
	res, err := b.do(http.MethodGet, path, token)
	if err != nil {
		return nil, 0, 0, 0, err
	}
	body, err = io.ReadAll(res.Body)
	res.Body.Close()
	took = time.Since(start)
	if err != nil || res.StatusCode != http.StatusOK {
		return nil, 0, 0, 0, fmt.Errorf("%s: %d %v %s", path, res.StatusCode, err, body)
	}
	calls, read, _ = b.take()
	return body, calls, read, took, nil
}

func (b *bench) take() (calls int, read, write float64) {
	for _, n := range b.ops.Take() {
		calls += n
	}
	read, write = b.meter.Take()
	return calls, read, write
}

func (b *bench) do(method, path, token string) (*http.Response, error) {
	req, err := http.NewRequest(method, b.srv.URL+path, nil)
	if err != nil {
		return nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return http.DefaultClient.Do(req)
}

// pages follows every page of a list and formats its row's cells.
// page reads one page at path and returns its body, the next page's
// cursor and the DynamoDB calls it took.
func (b *bench) page(path, token string) (body []byte, next string, calls int, err error) {
	b.take()
	res, err := b.do(http.MethodGet, path, token)
	if err != nil {
		return nil, "", 0, err
	}
	body, err = io.ReadAll(res.Body)
	res.Body.Close()
	if err != nil || res.StatusCode != http.StatusOK {
		return nil, "", 0, fmt.Errorf("GET %s: %d %v %s", path, res.StatusCode, err, body)
	}
	calls, _, _ = b.take()
	return body, res.Header.Get(events.NextPageHeader), calls, nil
}

func (b *bench) pages(path, token string) (string, error) {
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	var (
		pages, maxCalls, firstBytes, maxBytes int
		firstRead                             float64
		firstTime                             time.Duration
	)
	for next := ""; pages == 0 || next != ""; pages++ {
		p := path
		if next != "" {
			p += sep + "after=" + url.QueryEscape(next)
		}
		b.take()
		start := time.Now()
		res, err := b.do(http.MethodGet, p, token)
		if err != nil {
			return "", err
		}
		body := new(strings.Builder)
		n, err := io.Copy(body, res.Body)
		res.Body.Close()
		took := time.Since(start)
		if err != nil || res.StatusCode != http.StatusOK {
			return "", fmt.Errorf("GET %s: %d %v %s", p, res.StatusCode, err, body)
		}
		calls, read, _ := b.take()
		if pages == 0 {
			firstBytes, firstRead, firstTime = int(n), read, took
		}
		maxCalls, maxBytes = max(maxCalls, calls), max(maxBytes, int(n))
		next = res.Header.Get(events.NextPageHeader)
	}
	return fmt.Sprintf("%d | %d | %.1f | %d, %d | %.1f", pages, maxCalls, firstRead, firstBytes, maxBytes,
		float64(firstTime.Microseconds())/1000), nil
}
