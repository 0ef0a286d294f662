package apitest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"turnout/pkg/api/formimage"
	"turnout/pkg/api/users"
	"turnout/pkg/app"
	"turnout/pkg/auth"
	"turnout/pkg/httpapi"
	"turnout/pkg/media/mediatest"
)

// badLeaks are fragments of internal text that no answer may carry.
var badLeaks = []string{
	"dynamodb", "DynamoDB", "s3", "api error", "panic", "goroutine", "runtime error",
	"ResourceNotFound", "ValidationException",
}

// badSend sends a request with exactly the given headers and checks what
// every answer to bad input must be: no server error, a JSON body, and no
// internal text in it.
func badSend(t *testing.T, env *Env, method, path string, header http.Header, body []byte) *Response {
	t.Helper()
	req, err := http.NewRequest(method, env.Server.URL+path, bytes.NewReader(body))
	if err != nil {
		t.Fatalf("new request: %v", err)
	}
	if body == nil {
		req.Body, req.ContentLength = http.NoBody, 0
	}
	maps.Copy(req.Header, header)
	client := &http.Client{Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatalf("read %s %s: %v", method, path, err)
	}
	r := &Response{Status: res.StatusCode, Header: res.Header, Body: b}
	if r.Status >= 500 {
		t.Errorf("%s %s: status %d, want no server error; body %s", method, path, r.Status, b)
	}
	redirect := r.Status >= 300 && r.Status < 400 // activation links lead browsers to pages
	if ct := r.Header.Get("Content-Type"); !redirect && !strings.HasPrefix(ct, "application/json") {
		t.Errorf("%s %s: Content-Type %q, want application/json; body %s", method, path, ct, b)
	}
	for _, leak := range badLeaks {
		if bytes.Contains(b, []byte(leak)) {
			t.Errorf("%s %s: body %s contains %q", method, path, b, leak)
		}
	}
	return r
}

// badHeader is a request header with a content type and a bearer token
// (either may be "").
func badHeader(contentType, token string) http.Header {
	h := http.Header{}
	if contentType != "" {
		h.Set("Content-Type", contentType)
	}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	return h
}

// badMultipart encodes fields and files as multipart/form-data.
func badMultipart(fields map[string]string, files map[string]File) (body []byte, contentType string) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		_ = w.WriteField(k, fields[k])
	}
	for _, k := range slices.Sorted(maps.Keys(files)) {
		fw, _ := w.CreateFormFile(k, files[k].Name)
		_, _ = fw.Write(files[k].Data)
	}
	_ = w.Close()
	return buf.Bytes(), w.FormDataContentType()
}

// badWorld is what the bad requests are about: accounts, an event and a
// registration.
type badWorld struct {
	env          *Env
	person, org  *Account
	event        Event
	registration string
}

func badSetup(t *testing.T) *badWorld {
	t.Helper()
	env := MustEnv(t)
	w := &badWorld{env: env, person: env.NewPerson(t), org: env.NewOrganizer(t)}
	w.event = env.CreateEvent(t, w.org, env.EventForm(5, 10))
	res := env.JSON(http.MethodPost, "/api/event/register/"+w.event.ID+"/", nil, w.person.Access)
	Expect(t, res, http.StatusCreated)
	var reg struct {
		ID string `json:"id"`
	}
	res.Decode(t, &reg)
	w.registration = reg.ID
	w.event = env.GetEvent(t, w.event.ID)
	return w
}

// badForm is an endpoint that reads a form (multipart, urlencoded or JSON)
// with a valid form for it.
type badForm struct {
	name, method, path, token string
	form                      map[string]string
	imageField                string
}

func (w *badWorld) forms() []badForm {
	profile := map[string]string{
		"first_name": "Ada", "last_name": "Lovelace", "email": w.person.Email, "phone": "01234567890", "address": "2 Row",
	}
	organization := evFormWith(OrganizationForm(w.org.Username), map[string]string{"email": w.org.Email},
		"username", "password", "password1")
	// An event's every field: who sees it, its online link, whether it
	// takes approval, and its questions (JSON in a field).
	eventExtras := map[string]string{
		"visibility": "private", "online_url": "https://meet.example.com/x", "approval": "true",
		"questions": `[{"label": "Diet", "kind": "choice", "options": ["None", "Vegan"], "required": true}]`,
	}
	return []badForm{
		{"person sign-up", http.MethodPost, "/api/user/registration/", "", PersonForm(Unique("bad")), "image"},
		{"organization sign-up", http.MethodPost, "/api/organization/register/", "", OrganizationForm(Unique("bad")), "logo"},
		{"event create", http.MethodPost, "/api/event/create/", w.org.Access, evFormWith(w.env.EventForm(6, 10), eventExtras), "banner"},
		{"event update", http.MethodPatch, "/api/event/detail/" + w.event.ID + "/", w.org.Access, evFormWith(evFormOf(w.event), eventExtras), "banner"},
		{"profile update", http.MethodPut, "/api/user/update/profile/", w.person.Access, profile, "image"},
		{"organization update", http.MethodPut, "/api/organization/details/update/", w.org.Access, organization, "logo"},
	}
}

// badJSONEndpoint is an endpoint that reads a JSON object.
type badJSONEndpoint struct{ name, method, path, token string }

func (w *badWorld) jsonEndpoints() []badJSONEndpoint {
	return []badJSONEndpoint{
		{"login", http.MethodPost, "/api/user/login/", ""},
		{"refresh", http.MethodPost, "/api/user/refresh/access_token/", ""},
		{"logout", http.MethodPost, "/api/user/logout/", ""},
		{"reset request", http.MethodPost, "/api/user/reset-password/request/", ""},
		{"reset confirm", http.MethodPost, "/api/user/reset-password/confirm/MQ/abc-def/", ""},
		{"activation resend", http.MethodPost, "/api/user/activation/resend/", ""},
		{"change password", http.MethodPut, "/api/user/change-password/", w.person.Access},
		{"upload", http.MethodPost, "/api/media/upload/", w.org.Access},
		{"guest confirmation", http.MethodPost, "/api/event/rsvp/confirm/", ""},
		{"invite", http.MethodPost, "/api/organization/members/", w.org.Access},
		{"invitation", http.MethodPost, "/api/organization/invitation/", ""},
		{"join", http.MethodPost, "/api/organization/join/", w.person.Access},
		{"repeat preview", http.MethodPost, "/api/event/series/preview/", w.org.Access},
		{"organization deletion", http.MethodDelete, "/api/organization/details/", w.org.Access},
	}
}

func TestBadJSONBodies(t *testing.T) {
	t.Parallel()
	w := badSetup(t)
	bodies := []struct{ name, body string }{
		{"cut short", `{"username": "ada`},
		{"not JSON", `username=ada&password=x`},
		{"two values", `{} {}`},
		{"empty", ``},
		{"array", `[{"username": "ada", "refresh": "x", "email": "a@example.com"}]`},
		{"string", `"ada"`},
		{"number", `5`},
	}
	for _, ep := range w.jsonEndpoints() {
		for _, b := range bodies {
			t.Run(ep.name+"/"+b.name, func(t *testing.T) {
				res := badSend(t, w.env, ep.method, ep.path, badHeader("application/json", ep.token), []byte(b.body))
				Expect(t, res, http.StatusBadRequest)
			})
		}
	}
	// Form endpoints read JSON too; a list is not a form.
	for _, f := range w.forms() {
		t.Run(f.name+"/array", func(t *testing.T) {
			res := badSend(t, w.env, f.method, f.path, badHeader("application/json", f.token), []byte(`[1, 2]`))
			Expect(t, res, http.StatusBadRequest)
		})
	}
}

func TestBadJSONTypes(t *testing.T) {
	t.Parallel()
	w := badSetup(t)
	eventPath := "/api/event/detail/" + w.event.ID + "/"
	cases := []struct {
		name, method, path, token, body, field string
	}{
		{"login username number", http.MethodPost, "/api/user/login/", "", `{"username": 5, "password": "x"}`, "username"},
		{"login password list", http.MethodPost, "/api/user/login/", "", `{"username": "ada", "password": ["x"]}`, "password"},
		{"refresh list", http.MethodPost, "/api/user/refresh/access_token/", "", `{"refresh": ["x"]}`, "refresh"},
		{"logout object", http.MethodPost, "/api/user/logout/", "", `{"refresh": {"token": "x"}}`, "refresh"},
		{"reset request boolean", http.MethodPost, "/api/user/reset-password/request/", "", `{"email": true}`, "email"},
		{"activation resend number", http.MethodPost, "/api/user/activation/resend/", "", `{"email": 1}`, "email"},
		{"reset confirm number", http.MethodPost, "/api/user/reset-password/confirm/MQ/abc-def/", "", `{"password": 12345678}`, "password"},
		{"change password number", http.MethodPut, "/api/user/change-password/", w.person.Access, `{"old_password": 1, "new_password": "x"}`, "old_password"},
		{"upload kind number", http.MethodPost, "/api/media/upload/", w.org.Access, `{"kind": 3, "content_type": "image/png", "size": 10}`, "kind"},
		{"upload size string", http.MethodPost, "/api/media/upload/", w.org.Access, `{"kind": "banner", "content_type": "image/png", "size": "big"}`, "size"},
		{"upload size fraction", http.MethodPost, "/api/media/upload/", w.org.Access, `{"kind": "banner", "content_type": "image/png", "size": 1.5}`, "size"},
		{"sign-up username object", http.MethodPost, "/api/user/registration/", "", `{"username": {"a": 1}}`, "username"},
		{"event create title list", http.MethodPost, "/api/event/create/", w.org.Access, `{"title": ["x"]}`, "title"},
		{"event update capacity list", http.MethodPatch, eventPath, w.org.Access, `{"capacity": [1]}`, "capacity"},
		{"profile update name list", http.MethodPut, "/api/user/update/profile/", w.person.Access, `{"first_name": ["Ada"]}`, "first_name"},
		{"invite role number", http.MethodPost, "/api/organization/members/", w.org.Access, `{"email": "door@example.com", "role": 1}`, "role"},
		{"repeat list", http.MethodPost, "/api/event/series/preview/", w.org.Access, `{"repeat": ["FREQ=WEEKLY"], "start_time": "2030-01-02T19:00:00Z", "time_zone": "UTC"}`, "repeat"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := badSend(t, w.env, tc.method, tc.path, badHeader("application/json", tc.token), []byte(tc.body))
			Expect(t, res, http.StatusBadRequest)
			if got := res.Fields(t); len(got[tc.field]) == 0 {
				t.Errorf("field errors = %v, want one for %q", got, tc.field)
			}
		})
	}
}

func TestUnsupportedContentTypes(t *testing.T) {
	t.Parallel()
	w := badSetup(t)
	type endpoint struct{ name, method, path, token string }
	var endpoints []endpoint
	for _, e := range w.jsonEndpoints() {
		endpoints = append(endpoints, endpoint(e))
	}
	for _, f := range w.forms() {
		endpoints = append(endpoints, endpoint{f.name, f.method, f.path, f.token})
	}
	types := []string{"text/plain", "application/xml", "image/png", "not a media type"}
	for _, e := range endpoints {
		for _, ct := range types {
			t.Run(e.name+"/"+ct, func(t *testing.T) {
				res := badSend(t, w.env, e.method, e.path, badHeader(ct, e.token), []byte("username=ada"))
				Expect(t, res, http.StatusUnsupportedMediaType)
			})
		}
	}
	// A JSON endpoint does not read forms.
	body, ct := badMultipart(map[string]string{"username": "ada", "password": "x"}, nil)
	Expect(t, badSend(t, w.env, http.MethodPost, "/api/user/login/", badHeader(ct, ""), body), http.StatusUnsupportedMediaType)
}

func TestOversizedBodies(t *testing.T) {
	t.Parallel()
	w := badSetup(t)
	big := strings.Repeat("a", 70<<10) // over the 64 KiB JSON limit
	jsonCases := []struct{ name, method, path, token, body string }{
		{"login", http.MethodPost, "/api/user/login/", "", fmt.Sprintf(`{"username": %q, "password": "x"}`, big)},
		{"refresh", http.MethodPost, "/api/user/refresh/access_token/", "", fmt.Sprintf(`{"refresh": %q}`, big)},
		{"reset request", http.MethodPost, "/api/user/reset-password/request/", "", fmt.Sprintf(`{"email": %q}`, big)},
		{"upload", http.MethodPost, "/api/media/upload/", w.org.Access, fmt.Sprintf(`{"kind": %q}`, big)},
	}
	for _, tc := range jsonCases {
		t.Run(tc.name, func(t *testing.T) {
			res := badSend(t, w.env, tc.method, tc.path, badHeader("application/json", tc.token), []byte(tc.body))
			Expect(t, res, http.StatusRequestEntityTooLarge)
		})
	}
	huge := bytes.Repeat([]byte{0x89, 'P', 'N', 'G'}, (6<<20)/4) // 6 MB, over the 5.5 MB form limit
	for _, f := range w.forms() {
		t.Run(f.name, func(t *testing.T) {
			body, ct := badMultipart(f.form, map[string]File{f.imageField: {Name: "huge.png", Data: huge}})
			res := badSend(t, w.env, f.method, f.path, badHeader(ct, f.token), body)
			Expect(t, res, http.StatusRequestEntityTooLarge)
		})
	}
}

func TestMalformedMultipart(t *testing.T) {
	t.Parallel()
	w := badSetup(t)
	const malformed, noBoundary = "The multipart body is malformed.", "The multipart body has no boundary."
	png := mediatest.PNG(8, 8)
	for _, f := range w.forms() {
		withFile, ct := badMultipart(f.form, map[string]File{f.imageField: {Name: "a.png", Data: png}})
		textOnly, textType := badMultipart(f.form, nil)
		_, params, _ := mime.ParseMediaType(textType)
		opening := []byte("--" + params["boundary"] + "\r\n")
		cases := []struct {
			name, contentType string
			body              []byte
			detail            string
		}{
			{"wrong boundary", "multipart/form-data; boundary=not-the-boundary-used", withFile, malformed},
			{"wrong boundary, text only", "multipart/form-data; boundary=not-the-boundary-used", textOnly, malformed},
			{"no boundary", "multipart/form-data", withFile, noBoundary},
			{"cut inside the file", ct, withFile[:bytes.Index(withFile, png)+len(png)/2], malformed},
			// The last field's part has begun but its headers never came:
			// the form must not be read as if it had one field less.
			{"cut after a delimiter", textType, textOnly[:bytes.LastIndex(textOnly, opening)+len(opening)], malformed},
		}
		for _, tc := range cases {
			t.Run(f.name+"/"+tc.name, func(t *testing.T) {
				res := badSend(t, w.env, f.method, f.path, badHeader(tc.contentType, f.token), tc.body)
				Expect(t, res, http.StatusBadRequest)
				if got := res.Detail(t); got != tc.detail {
					t.Errorf("detail = %q, want %q (body %s)", got, tc.detail, res.Body)
				}
			})
		}
	}
}

func TestNonImageFilesInImageFields(t *testing.T) {
	t.Parallel()
	w := badSetup(t)
	png := mediatest.PNG(16, 16)
	files := []struct {
		name string
		data []byte
	}{
		{"text named png", []byte("just some words, not a picture")},
		{"html named png", []byte("<html><script>alert(1)</script></html>")},
		{"cut-off png", png[:len(png)-20]},
	}
	for _, f := range w.forms() {
		for _, file := range files {
			t.Run(f.name+"/"+file.name, func(t *testing.T) {
				body, ct := badMultipart(f.form, map[string]File{f.imageField: {Name: "x.png", Data: file.data}})
				res := badSend(t, w.env, f.method, f.path, badHeader(ct, f.token), body)
				Expect(t, res, http.StatusBadRequest)
				if got, want := res.Fields(t), map[string][]string{f.imageField: {formimage.MsgNotImage}}; !reflect.DeepEqual(got, want) {
					t.Errorf("field errors = %v, want %v", got, want)
				}
			})
		}
	}
	// The refused sign-ups created nothing: the same forms still work.
	for _, f := range w.forms()[:2] {
		body, ct := badMultipart(f.form, nil)
		Expect(t, badSend(t, w.env, f.method, f.path, badHeader(ct, ""), body), http.StatusCreated)
	}
	if got := w.env.GetEvent(t, w.event.ID); !reflect.DeepEqual(got, w.event) {
		t.Errorf("refused updates changed the event to %+v", got)
	}
}

func TestMalformedIDsAreNotFound(t *testing.T) {
	t.Parallel()
	w := badSetup(t)
	real := w.event.ID
	ids := []struct{ name, id string }{
		{"word", "abc"},
		{"dot segments", "../../x"},
		{"lowercase", strings.ToLower(real)},
		{"letter U", real[:25] + "U"},
		{"first character 8", "8" + real[1:]},
		{"27 characters", real + "0"},
		{"space", real[:13] + " " + real[14:]},
	}
	form, formType := badMultipart(evFormOf(w.event), nil)
	endpoints := []struct {
		name, method, pattern, token string
	}{
		{"event detail", http.MethodGet, "/api/event/detail/%s/", ""},
		{"event update", http.MethodPatch, "/api/event/detail/%s/", w.org.Access},
		{"event delete", http.MethodDelete, "/api/event/detail/%s/", w.org.Access},
		{"organization events", http.MethodGet, "/api/event/organization/%s/events/", ""},
		{"register", http.MethodPost, "/api/event/register/%s/", w.person.Access},
		{"registered events", http.MethodGet, "/api/event/user-event/%s/", w.person.Access},
		{"cancel", http.MethodDelete, "/api/event/cancle/register/%s/", w.person.Access},
		{"ticket page", http.MethodGet, "/api/event/ticket/%s/", ""},
		{"ticket link reset", http.MethodPost, "/api/event/ticket/reset/%s/", w.person.Access},
		{"check-in undo", http.MethodDelete, "/api/event/detail/" + w.event.ID + "/check-in/%s/", w.org.Access},
		{"series", http.MethodGet, "/api/event/series/%s/", ""},
		{"follow", http.MethodPost, "/api/organization/public/%s/follow/", w.person.Access},
	}
	for _, ep := range endpoints {
		for _, id := range ids {
			t.Run(ep.name+"/"+id.name, func(t *testing.T) {
				path := fmt.Sprintf(ep.pattern, url.PathEscape(id.id))
				var res *Response
				if ep.method == http.MethodPatch {
					res = badSend(t, w.env, ep.method, path, badHeader(formType, ep.token), form)
				} else {
					res = badSend(t, w.env, ep.method, path, badHeader("", ep.token), nil)
				}
				Expect(t, res, http.StatusNotFound)
			})
		}
	}
	// Well-formed ids that name nothing are not found either.
	unknown := auth.NewID()
	for _, ep := range endpoints {
		if ep.name == "organization events" || ep.name == "registered events" {
			continue // an organization without events; someone else's list
		}
		t.Run(ep.name+"/unknown", func(t *testing.T) {
			path := fmt.Sprintf(ep.pattern, unknown)
			res := badSend(t, w.env, ep.method, path, badHeader(formType, ep.token), form)
			Expect(t, res, http.StatusNotFound)
		})
	}
	// Nothing real was touched.
	if got := w.env.GetEvent(t, real); !reflect.DeepEqual(got, w.event) {
		t.Errorf("event changed to %+v", got)
	}
	res := badSend(t, w.env, http.MethodGet, "/api/event/user-event/"+w.person.ID+"/", badHeader("", w.person.Access), nil)
	Expect(t, res, http.StatusOK)
	var list []struct {
		ID string `json:"id"`
	}
	res.Decode(t, &list)
	if len(list) != 1 || list[0].ID != w.registration {
		t.Errorf("registrations = %s, want only %s", res.Body, w.registration)
	}
}

func TestUnknownPathsAndWrongMethods(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	id := auth.NewID()
	unknown := []struct{ method, path string }{
		{http.MethodGet, "/api/event/"},
		{http.MethodGet, "/api/event/nope/"},
		{http.MethodPost, "/api/event/nope/"},
		{http.MethodGet, "/api/event/detail/"},
		{http.MethodGet, "/api/event/detail/" + id + "/extra/"},
		{http.MethodGet, "/api/event/public/extra/"},
		{http.MethodPost, "/api/event/register/"},
		{http.MethodDelete, "/api/event/cancle/register/"},
		{http.MethodDelete, "/api/event/cancel/register/" + id + "/"},
		{http.MethodGet, "/api/event/user-event/"},
		{http.MethodGet, "/api/nothing/here/"},
		{http.MethodGet, "/api/media/"},
	}
	for _, tc := range unknown {
		t.Run("unknown "+tc.method+" "+tc.path, func(t *testing.T) {
			res := badSend(t, env, tc.method, tc.path, nil, nil)
			Expect(t, res, http.StatusNotFound)
			var body map[string]any
			res.Decode(t, &body)
			if want := map[string]any{"detail": "Not found.", "codes": map[string]any{"detail": "route_not_found"}}; !reflect.DeepEqual(body, want) {
				t.Errorf("body = %v, want %v", body, want)
			}
		})
	}
	wrong := []struct{ method, path, allowed string }{
		{http.MethodGet, "/api/user/login/", http.MethodPost},
		{http.MethodDelete, "/api/user/profile/", http.MethodGet},
		{http.MethodPut, "/api/event/public/", http.MethodGet},
		{http.MethodPost, "/api/event/detail/" + id + "/", http.MethodPatch},
		{http.MethodPut, "/api/event/detail/" + id + "/", http.MethodDelete},
		{http.MethodGet, "/api/event/create/", http.MethodPost},
		{http.MethodPut, "/api/event/register/" + id + "/", http.MethodPost},
		{http.MethodPost, "/api/event/cancle/register/" + id + "/", http.MethodDelete},
		{http.MethodGet, "/api/media/upload/", http.MethodPost},
		{http.MethodGet, "/api/organization/register/", http.MethodPost},
	}
	for _, tc := range wrong {
		t.Run("wrong "+tc.method+" "+tc.path, func(t *testing.T) {
			res := badSend(t, env, tc.method, tc.path, nil, nil)
			Expect(t, res, http.StatusMethodNotAllowed)
			allow := strings.Split(strings.ReplaceAll(res.Header.Get("Allow"), " ", ""), ",")
			if !slices.Contains(allow, tc.allowed) || slices.Contains(allow, tc.method) {
				t.Errorf("Allow = %q, want it to offer %s and not %s", res.Header.Get("Allow"), tc.allowed, tc.method)
			}
			if got, want := res.Detail(t), fmt.Sprintf("Method %q not allowed.", tc.method); got != want {
				t.Errorf("detail = %q, want %q", got, want)
			}
		})
	}
}

func TestBearerTokensRefused(t *testing.T) {
	t.Parallel()
	w := badSetup(t)
	env := w.env
	protected := []struct{ method, path string }{
		{http.MethodGet, "/api/user/profile/"},
		{http.MethodPut, "/api/user/update/profile/"},
		{http.MethodPut, "/api/user/change-password/"},
		{http.MethodGet, "/api/organization/details/"},
		{http.MethodPut, "/api/organization/details/update/"},
		{http.MethodPost, "/api/event/create/"},
		{http.MethodPatch, "/api/event/detail/" + w.event.ID + "/"},
		{http.MethodDelete, "/api/event/detail/" + w.event.ID + "/"},
		{http.MethodPost, "/api/event/register/" + w.event.ID + "/"},
		{http.MethodGet, "/api/event/user-event/" + w.person.ID + "/"},
		{http.MethodDelete, "/api/event/cancle/register/" + w.registration + "/"},
		{http.MethodPost, "/api/media/upload/"},
	}
	forger := &auth.Issuer{
		Key: bytes.Repeat([]byte("k"), 32), Issuer: "turnout", Audience: "turnout-api",
		AccessTTL: app.AccessTTL, RefreshTTL: app.RefreshTTL, Now: env.Now,
	}
	forged, err := forger.Access(w.person.ID, 0)
	if err != nil {
		t.Fatalf("forge: %v", err)
	}
	nobody, err := env.Base.Auth.Tokens.Access(auth.NewID(), 0)
	if err != nil {
		t.Fatalf("sign: %v", err)
	}
	none := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`)) + "." +
		base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"`+w.person.ID+`","typ":"access","iss":"turnout","aud":"turnout-api","exp":4102444800,"iat":1700000000,"jti":"x"}`)) + "."
	headers := []struct{ name, authorization string }{
		{"missing", ""},
		{"scheme only", "Bearer"},
		{"basic", "Basic " + base64.StdEncoding.EncodeToString([]byte("ada:secret"))},
		{"good token, other scheme", "Token " + w.person.Access},
		{"garbage", "Bearer garbage"},
		{"three garbage parts", "Bearer a.b.c"},
		{"alg none", "Bearer " + none},
		{"signed with another key", "Bearer " + forged},
		{"refresh token", "Bearer " + w.person.Refresh},
		{"unknown account", "Bearer " + nobody},
		{"very long", "Bearer " + strings.Repeat("a", 5000)},
	}
	refuse := func(t *testing.T, authorization string) {
		t.Helper()
		for _, p := range protected {
			h := http.Header{}
			if authorization != "" {
				h.Set("Authorization", authorization)
			}
			res := badSend(t, env, p.method, p.path, h, nil)
			if res.Status != http.StatusUnauthorized {
				t.Errorf("%s %s: status %d, want 401; body %s", p.method, p.path, res.Status, res.Body)
				continue
			}
			if got, want := res.Detail(t), httpapi.ErrNotAuthenticated.Message; got != want {
				t.Errorf("%s %s: detail %q, want %q", p.method, p.path, got, want)
			}
			if res.Header.Get("WWW-Authenticate") == "" {
				t.Errorf("%s %s: no WWW-Authenticate header", p.method, p.path)
			}
		}
	}
	for _, tc := range headers {
		t.Run(tc.name, func(t *testing.T) { refuse(t, tc.authorization) })
	}

	// The same endpoints take good tokens until they expire.
	Expect(t, badSend(t, env, http.MethodGet, "/api/user/profile/", badHeader("", w.person.Access), nil), http.StatusOK)
	Expect(t, badSend(t, env, http.MethodGet, "/api/organization/details/", badHeader("", w.org.Access), nil), http.StatusOK)
	env.Advance(16 * time.Minute)
	t.Run("expired person token", func(t *testing.T) { refuse(t, "Bearer "+w.person.Access) })
	t.Run("expired organizer token", func(t *testing.T) { refuse(t, "Bearer "+w.org.Access) })
	env.Login(t, w.person)
	Expect(t, badSend(t, env, http.MethodGet, "/api/user/profile/", badHeader("", w.person.Access), nil), http.StatusOK)

	// None of the refused requests changed anything.
	if got := env.GetEvent(t, w.event.ID); got.SeatsLeft != w.event.SeatsLeft || got.Title != w.event.Title {
		t.Errorf("event changed to %+v", got)
	}
}

// hostileText are values no field or path segment may turn into a server
// error: too long for any field or key, a NUL byte, invalid UTF-8.
var hostileText = []struct{ name, value string }{
	{"over-long", strings.Repeat("A", 6000)},
	{"NUL", "a\x00b"},
	{"invalid UTF-8", "a\xff\xfeb"},
}

// expect4xx fails unless res is a client error.
func expect4xx(t *testing.T, res *Response) {
	t.Helper()
	if res.Status < 400 || res.Status > 499 {
		t.Errorf("status = %d, want 4xx; body %s", res.Status, res.Body)
	}
}

// Every field of every form, sent as multipart with a hostile text or as
// JSON with a list or object, is refused with a 4xx.
func TestHostileFormValues(t *testing.T) {
	t.Parallel()
	w := badSetup(t)
	for _, f := range w.forms() {
		fields := append(slices.Sorted(maps.Keys(f.form)), f.imageField+"_key")
		for _, field := range fields {
			for _, v := range hostileText {
				t.Run(f.name+"/"+field+"/"+v.name, func(t *testing.T) {
					form := maps.Clone(f.form)
					form[field] = v.value
					body, ct := badMultipart(form, nil)
					expect4xx(t, badSend(t, w.env, f.method, f.path, badHeader(ct, f.token), body))
				})
			}
			for _, wrong := range []string{`[1]`, `{"a": 1}`} {
				t.Run(f.name+"/"+field+"/json "+wrong, func(t *testing.T) {
					body := jsonWith(t, f.form, field, wrong)
					expect4xx(t, badSend(t, w.env, f.method, f.path, badHeader("application/json", f.token), body))
				})
			}
		}
	}
}

// jsonWith is obj as JSON with field's value replaced by the raw bytes raw
// (which may be any JSON, or not valid UTF-8).
func jsonWith(t *testing.T, obj map[string]string, field, raw string) []byte {
	t.Helper()
	const mark = "\"\u2603hostile\u2603\""
	out := map[string]any{}
	for k, v := range obj {
		out[k] = v
	}
	out[field] = json.RawMessage(mark)
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	return bytes.Replace(b, []byte(mark), []byte(raw), 1)
}

// jsonString is s as a JSON string, keeping invalid UTF-8 bytes as they
// are (json.Marshal would replace them).
func jsonString(s string) string {
	b, _ := json.Marshal(strings.ToValidUTF8(s, "\u2603"))
	if !utf8.ValidString(s) {
		return strings.Replace(string(b), "\u2603", "\xff\xfe", 1)
	}
	return string(b)
}

// Every field of every JSON endpoint, with a hostile text or a value of the
// wrong type, is refused with a 4xx.
func TestHostileJSONValues(t *testing.T) {
	t.Parallel()
	w := badSetup(t)
	bodies := map[string]map[string]string{
		"login":             {"username": w.person.Username, "password": "wrong-password"},
		"refresh":           {"refresh": w.person.Refresh},
		"logout":            {"refresh": "x"},
		"reset request":     {"email": w.person.Email},
		"reset confirm":     {"password": "a-new-long-password"},
		"activation resend": {"email": w.person.Email},
		"change password":   {"old_password": "wrong-password", "new_password": "a-new-long-password"},
		"upload":            {"kind": "banner", "content_type": "image/png"},
		// A forged confirmation link's secret, or a hostile one.
		"guest confirmation": {"token": "AAAAAAAAAAAAAAAAAAAAAA"},
		"invite":             {"email": "door@example.com", "role": "nobody"},
		"invitation":         {"token": w.org.OrganizationID + ".forged"},
		"join":               {"token": w.org.OrganizationID + ".forged"},
		"repeat preview":     {"repeat": "FREQ=WEEKLY;COUNT=99999", "start_time": "2030-01-02T19:00:00Z", "time_zone": "Europe/Berlin"},
		// A wrong password, or a hostile one: nothing is deleted.
		"organization deletion": {"password": "wrong-password"},
	}
	wrongTypes := []string{`5`, `true`, `["x"]`, `{"a": 1}`}
	for _, ep := range w.jsonEndpoints() {
		base := bodies[ep.name]
		for _, field := range slices.Sorted(maps.Keys(base)) {
			values := map[string]string{}
			for _, v := range hostileText {
				values[v.name] = jsonString(v.value)
			}
			for _, raw := range wrongTypes {
				values["json "+raw] = raw
			}
			for name, raw := range values {
				t.Run(ep.name+"/"+field+"/"+name, func(t *testing.T) {
					body := jsonWith(t, base, field, raw)
					if ep.name == "upload" {
						body = bytes.Replace(body, []byte("{"), []byte(`{"size": 10, `), 1)
					}
					expect4xx(t, badSend(t, w.env, ep.method, ep.path, badHeader("application/json", ep.token), body))
				})
			}
		}
	}
}

// Every path segment and query value of every endpoint, hostile, is
// refused with a 4xx
// (activation and email confirmation links, followed by browsers, redirect
// to the page that says the link is invalid).
func TestHostilePathSegments(t *testing.T) {
	t.Parallel()
	w := badSetup(t)
	form, formType := badMultipart(evFormOf(w.event), nil)
	resetBody := []byte(`{"password": "a-new-long-password"}`)
	token := "abc-" + strings.Repeat("a", 32)
	endpoints := []struct {
		name, method, pattern, token, contentType string
		body                                      []byte
	}{
		{"event detail", http.MethodGet, "/api/event/detail/%s/", "", "", nil},
		{"event update", http.MethodPatch, "/api/event/detail/%s/", w.org.Access, formType, form},
		{"event delete", http.MethodDelete, "/api/event/detail/%s/", w.org.Access, "", nil},
		{"organization events", http.MethodGet, "/api/event/organization/%s/events/", "", "", nil},
		{"register", http.MethodPost, "/api/event/register/%s/", w.person.Access, "", nil},
		{"registered events", http.MethodGet, "/api/event/user-event/%s/", w.person.Access, "", nil},
		{"cancel", http.MethodDelete, "/api/event/cancle/register/%s/", w.person.Access, "", nil},
		{"activation uid", http.MethodGet, "/api/user/activate/%s/" + token + "/", "", "", nil},
		{"activation token", http.MethodGet, "/api/user/activate/" + w.person.ID + "/%s/", "", "", nil},
		{"email confirm uid", http.MethodGet, "/api/user/email/confirm/%s/" + token + "/", "", "", nil},
		{"email confirm token", http.MethodGet, "/api/user/email/confirm/" + w.person.ID + "/%s/", "", "", nil},
		{"reset uid", http.MethodPost, "/api/user/reset-password/confirm/%s/" + token + "/", "", "application/json", resetBody},
		{"reset token", http.MethodPost, "/api/user/reset-password/confirm/" + w.person.ID + "/%s/", "", "application/json", resetBody},
		{"public list cursor", http.MethodGet, "/api/event/public/?after=%s", "", "", nil},
		{"public list limit", http.MethodGet, "/api/event/public/?limit=%s", "", "", nil},
		{"manage page", http.MethodGet, "/api/event/rsvp/%s/", "", "", nil},
		{"manage cancel", http.MethodPost, "/api/event/rsvp/%s/cancel/", "", "", nil},
		{"manage calendar", http.MethodGet, "/api/event/rsvp/%s/calendar.ics", "", "", nil},
	}
	segments := []struct{ name, value string }{
		{"over-long", strings.Repeat("A", 3000)}, {"NUL", "a\x00b"}, {"invalid UTF-8", "a\xff\xfeb"}, {"number", "123456"},
	}
	for _, ep := range endpoints {
		for _, seg := range segments {
			t.Run(ep.name+"/"+seg.name, func(t *testing.T) {
				path := fmt.Sprintf(ep.pattern, url.PathEscape(seg.value))
				res := badSend(t, w.env, ep.method, path, badHeader(ep.contentType, ep.token), ep.body)
				invalidPage := map[string]string{"activation": users.ActivationInvalidPath, "email confirm": users.EmailInvalidPath}
				for prefix, page := range invalidPage {
					if strings.HasPrefix(ep.name, prefix) {
						if loc := res.Header.Get("Location"); res.Status != http.StatusFound || !strings.HasSuffix(loc, page) {
							t.Errorf("status %d to %q, want 302 to the invalid-link page", res.Status, loc)
						}
						return
					}
				}
				expect4xx(t, res)
			})
		}
	}
}

// TestEmptyMultipartForms: a form sent with no field at all (a browser
// omits empty values, so an untouched sign-up sends only the closing
// delimiter) answers each required field, as any incomplete form.
func TestEmptyMultipartForms(t *testing.T) {
	t.Parallel()
	w := badSetup(t)
	const boundary = "----WebKitFormBoundaryE19zNvXGzXaLvS5C"
	body := []byte("--" + boundary + "--\r\n")
	event := []string{"capacity", "description", "end_time", "location", "start_time", "title"}
	required := map[string][]string{
		"person sign-up":       {"email", "first_name", "last_name", "password", "password1", "username"},
		"organization sign-up": {"email", "organization", "password", "password1", "username"},
		"event create":         event,
		"event update":         event,
		"profile update":       {"email", "first_name", "last_name"},
		"organization update":  {"email", "organization"},
	}
	for _, f := range w.forms() {
		t.Run(f.name, func(t *testing.T) {
			res := badSend(t, w.env, f.method, f.path, badHeader("multipart/form-data; boundary="+boundary, f.token), body)
			want := map[string][]string{}
			for _, name := range required[f.name] {
				want[name] = []string{"This field is required."}
			}
			evExpectFields(t, res, want)
		})
	}
}
