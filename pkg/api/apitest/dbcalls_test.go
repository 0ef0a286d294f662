package apitest

import (
	"bytes"
	"flag"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/media/mediatest"
	"turnout/pkg/reminders"
	"turnout/pkg/series"
	"turnout/pkg/store"
)

var update = flag.Bool("update", false, "rewrite docs/dynamodb-calls.md from this run")

const callsDoc = "../../../docs/dynamodb-calls.md"

// TestDynamoDBCallsPerEndpoint makes each call of the API once, on its
// common successful path, counts the DynamoDB operations it issues, fails
// on any Scan, and checks the table in docs/ still says the same
// (go test ./pkg/api/apitest -run DynamoDBCalls -update rewrites it).
func TestDynamoDBCallsPerEndpoint(t *testing.T) {
	env := MustEnv(t)
	org, person := env.NewOrganizer(t), env.NewPerson(t)
	ev := env.CreateEvent(t, org, env.EventForm(3, 10))
	env.Ops.Take()

	type row struct{ endpoint, ops string }
	var rows []row
	measure := func(endpoint string, want int, call func() *Response) *Response {
		t.Helper()
		env.Ops.Take()
		res := call()
		Expect(t, res, want)
		counts := env.Ops.Take()
		if counts["Scan"] > 0 {
			t.Errorf("%s issued a Scan", endpoint)
		}
		rows = append(rows, row{endpoint, formatOps(counts)})
		return res
	}

	newForm := PersonForm(Unique("calls"))
	measure("POST /api/user/registration/", 201, func() *Response {
		return env.Multipart(http.MethodPost, "/api/user/registration/", newForm, nil, "")
	})
	link := env.MailedLink(t, newForm["email"], env.Config.WebOrigin+"/api/user/activate/")
	measure("GET /api/user/activate/{uid}/{token}/", 302, func() *Response {
		return env.Request(http.MethodGet, strings.TrimPrefix(link, env.Config.WebOrigin), "", nil, "")
	})
	measure("POST /api/user/activation/resend/", 200, func() *Response {
		return env.JSON(http.MethodPost, "/api/user/activation/resend/", map[string]string{"email": newForm["email"]}, "")
	})
	orgForm := OrganizationForm(Unique("callsorg"))
	measure("POST /api/organization/register/", 201, func() *Response {
		return env.Multipart(http.MethodPost, "/api/organization/register/", orgForm, nil, "")
	})
	measure("POST /api/user/login/", 200, func() *Response {
		return env.JSON(http.MethodPost, "/api/user/login/", map[string]string{"username": person.Username, "password": person.Password}, "")
	})
	measure("POST /api/user/login/ (wrong password)", 401, func() *Response {
		return env.JSON(http.MethodPost, "/api/user/login/", map[string]string{"username": person.Username, "password": "wrong-password"}, "")
	})
	var tokens struct{ Refresh, Access string }
	measure("POST /api/user/refresh/access_token/", 200, func() *Response {
		return env.JSON(http.MethodPost, "/api/user/refresh/access_token/", map[string]string{"refresh": person.Refresh}, "")
	}).Decode(t, &tokens)
	person.Access = tokens.Access
	measure("GET /api/user/profile/", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/user/profile/", nil, person.Access)
	})
	measure("PUT /api/user/update/profile/", 200, func() *Response {
		return env.Multipart(http.MethodPut, "/api/user/update/profile/", map[string]string{"first_name": "A", "last_name": "B", "email": person.Email}, nil, person.Access)
	})
	newEmail := Unique("moved") + "@example.com"
	measure("PUT /api/user/update/profile/ (new email)", 200, func() *Response {
		return env.Multipart(http.MethodPut, "/api/user/update/profile/", map[string]string{"first_name": "A", "last_name": "B", "email": newEmail, "current_password": person.Password}, nil, person.Access)
	})
	confirm := env.MailedLink(t, newEmail, env.Config.WebOrigin+"/api/user/email/confirm/")
	measure("GET /api/user/email/confirm/{uid}/{token}/", 302, func() *Response {
		return env.Request(http.MethodGet, strings.TrimPrefix(confirm, env.Config.WebOrigin), "", nil, "")
	})
	person.Email = newEmail
	measure("GET /api/organization/details/", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/organization/details/", nil, org.Access)
	})
	measure("PUT /api/organization/details/update/", 200, func() *Response {
		return env.Multipart(http.MethodPut, "/api/organization/details/update/", map[string]string{"organization": "Renamed", "email": org.Email}, nil, org.Access)
	})
	measure("PUT /api/organization/details/update/ (new email)", 200, func() *Response {
		return env.Multipart(http.MethodPut, "/api/organization/details/update/", map[string]string{"organization": "Renamed", "email": Unique("moved") + "@example.org", "current_password": org.Password}, nil, org.Access)
	})
	measure("POST /api/event/create/", 201, func() *Response {
		return env.Multipart(http.MethodPost, "/api/event/create/", env.EventForm(4, 10), map[string]File{"banner": {"b.png", mediatest.PNG(8, 8)}}, org.Access)
	})
	measure("GET /api/event/public/", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/public/", nil, "")
	})
	for _, search := range []string{"q=test", "q=test&category=other&from=2020-01-01", "city=nowhere", "near=48.85,2.35&radius_km=10"} {
		measure("GET /api/event/public/?"+search+" (search)", 200, func() *Response {
			return env.JSON(http.MethodGet, "/api/event/public/?"+search, nil, "")
		})
	}
	measure("GET /api/event/public/categories/", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/public/categories/", nil, "")
	})
	measure("GET /api/event/public/cities/?q=", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/public/cities/?q=pa", nil, "")
	})
	measure("GET /api/event/public/places/?q=", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/public/places/?q=pa", nil, "")
	})
	measure("GET /api/event/public/sitemap.xml", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/public/sitemap.xml", nil, "")
	})
	measure("GET /api/event/detail/{id}/", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/", nil, "")
	})
	measure("GET /api/event/public/share/{id} (the shareable URL /event/detail?id=)", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/public/share/"+ev.ID, nil, "")
	})
	measure("GET /api/event/detail/{id}/calendar.ics", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/calendar.ics", nil, "")
	})
	measure("GET /api/event/organization/{organizationId}/events/", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/organization/"+org.OrganizationID+"/events/", nil, "")
	})
	var private ownerEvent
	measure("POST /api/event/create/ (private, online)", 201, func() *Response {
		form := evFormWith(env.EventForm(6, 10), map[string]string{"visibility": "private", "online_url": "https://meet.example.com/x"})
		return env.Multipart(http.MethodPost, "/api/event/create/", form, nil, org.Access)
	}).Decode(t, &private)
	measure("GET /api/event/organization/{organizationId}/events/ (its organizer: public and unlisted)", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/organization/"+org.OrganizationID+"/events/", nil, org.Access)
	})
	measure("GET /api/event/detail/{id}/?invite= (private)", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/detail/"+private.ID+"/?invite="+url.QueryEscape(inviteOf(t, private.InviteURL)), nil, "")
	})
	measure("GET /api/event/detail/{id}/ (private, signed in, without its code)", 404, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/detail/"+private.ID+"/", nil, person.Access)
	})
	measure("POST /api/event/detail/{id}/invite/reset/", 200, func() *Response {
		return env.JSON(http.MethodPost, "/api/event/detail/"+private.ID+"/invite/reset/", nil, org.Access)
	})
	measure("POST /api/event/detail/{id}/duplicate/", 201, func() *Response {
		return env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/duplicate/", nil, org.Access)
	})
	approving := env.CreateEvent(t, org, evFormWith(env.EventForm(6, 10), map[string]string{"approval": "true"}))
	asker, declinedOne := env.NewPerson(t), env.NewPerson(t)
	var request, declined struct {
		ID string `json:"id"`
	}
	measure("POST /api/event/register/{eventId}/ (a request: the event takes approval)", 201, func() *Response {
		return env.JSON(http.MethodPost, "/api/event/register/"+approving.ID+"/", nil, asker.Access)
	}).Decode(t, &request)
	measure("POST /api/event/detail/{id}/attendees/{registrationId}/approve/", 200, func() *Response {
		return env.JSON(http.MethodPost, "/api/event/detail/"+approving.ID+"/attendees/"+request.ID+"/approve/", nil, org.Access)
	})
	regPost(env, approving.ID, declinedOne.Access).Decode(t, &declined)
	measure("POST /api/event/detail/{id}/attendees/{registrationId}/decline/", 200, func() *Response {
		return env.JSON(http.MethodPost, "/api/event/detail/"+approving.ID+"/attendees/"+declined.ID+"/decline/", nil, org.Access)
	})
	measureGuests(t, env, ev, measure)
	measureMembers(t, env, org, ev, measure)
	measureFollows(t, env, person, measure)
	measure("PATCH /api/event/detail/{id}/", 200, func() *Response {
		return env.Multipart(http.MethodPatch, "/api/event/detail/"+ev.ID+"/", env.EventForm(5, 12), nil, org.Access)
	})
	var reg struct{ ID string }
	measure("POST /api/event/register/{eventId}/", 201, func() *Response {
		return env.JSON(http.MethodPost, "/api/event/register/"+ev.ID+"/", nil, person.Access)
	}).Decode(t, &reg)
	measure("GET /api/event/user-event/{userId}/", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/user-event/"+person.ID+"/", nil, person.Access)
	})
	measure("GET /api/event/register/{eventId}/", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/register/"+ev.ID+"/", nil, person.Access)
	})
	measure("GET /api/organization/public/{id}/", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/organization/public/"+org.OrganizationID+"/", nil, "")
	})
	measure("GET /api/organization/public/{id}/calendar.ics", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/organization/public/"+org.OrganizationID+"/calendar.ics", nil, "")
	})
	var feed struct{ URL string }
	measure("GET /api/event/feed/", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/feed/", nil, person.Access)
	}).Decode(t, &feed)
	measure("GET /api/event/feed/{token}/calendar.ics", 200, func() *Response {
		return env.JSON(http.MethodGet, strings.TrimPrefix(feed.URL, env.Config.WebOrigin), nil, "")
	})
	measure("POST /api/event/feed/reset/", 200, func() *Response {
		return env.JSON(http.MethodPost, "/api/event/feed/reset/", nil, person.Access)
	})
	var mine ticketReply
	env.JSON(http.MethodGet, "/api/event/register/"+ev.ID+"/", nil, person.Access).Decode(t, &mine)
	measure("GET /api/event/ticket/{secret}/", 200, func() *Response { return openTicket(env, mine.TicketLink) })
	measure("POST /api/event/ticket/reset/{registrationId}/", 200, func() *Response {
		return env.JSON(http.MethodPost, "/api/event/ticket/reset/"+mine.RegistrationID+"/", nil, person.Access)
	})
	measure("GET /api/event/detail/{id}/attendees/", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees/", nil, org.Access)
	})
	measure("GET /api/event/detail/{id}/attendees/?q= (search)", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees/?q="+person.Username, nil, org.Access)
	})
	measure("GET /api/event/detail/{id}/attendees.csv", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees.csv", nil, org.Access)
	})
	measure("POST /api/event/detail/{id}/check-in/ (ticket code)", 200, func() *Response {
		return env.JSON(http.MethodPost, "/api/event/detail/"+ev.ID+"/check-in/", map[string]string{"code": mine.Ticket}, org.Access)
	})
	measure("DELETE /api/event/detail/{id}/check-in/{registrationId}/", 200, func() *Response {
		return env.JSON(http.MethodDelete, "/api/event/detail/"+ev.ID+"/check-in/"+mine.RegistrationID+"/", nil, org.Access)
	})
	measure("DELETE /api/event/cancle/register/{registrationId}/", 204, func() *Response {
		return env.JSON(http.MethodDelete, "/api/event/cancle/register/"+reg.ID+"/", nil, person.Access)
	})
	// A full event with a waitlist: a second person waits, and takes the
	// seat when the first cancels.
	small := env.CreateEvent(t, org, evFormWith(env.EventForm(3, 1), map[string]string{"waitlist": "true"}))
	other := env.NewPerson(t)
	var seat struct{ ID string }
	env.JSON(http.MethodPost, "/api/event/register/"+small.ID+"/", nil, other.Access).Decode(t, &seat)
	measure("POST /api/event/register/{eventId}/ (waitlisted)", 201, func() *Response {
		return env.JSON(http.MethodPost, "/api/event/register/"+small.ID+"/", nil, person.Access)
	})
	measure("DELETE /api/event/cancle/register/{registrationId}/ (seat passes to the waitlist)", 204, func() *Response {
		return env.JSON(http.MethodDelete, "/api/event/cancle/register/"+seat.ID+"/", nil, other.Access)
	})
	measure("POST /api/event/detail/{id}/message/", 202, func() *Response {
		return env.JSON(http.MethodPost, "/api/event/detail/"+small.ID+"/message/", map[string]string{"subject": "Doors", "body": "Doors open at 7."}, org.Access)
	})
	measure("POST /api/event/detail/{id}/cancel/", 200, func() *Response {
		return env.JSON(http.MethodPost, "/api/event/detail/"+small.ID+"/cancel/", map[string]string{"message": "Called off."}, org.Access)
	})
	measure("POST /api/media/upload/", 200, func() *Response {
		return env.JSON(http.MethodPost, "/api/media/upload/", map[string]any{"kind": "banner", "content_type": "image/png", "size": 1000}, org.Access)
	})
	Expect(t, env.JSON(http.MethodPost, "/api/event/register/"+ev.ID+"/", nil, person.Access), 201)
	measure("DELETE /api/event/detail/{id}/ (one registration)", 204, func() *Response {
		return env.JSON(http.MethodDelete, "/api/event/detail/"+ev.ID+"/", nil, org.Access)
	})
	measure("GET /api/user/export/", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/user/export/", nil, person.Access)
	})
	measure("GET /api/user/notifications/", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/user/notifications/", nil, person.Access)
	})
	measure("PUT /api/user/notifications/", 200, func() *Response {
		return env.JSON(http.MethodPut, "/api/user/notifications/", map[string]bool{"event_changes": false}, person.Access)
	})
	measure("PUT /api/user/language/", 200, func() *Response {
		return env.JSON(http.MethodPut, "/api/user/language/", map[string]string{"language": "de"}, person.Access)
	})
	unsubscribe := auth.Unsubscribes{Key: env.Config.SigningKey}.Token(person.ID, "event_changes")
	measure("POST /api/user/unsubscribe/{token}/", 200, func() *Response {
		return env.Request(http.MethodPost, "/api/user/unsubscribe/"+unsubscribe+"/", "application/x-www-form-urlencoded", strings.NewReader("List-Unsubscribe=One-Click"), "")
	})
	measure("PUT /api/user/change-password/", 200, func() *Response {
		return env.JSON(http.MethodPut, "/api/user/change-password/", map[string]string{"old_password": person.Password, "new_password": "a-new-password-1"}, person.Access)
	})
	measure("POST /api/user/reset-password/request/", 200, func() *Response {
		return env.JSON(http.MethodPost, "/api/user/reset-password/request/", map[string]string{"email": person.Email}, "")
	})
	resetLink := env.MailedLink(t, person.Email, env.Config.WebOrigin+"/forget/password/create?")
	measure("POST /api/user/reset-password/confirm/{uid}/{token}/", 200, func() *Response {
		return env.JSON(http.MethodPost, "/api/user/reset-password/confirm/"+queryValue(t, resetLink, "uid")+"/"+queryValue(t, resetLink, "token")+"/", map[string]string{"password": "reset-password-2"}, "")
	})
	var login struct{ Refresh string }
	env.JSON(http.MethodPost, "/api/user/login/", map[string]string{"username": person.Username, "password": "reset-password-2"}, "").Decode(t, &login)
	measure("POST /api/user/logout/", 200, func() *Response {
		return env.JSON(http.MethodPost, "/api/user/logout/", map[string]string{"refresh": login.Refresh}, "")
	})
	leaving := env.NewPerson(t)
	last := env.CreateEvent(t, org, env.EventForm(6, 10))
	Expect(t, env.JSON(http.MethodPost, "/api/event/register/"+last.ID+"/", nil, leaving.Access), 201)
	measure("DELETE /api/user/account/ (a person with one registration)", 204, func() *Response {
		return env.JSON(http.MethodDelete, "/api/user/account/", map[string]string{"password": leaving.Password}, leaving.Access)
	})
	// The reminder job: a run with nothing due, one with an event's
	// reminder due (the only event near that moment), and one with an
	// event's change notice due.
	jobOps := &store.OperationCounter{}
	runJob := func(name string, at time.Time, want reminders.Result) {
		t.Helper()
		job := reminders.Job{Store: store.New(env.awsCfg, env.Config.DynamoDBEndpoint, env.Config.Table, jobOps.ClientOption()), Now: func() time.Time { return at }}
		jobOps.Take()
		res, err := job.Run(t.Context())
		if err != nil || res != want {
			t.Fatalf("%s: %+v, %v; want %+v", name, res, err, want)
		}
		rows = append(rows, row{name, formatOps(jobOps.Take())})
	}
	runJob("reminder job run (nothing due)", env.Now(), reminders.Result{})
	far := env.CreateEvent(t, org, env.EventForm(20, 10))
	runJob("reminder job run (one reminder due)", far.StartTime.Add(-24*time.Hour+time.Minute), reminders.Result{Sent: 1})
	Expect(t, evPatch(env, far.ID, evFormWith(evFormOf(far), map[string]string{"location": "Annex"}), org.Access), http.StatusOK)
	runJob("reminder job run (one change notice due)", env.Now().Add(domain.ChangeQuietPeriod+time.Minute), reminders.Result{Changes: 1})
	// Last, as the series' later dates wait for the job: each of the jobs
	// above would make them.
	due := measureSeries(t, env, org, measure)
	// The job's series part alone (at that moment reminders are due too).
	fillStore := store.New(env.awsCfg, env.Config.DynamoDBEndpoint, env.Config.Table, jobOps.ClientOption())
	jobOps.Take()
	if filled, err := series.FillDue(t.Context(), fillStore, due); err != nil || filled != 1 {
		t.Fatalf("the series part of the job: %d filled, %v", filled, err)
	}
	rows = append(rows, row{"reminder job run, its series part (one series due: the date the window reached made)", formatOps(jobOps.Take())})

	var doc bytes.Buffer
	doc.WriteString("# DynamoDB calls per request\n\n")
	doc.WriteString("Made by `make measure` (`go test ./pkg/api/apitest -run DynamoDBCalls -update`) against DynamoDB Local;\n")
	doc.WriteString("`make test` fails when the code and this table disagree, or when any request issues a Scan.\n")
	doc.WriteString("Each row is one request on its common successful path. Authenticated requests include the one\n")
	doc.WriteString("GetItem that loads the caller's account (it is what lets a password change end older sessions).\n")
	doc.WriteString("Each mail sent from sign-up, resend or reset costs an UpdateItem per quota: the destination's, and in\n")
	doc.WriteString("AWS also the client address's (requests from loopback, as here, have none), so add one there; and one\n")
	doc.WriteString("PutItem that queues it for the mailer function (whose own GetRecords and DeleteItem are not the request's).\n")
	doc.WriteString("Mail to an event's people (a cancellation, a change, a message) is one item written in the request's\n")
	doc.WriteString("transaction, whatever their number; the mailer's fan-out (a Query per 1 MB of attendees, a BatchWriteItem per\n")
	doc.WriteString("25 messages) is not the request's. The reminder job's last rows are one run of the reminders function: two\n")
	doc.WriteString("Queries of the reminders and change notices due whatever the number of events, then per due reminder or\n")
	doc.WriteString("notice a Query of its event and one transaction that hands it to the mailer (a change notice's also counts it\n")
	doc.WriteString("against the event's 3 a day). An edit that moves an event notes its change notice in the edit's transaction.\n")
	doc.WriteString("Creating, changing, cancelling or deleting an event reads its organization's webhook endpoints (one Query)\n")
	doc.WriteString("and queues a delivery (one PutItem) per endpoint that hears of it, before the answer; a registration's\n")
	doc.WriteString("request pays nothing for webhooks (the mailer reads its change from the stream: docs/api.md, Webhooks).\n")
	doc.WriteString("Who can see an event costs no call of its own: an unlisted or private event writes no key of the public list's\n")
	doc.WriteString("or search's indexes, and sits in its organization's own partition of the owned index, which only its\n")
	doc.WriteString("organizer's list reads (one more Query). A signed-in person opening a private event without its code costs a\n")
	doc.WriteString("BatchGetItem that looks for their registration. Registering reads the event before its transaction (it read it\n")
	doc.WriteString("after), so it stays at 4 calls with the same items, and the seat counter grows by a few bytes at most (a\n")
	doc.WriteString("visibility word, an online flag); a seat holder's online link rides in their registration's BatchGetItem.\n")
	doc.WriteString("Answers to an event's questions ride on the attendee item the registration's transaction writes anyway: no\n")
	doc.WriteString("call or item more, only their bytes (a transactional write costs 2 WCU per KB of the item, and answers are\n")
	doc.WriteString("bounded: 10 questions, 500 characters of text or 20 options each).\n")
	doc.WriteString("A member's role rides on the account item every signed-in request reads: a door volunteer's attendee list\n")
	doc.WriteString("costs what its organization's does. Publishing a public event reads its organization's follower count (one\n")
	doc.WriteString("GetItem) and, when it has followers, notes the announcement (one UpdateItem). A series is made with one\n")
	doc.WriteString("transaction (and one find-keys batch) per date of its 12-week window, then the series item; every reminder\n")
	doc.WriteString("job run reads the due announcements and the series whose window moved with one Query each, whatever their\n")
	doc.WriteString("number, then per series due 5 calls and a transaction per date it makes.\n")
	doc.WriteString("A request to join an event that takes approval is a transaction of a seat's shape (the counter counts it as\n")
	doc.WriteString("pending, no seat taken); approving it is one transaction of the counter, the attendee item and the person's\n")
	doc.WriteString("entry (a place in the queue also takes a ticket and writes the queue's item, as any join); declining removes\n")
	doc.WriteString("them and records the departure the mailer tells.\n")
	doc.WriteString("A guest's registration (no token) reads the event, counts the client (in AWS; none from loopback) and the\n")
	doc.WriteString("address's confirmation mails, keeps the request (one PutItem, expiring in 24 hours) and queues the mail: no\n")
	doc.WriteString("seat is held. Its confirmation reads the request, the event and the address's account (to register an\n")
	doc.WriteString("account that holds the address as itself), counts the registration against the holder's allowance, and\n")
	doc.WriteString("runs a registration's transaction in which the guest's profile is written where an account is checked,\n")
	doc.WriteString("with two items more: the registration item (a guest's registration id does not name its holder, so a claim\n")
	doc.WriteString("moves it without changing it) and the request's deletion, which makes the link work once. Activating an\n")
	doc.WriteString("account Queries the registrations its address's guest holds (none, mostly) and moves each in a\n")
	doc.WriteString("transaction of its own.\n\n")
	doc.WriteString("| endpoint | calls | operations |\n|---|---:|---|\n")
	for _, r := range rows {
		fmt.Fprintf(&doc, "| `%s` | %s |\n", r.endpoint, r.ops)
	}
	if *update {
		if err := os.MkdirAll(filepath.Dir(callsDoc), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(callsDoc, doc.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile(callsDoc)
	if err != nil {
		t.Fatalf("read %s (make measure writes it): %v", callsDoc, err)
	}
	if !bytes.Equal(have, doc.Bytes()) {
		t.Errorf("%s is out of date; run make measure. This run:\n%s", callsDoc, doc.String())
	}
}

// formatOps renders counts as "3 | 1 GetItem, 2 Query".
func formatOps(counts map[string]int) string {
	names := make([]string, 0, len(counts))
	total := 0
	for name, n := range counts {
		names = append(names, fmt.Sprintf("%d %s", n, name))
		total += n
	}
	sort.Slice(names, func(i, j int) bool { return strings.SplitN(names[i], " ", 2)[1] < strings.SplitN(names[j], " ", 2)[1] })
	return fmt.Sprintf("%d | %s", total, strings.Join(names, ", "))
}

// measureGuests measures the calls of a guest's registration at ev, from
// the request to its cancellation by the manage link, and the activation
// that makes a guest's registration an account's.
func measureGuests(t *testing.T, env *Env, ev Event, measure func(string, int, func() *Response) *Response) {
	t.Helper()
	email := strings.ToLower(Unique("callsguest")) + "@example.com"
	measure("POST /api/event/register/{eventId}/ (a guest, no token)", 202, func() *Response {
		return guestPost(env, "198.51.100.99", ev.ID, map[string]any{"name": "Gwen Guest", "email": email})
	})
	rsvp := secretIn(t, env, newestMail(t, env, email, "Confirm your registration"), "/rsvp/confirm?t=")
	var guest guestReply
	measure("POST /api/event/rsvp/confirm/", 201, func() *Response { return confirmGuest(env, rsvp) }).Decode(t, &guest)
	manage := strings.TrimPrefix(guest.ManageURL, env.Config.WebOrigin+"/rsvp?t=")
	measure("GET /api/event/rsvp/{secret}/", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/rsvp/"+manage+"/", nil, "")
	})
	measure("GET /api/event/rsvp/{secret}/calendar.ics", 200, func() *Response {
		return env.JSON(http.MethodGet, "/api/event/rsvp/"+manage+"/calendar.ics", nil, "")
	})
	measure("POST /api/event/rsvp/{secret}/cancel/", 204, func() *Response {
		return env.JSON(http.MethodPost, "/api/event/rsvp/"+manage+"/cancel/", nil, "")
	})
	form := PersonForm(Unique("callsclaim"))
	mustConfirm(t, env, guestConfirmToken(t, env, ev, "Gwen Guest", form["email"], nil), "registered")
	Expect(t, env.Multipart(http.MethodPost, "/api/user/registration/", form, nil, ""), http.StatusCreated)
	link := env.MailedLink(t, form["email"], env.Config.WebOrigin+"/api/user/activate/")
	measure("GET /api/user/activate/{uid}/{token}/ (one guest registration to claim)", 302, func() *Response {
		return env.Request(http.MethodGet, strings.TrimPrefix(link, env.Config.WebOrigin), "", nil, "")
	})
}
