// Package mailtest reads the mail that the local SES emulator
// (aws-ses-v2-local) accepted, for tests of code that sends email.
package mailtest

import (
	"encoding/json"
	"html"
	"io"
	"net/http"
	netmail "net/mail"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"
)

// Received is one email as the emulator stored it.
type Received struct {
	To                  []string
	Subject, Text, HTML string
	Attachments         []Attachment
	// Inline are the images shown inside the HTML body.
	Inline []Attachment
	// Headers are the custom headers it was sent with, by name.
	Headers map[string]string
	// ReplyTo are the addresses replies go to (none: the sender).
	ReplyTo []string
}

// Attachment is a file a received email carries.
type Attachment struct {
	Name, ContentType string
	Data              []byte
	// ContentID names an inline image, which the HTML shows as cid:<ContentID>.
	ContentID string
}

// storeEntry is the part of an entry of the emulator's GET /store that
// tests need.
type storeEntry struct {
	Destination struct {
		To []string `json:"to"`
	} `json:"destination"`
	Subject string   `json:"subject"`
	ReplyTo []string `json:"replyTo"`
	Body    struct {
		Text string `json:"text"`
		HTML string `json:"html"`
	} `json:"body"`
	At      int64 `json:"at"` // seconds since the epoch
	Headers []struct {
		Name  string `json:"name"`
		Value string `json:"value"`
	} `json:"headers"`
	Attachments []struct {
		Content            []byte `json:"content"` // base64 in the JSON
		ContentType        string `json:"contentType"`
		Filename           string `json:"filename"`
		ContentDisposition string `json:"contentDisposition"`
		ContentID          string `json:"contentId"`
	} `json:"attachments"`
}

var client = &http.Client{Timeout: 10 * time.Second}

// Inbox returns the emails that the SES emulator at sesEndpoint holds for
// the address to, oldest first. Addresses compare without regard to case
// or display names.
func Inbox(tb testing.TB, sesEndpoint, to string) []Received {
	tb.Helper()
	resp, err := client.Get(strings.TrimRight(sesEndpoint, "/") + "/store")
	if err != nil {
		tb.Fatalf("mailtest: read the SES emulator's store: %v", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 1024))
		tb.Fatalf("mailtest: GET /store: %s: %s", resp.Status, b)
	}
	var store struct {
		Emails []storeEntry `json:"emails"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&store); err != nil {
		tb.Fatalf("mailtest: decode the SES emulator's store: %v", err)
	}
	want := address(to)
	// The store keeps emails in the order they were sent; the stable sort
	// only guards that order against a change in the emulator.
	slices.SortStableFunc(store.Emails, func(a, b storeEntry) int { return int(a.At - b.At) })
	var inbox []Received
	for _, e := range store.Emails {
		if !slices.ContainsFunc(e.Destination.To, func(a string) bool { return address(a) == want }) {
			continue
		}
		r := Received{To: e.Destination.To, Subject: e.Subject, Text: e.Body.Text, HTML: e.Body.HTML, ReplyTo: e.ReplyTo}
		for _, a := range e.Attachments {
			file := Attachment{Name: a.Filename, ContentType: a.ContentType, Data: a.Content, ContentID: a.ContentID}
			if strings.EqualFold(a.ContentDisposition, "inline") {
				r.Inline = append(r.Inline, file)
			} else {
				r.Attachments = append(r.Attachments, file)
			}
		}
		if len(e.Headers) > 0 {
			r.Headers = map[string]string{}
			for _, h := range e.Headers {
				r.Headers[h.Name] = h.Value
			}
		}
		inbox = append(inbox, r)
	}
	return inbox
}

// address reduces "Name <Ana@Example.com>" or "ana@example.com" to
// "ana@example.com".
func address(s string) string {
	if a, err := netmail.ParseAddress(s); err == nil {
		s = a.Address
	}
	return strings.ToLower(strings.TrimSpace(s))
}

// Link returns the first absolute link in text that starts with prefix,
// with HTML entities decoded, so it works on both plain-text and HTML
// bodies. It fails the test when there is none.
func Link(tb testing.TB, text, prefix string) string {
	tb.Helper()
	if link, ok := findLink(text, prefix); ok {
		return link
	}
	tb.Fatalf("mailtest: no link starting with %s in:\n%s", prefix, text)
	return ""
}

func findLink(text, prefix string) (string, bool) {
	if prefix == "" {
		return "", false
	}
	for rest := text; ; {
		i := strings.Index(rest, prefix)
		if i < 0 {
			return "", false
		}
		rest = rest[i:]
		end := strings.IndexAny(rest, " \t\r\n\"'<>")
		if end < 0 {
			end = len(rest)
		}
		link := html.UnescapeString(strings.TrimRight(rest[:end], ".,;:!?)"))
		if u, err := url.Parse(link); err == nil && u.IsAbs() && u.Host != "" {
			return link, true
		}
		rest = rest[len(prefix):]
	}
}
