package apitest

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"turnout/pkg/domain"
	eventsvc "turnout/pkg/events"
)

// ownerEvent is an event as its organizer reads it.
type ownerEvent struct {
	Event
	Visibility string  `json:"visibility"`
	Online     bool    `json:"online"`
	OnlineURL  *string `json:"online_url"`
	InviteURL  *string `json:"invite_url"`
}

// createOwned creates an event as org, as its organizer reads it.
func createOwned(t *testing.T, env *Env, org *Account, form map[string]string) ownerEvent {
	t.Helper()
	var ev ownerEvent
	env.createEventInto(t, org, form, &ev)
	return ev
}

// inviteOf is the invite code in an invite URL.
func inviteOf(t *testing.T, inviteURL *string) string {
	t.Helper()
	if inviteURL == nil {
		t.Fatal("no invite_url")
	}
	u, err := url.Parse(*inviteURL)
	if err != nil || u.Query().Get("invite") == "" || u.Path != "/event/detail" {
		t.Fatalf("invite_url %q: want the event's page with ?invite=", *inviteURL)
	}
	return u.Query().Get("invite")
}

// An unlisted or private event is in no public list, search, organization
// page or feed, nor in the sitemap; its organizer's list has every one; an
// edit moves an event in and out of them.
func TestUnlistedEventsAreInNoPublicList(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	form := func(days int, visibility string) map[string]string {
		return evFormWith(env.EventForm(days, 5), map[string]string{"title": "Zebra walk " + visibility, "visibility": visibility})
	}
	public := createOwned(t, env, org, form(1, "public"))
	unlisted := createOwned(t, env, org, form(2, "unlisted"))
	private := createOwned(t, env, org, form(3, "private"))
	if public.Visibility != "public" || unlisted.Visibility != "unlisted" || private.Visibility != "private" {
		t.Fatalf("visibility answered %q, %q, %q", public.Visibility, unlisted.Visibility, private.Visibility)
	}
	// Events created without the field are public, as before.
	plain := createOwned(t, env, org, env.EventForm(4, 5))
	if plain.Visibility != "public" {
		t.Errorf("an event created without visibility is %q, want public", plain.Visibility)
	}

	publicOnly := func(when string, want ...string) {
		t.Helper()
		for _, path := range []string{"/api/event/public/", "/api/event/public/?q=zebra", "/api/event/organization/" + org.OrganizationID + "/events/"} {
			got, _ := listPages(t, env, path, "", 4)
			got = slices.DeleteFunc(got, func(id string) bool { return id == plain.ID })
			if !slices.Equal(got, want) {
				t.Errorf("%s: %s lists %v, want %v", when, path, got, want)
			}
		}
		var page struct {
			Upcoming []Event `json:"upcoming_events"`
		}
		res := env.JSON(http.MethodGet, "/api/organization/public/"+org.OrganizationID+"/", nil, "")
		Expect(t, res, http.StatusOK)
		res.Decode(t, &page)
		got := slices.DeleteFunc(idsOf(page.Upcoming, func(e Event) string { return e.ID }), func(id string) bool { return id == plain.ID })
		if !slices.Equal(got, want) {
			t.Errorf("%s: the organization's page lists %v, want %v", when, got, want)
		}
		for _, path := range []string{"/api/organization/public/" + org.OrganizationID + "/calendar.ics", "/api/event/public/sitemap.xml"} {
			res := env.JSON(http.MethodGet, path, nil, "")
			Expect(t, res, http.StatusOK)
			for _, ev := range []ownerEvent{public, unlisted, private} {
				if listed := slices.Contains(want, ev.ID); strings.Contains(string(res.Body), ev.ID) != listed {
					t.Errorf("%s: %s names %s (%s): %v, want %v", when, path, ev.ID, ev.Visibility, !listed, listed)
				}
			}
		}
	}
	publicOnly("created", public.ID)

	// The organizer's own list has them all, each with its visibility.
	var owned []ownerEvent
	res := env.JSON(http.MethodGet, "/api/event/organization/"+org.OrganizationID+"/events/", nil, org.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &owned)
	if ids := idsOf(owned, func(e ownerEvent) string { return e.ID }); !slices.Equal(ids, []string{public.ID, unlisted.ID, private.ID, plain.ID}) {
		t.Fatalf("the owner's list is %v, want all four by start", ids)
	}
	if owned[1].Visibility != "unlisted" || owned[2].Visibility != "private" {
		t.Errorf("the owner's list says %q and %q, want unlisted and private", owned[1].Visibility, owned[2].Visibility)
	}
	// Its pages merge the two kinds in start order.
	if ids, _ := listPages(t, env, "/api/event/organization/"+org.OrganizationID+"/events/?limit=1", org.Access, 4); !slices.Equal(ids, []string{public.ID, unlisted.ID, private.ID, plain.ID}) {
		t.Errorf("the owner's list a page of one at a time is %v", ids)
	}
	// Another organizer sees what anyone sees.
	other := env.NewOrganizer(t)
	if ids, _ := listPages(t, env, "/api/event/organization/"+org.OrganizationID+"/events/", other.Access, 3); !slices.Equal(ids, []string{public.ID, plain.ID}) {
		t.Errorf("another organizer reads %v of the list, want the public ones", ids)
	}

	// An unlisted event opens by its URL, and asks not to be indexed.
	res = env.JSON(http.MethodGet, "/api/event/detail/"+unlisted.ID+"/", nil, "")
	Expect(t, res, http.StatusOK)
	if res.Header.Get("X-Robots-Tag") != "noindex" {
		t.Errorf("an unlisted event's detail: X-Robots-Tag %q, want noindex", res.Header.Get("X-Robots-Tag"))
	}
	if page := sharedPage(t, env, "/api/event/public/share/"+unlisted.ID, http.StatusOK); !strings.Contains(page, `<meta name="robots" content="noindex">`) {
		t.Errorf("an unlisted event's page lacks noindex")
	}
	if page := sharedPage(t, env, "/api/event/public/share/"+public.ID, http.StatusOK); strings.Contains(page, "noindex") {
		t.Errorf("a public event's page says noindex")
	}

	// Edits move events in and out of the public lists.
	edit := func(ev ownerEvent, visibility string) {
		t.Helper()
		form := evFormWith(evFormOf(ev.Event), map[string]string{"visibility": visibility})
		Expect(t, env.Multipart(http.MethodPatch, "/api/event/detail/"+ev.ID+"/", form, nil, org.Access), http.StatusOK)
	}
	edit(public, "unlisted")
	edit(unlisted, "public")
	publicOnly("after the edits", unlisted.ID)

	// Its city and point are in no place suggestion.
	createOwned(t, env, org, evFormWith(form(5, "private"), map[string]string{"city": "Quokkaville", "latitude": "-31.95", "longitude": "115.86"}))
	for _, path := range []string{"/api/event/public/cities/?q=quokka", "/api/event/public/places/?q=quokka"} {
		res := env.JSON(http.MethodGet, path, nil, "")
		Expect(t, res, http.StatusOK)
		if strings.Contains(string(res.Body), "Quokka") {
			t.Errorf("%s suggests a private event's city: %s", path, res.Body)
		}
	}

	// A cancelled unlisted event stays out of the public list too.
	Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+public.ID+"/cancel/", map[string]string{"message": "Rain."}, org.Access), http.StatusOK)
	Expect(t, env.JSON(http.MethodPost, "/api/event/detail/"+private.ID+"/cancel/", map[string]string{"message": "Rain."}, org.Access), http.StatusOK)
	publicOnly("after cancelling the hidden ones", unlisted.ID)
}

// A private event's detail, page, calendar file and registration answer
// 404 (as a missing event) without its invite code; with it they open, and
// a reset code closes the old link. Its organizer and people registered
// open it without.
func TestPrivateEventsOpenOnlyWithTheirInvite(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	ev := createOwned(t, env, org, evFormWith(env.EventForm(2, 5), map[string]string{"title": "Secret supper", "visibility": "private"}))
	code := inviteOf(t, ev.InviteURL)
	if len(code) < 20 {
		t.Errorf("invite code %q is short enough to guess", code)
	}
	detail := "/api/event/detail/" + ev.ID + "/"
	closed := func(when, code string) {
		t.Helper()
		q := ""
		if code != "" {
			q = "?invite=" + url.QueryEscape(code)
		}
		for _, path := range []string{detail + q, "/api/event/detail/" + ev.ID + "/calendar.ics" + q} {
			res := env.JSON(http.MethodGet, path, nil, "")
			Expect(t, res, http.StatusNotFound)
			if res.Detail(t) != eventsvc.MsgEventNotFound {
				t.Errorf("%s: %s answered %s, want the missing event's answer", when, path, res.Body)
			}
		}
		if page := sharedPage(t, env, "/api/event/public/share/"+ev.ID+q, http.StatusNotFound); strings.Contains(page, "Secret supper") {
			t.Errorf("%s: the page names the private event", when)
		}
	}
	open := func(when, code string) {
		t.Helper()
		q := "?invite=" + url.QueryEscape(code)
		res := env.JSON(http.MethodGet, detail+q, nil, "")
		Expect(t, res, http.StatusOK)
		if cc := res.Header.Get("Cache-Control"); cc != "private, no-store" {
			t.Errorf("%s: a private event's detail is cached %q", when, cc)
		}
		if strings.Contains(string(res.Body), code) {
			t.Errorf("%s: the invited reader's answer holds the invite code", when)
		}
		Expect(t, env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/calendar.ics"+q, nil, ""), http.StatusOK)
		page := sharedPage(t, env, "/api/event/public/share/"+ev.ID+q, http.StatusOK)
		if !strings.Contains(page, "Secret supper") || !strings.Contains(page, `content="noindex"`) {
			t.Errorf("%s: the invited page lacks the event or noindex", when)
		}
	}
	closed("no code", "")
	closed("a wrong code", code[:len(code)-1]+"x")
	open("its code", code)

	// Registering needs the code too; a registered person then opens it
	// without.
	ada := env.NewPerson(t)
	Expect(t, regPost(env, ev.ID, ada.Access), http.StatusNotFound)
	Expect(t, env.JSON(http.MethodPost, "/api/event/register/"+ev.ID+"/?invite="+url.QueryEscape(code), nil, ada.Access), http.StatusCreated)
	Expect(t, env.JSON(http.MethodGet, detail, nil, ada.Access), http.StatusOK)
	bob := env.NewPerson(t)
	Expect(t, env.JSON(http.MethodGet, detail, nil, bob.Access), http.StatusNotFound)
	// Its organizer reads it with its invite link; another organizer not.
	var owner ownerEvent
	res := env.JSON(http.MethodGet, detail, nil, org.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &owner)
	if inviteOf(t, owner.InviteURL) != code {
		t.Errorf("the owner's detail has invite_url %v, want the code %s", owner.InviteURL, code)
	}
	other := env.NewOrganizer(t)
	Expect(t, env.JSON(http.MethodGet, detail, nil, other.Access), http.StatusNotFound)

	// A reset ends the old link; only the owner resets, only a private event.
	reset := "/api/event/detail/" + ev.ID + "/invite/reset/"
	Expect(t, env.JSON(http.MethodPost, reset, nil, other.Access), http.StatusForbidden)
	Expect(t, env.JSON(http.MethodPost, reset, nil, ada.Access), http.StatusForbidden)
	Expect(t, env.JSON(http.MethodPost, reset, nil, ""), http.StatusUnauthorized)
	var fresh struct {
		InviteURL *string `json:"invite_url"`
	}
	res = env.JSON(http.MethodPost, reset, nil, org.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &fresh)
	newCode := inviteOf(t, fresh.InviteURL)
	if newCode == code {
		t.Fatal("the reset kept the code")
	}
	closed("the old code after a reset", code)
	open("the new code", newCode)
	public := createOwned(t, env, org, env.EventForm(2, 5))
	res = env.JSON(http.MethodPost, "/api/event/detail/"+public.ID+"/invite/reset/", nil, org.Access)
	Expect(t, res, http.StatusConflict)
	if res.Detail(t) != eventsvc.MsgNotPrivate {
		t.Errorf("resetting a public event's invite: %s", res.Body)
	}
	if public.InviteURL != nil {
		t.Errorf("a public event has invite_url %q", *public.InviteURL)
	}

	// Made public, then private again, it takes a new code: a link
	// forwarded while it was private before does not open it.
	form := evFormOf(owner.Event)
	Expect(t, env.Multipart(http.MethodPatch, detail, evFormWith(form, map[string]string{"visibility": "public"}), nil, org.Access), http.StatusOK)
	res = env.Multipart(http.MethodPatch, detail, evFormWith(form, map[string]string{"visibility": "private"}), nil, org.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &owner)
	if again := inviteOf(t, owner.InviteURL); again == newCode {
		t.Error("made private again, the event kept its old code")
	}
	closed("the code from before it was public", newCode)
}

// An online event's link is its organizer's and its seat holders' only:
// never in a public answer, page, list, calendar file or the attendee
// CSV; in the answers and mails of a person with a seat, not of one
// waiting.
func TestOnlineLinkIsForSeatsOnly(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	const link = "https://meet.example.com/zebra-42?pwd=s3cret"
	ev := createOwned(t, env, org, evFormWith(env.EventForm(3, 1), map[string]string{"title": "Online zebra talk", "online_url": link, "waitlist": "true"}))
	if ev.OnlineURL == nil || *ev.OnlineURL != link || !ev.Online {
		t.Fatalf("the owner's answer: online %v, online_url %v", ev.Online, ev.OnlineURL)
	}
	noLink := func(what string, res *Response) {
		t.Helper()
		Expect(t, res, http.StatusOK)
		if strings.Contains(string(res.Body), "meet.example.com") {
			t.Errorf("%s holds the online link:\n%s", what, res.Body)
		}
	}
	var shown ownerEvent
	res := env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/", nil, "")
	noLink("the public detail", res)
	res.Decode(t, &shown)
	if !shown.Online {
		t.Error("the public detail does not say the event is online")
	}
	for what, path := range map[string]string{
		"the public list": "/api/event/public/", "a search": "/api/event/public/?q=zebra",
		"the calendar file": "/api/event/detail/" + ev.ID + "/calendar.ics", "the page": "/api/event/public/share/" + ev.ID,
		"the organization's page": "/api/organization/public/" + org.OrganizationID + "/",
	} {
		noLink(what, env.JSON(http.MethodGet, path, nil, ""))
	}
	if page := sharedPage(t, env, "/api/event/public/share/"+ev.ID, http.StatusOK); !strings.Contains(page, "MixedEventAttendanceMode") || !strings.Contains(page, `"@type":"VirtualPlace"`) {
		t.Error("the page's structured data does not say the event is online and at a place")
	}

	ada, bob := env.NewPerson(t), env.NewPerson(t)
	var seat, waiting struct {
		Status    string `json:"status"`
		OnlineURL string `json:"online_url"`
	}
	regPost(env, ev.ID, ada.Access).Decode(t, &seat)
	regPost(env, ev.ID, bob.Access).Decode(t, &waiting)
	if seat.Status != "registered" || seat.OnlineURL != link {
		t.Errorf("the seat's answer: %+v, want the link", seat)
	}
	if waiting.Status != "waitlisted" || waiting.OnlineURL != "" {
		t.Errorf("the waiting person's answer: %+v, want no link", waiting)
	}
	res = env.JSON(http.MethodGet, "/api/event/register/"+ev.ID+"/", nil, ada.Access)
	Expect(t, res, http.StatusOK)
	if !strings.Contains(string(res.Body), `"online_url":"`+link+`"`) {
		t.Errorf("the seat holder's registration lacks the link: %s", res.Body)
	}
	noLink("the waiting person's registration", env.JSON(http.MethodGet, "/api/event/register/"+ev.ID+"/", nil, bob.Access))
	noLink("the attendee CSV", env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees.csv", nil, org.Access))

	confirm := regMail(t, env, ada.Email, "You're registered: Online zebra talk")
	if !strings.Contains(confirm.Text, link) || !strings.Contains(string(confirm.Attachments[0].Data), "meet.example.com") {
		t.Errorf("the confirmation lacks the link:\n%s", confirm.Text)
	}
	if queued := regMail(t, env, bob.Email, "You're on the waitlist: Online zebra talk"); strings.Contains(queued.Text, "meet.example.com") {
		t.Errorf("the waitlist mail holds the link:\n%s", queued.Text)
	}
	// The seat holder's own calendar feed has it.
	var feed struct {
		URL string `json:"url"`
	}
	res = env.JSON(http.MethodGet, "/api/event/feed/", nil, ada.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &feed)
	u, _ := url.Parse(feed.URL)
	if res := env.JSON(http.MethodGet, u.Path, nil, ""); !strings.Contains(string(res.Body), "CONFERENCE;VALUE=URI;FEATURE=VIDEO:https://meet.example.com") {
		t.Errorf("the seat holder's feed lacks the link:\n%s", res.Body)
	}

	// A change notice's calendar file replaces the one a seat holder has:
	// theirs keeps the link, the waiting person's has none.
	Expect(t, evPatch(env, ev.ID, evFormWith(evFormOf(ev.Event), map[string]string{"location": "North Annex"}), org.Access), http.StatusOK)
	env.tellChanges(t, 1)
	changed := regMail(t, env, ada.Email, "Changed: Online zebra talk")
	if !strings.Contains(changed.Text, link) || len(changed.Attachments) != 1 || !strings.Contains(string(changed.Attachments[0].Data), "CONFERENCE;VALUE=URI") {
		t.Errorf("the seat holder's change notice lacks the link:\n%s", changed.Text)
	}
	if waited := regMail(t, env, bob.Email, "Changed: Online zebra talk"); strings.Contains(waited.Text+string(waited.Attachments[0].Data), "meet.example.com") {
		t.Errorf("the waiting person's change notice holds the link:\n%s", waited.Text)
	}

	// An edit that leaves the field out keeps the link; an empty one
	// removes it.
	Expect(t, env.Multipart(http.MethodPatch, "/api/event/detail/"+ev.ID+"/", evFormOf(ev.Event), nil, org.Access), http.StatusOK)
	res = env.JSON(http.MethodGet, "/api/event/register/"+ev.ID+"/", nil, ada.Access)
	if !strings.Contains(string(res.Body), "meet.example.com") {
		t.Errorf("an edit without online_url dropped the link: %s", res.Body)
	}
	Expect(t, env.Multipart(http.MethodPatch, "/api/event/detail/"+ev.ID+"/", evFormWith(evFormOf(ev.Event), map[string]string{"online_url": ""}), nil, org.Access), http.StatusOK)
	res = env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/", nil, "")
	res.Decode(t, &shown)
	if shown.Online {
		t.Error("the link was removed but the event still says online")
	}
}

// Visibility and the online link are checked like every field.
func TestVisibilityAndOnlineLinkAreChecked(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	for _, tc := range []struct{ field, value, msg string }{
		{"visibility", "secret", domain.MsgVisibility},
		{"visibility", "", domain.MsgVisibility},
		{"online_url", "http://meet.example.com/x", domain.MsgOnlineURL},
		{"online_url", "javascript:alert(1)", domain.MsgOnlineURL},
		{"online_url", "https://user:pw@meet.example.com/", domain.MsgOnlineURL},
		{"online_url", "https:///nohost", domain.MsgOnlineURL},
		{"online_url", "https://meet.example.com/" + strings.Repeat("a", domain.MaxOnlineURL), domain.MsgOnlineURL},
	} {
		res := env.Multipart(http.MethodPost, "/api/event/create/", evFormWith(env.EventForm(1, 5), map[string]string{tc.field: tc.value}), nil, org.Access)
		Expect(t, res, http.StatusBadRequest)
		if got := res.Fields(t)[tc.field]; !slices.Equal(got, []string{tc.msg}) {
			t.Errorf("%s=%q: %s, want %q", tc.field, tc.value, res.Body, tc.msg)
		}
	}
}
