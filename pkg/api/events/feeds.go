package events

import (
	"net/http"
	"strings"

	"turnout/pkg/calendar"
	"turnout/pkg/domain"
	eventsvc "turnout/pkg/events"
	"turnout/pkg/httpapi"
)

// A person's private calendar feed: the events they have a seat at, at a
// secret URL calendar apps subscribe to without logging in.

// MsgFeedNotFound answers a feed URL that is not (or no longer) genuine.
const MsgFeedNotFound = eventsvc.MsgFeedNotFound

// feedCache lets the person's own apps and browser keep a feed for a few
// minutes; shared caches must not (the URL is a secret).
const feedCache = "private, max-age=300"

type feedReply struct {
	// URL is the feed's https address; Webcal the same for calendar apps.
	URL    string `json:"url"`
	Webcal string `json:"webcal"`
}

func (h handlers) feedReply(token string) feedReply {
	u := h.WebOrigin + "/api/event/feed/" + token + "/calendar.ics"
	return feedReply{URL: u, Webcal: webcal(u)}
}

// webcal is an http(s) URL with the scheme calendar apps subscribe by.
func webcal(u string) string {
	_, rest, _ := strings.Cut(u, "://")
	return "webcal://" + rest
}

// feed answers the caller's feed URL.
func (h handlers) feed(w http.ResponseWriter, r *http.Request, u domain.User) {
	httpapi.WriteJSON(w, http.StatusOK, h.feedReply(h.Events.FeedToken(u)))
}

// resetFeed gives the caller a new feed URL; the old one answers 404.
func (h handlers) resetFeed(w http.ResponseWriter, r *http.Request, u domain.User) {
	token, err := h.Events.ResetFeed(r.Context(), u)
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	httpapi.WriteJSON(w, http.StatusOK, h.feedReply(token))
}

// personFeed answers a person's feed as iCalendar.
func (h handlers) personFeed(w http.ResponseWriter, r *http.Request) {
	u, regs, err := h.Events.PersonFeed(r.Context(), r.PathValue("token"))
	if err != nil {
		httpapi.Error(w, r, err)
		return
	}
	entries := make([]calendar.Entry, len(regs))
	for i, re := range regs {
		entries[i] = h.calendarEntry(re.Event, re.Event.OnlineURL, u.MailLanguage())
	}
	name := "Turnout: " + u.Username
	writeCalendar(w, r, feedCache, calendar.Feed(name, entries))
}
