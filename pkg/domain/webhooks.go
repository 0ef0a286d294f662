package domain

import (
	"net/url"
	"slices"
	"strings"
	"time"
)

// WebhookKind is a kind of change an endpoint hears of.
type WebhookKind string

const (
	HookRegistrationCreated   WebhookKind = "registration.created"
	HookRegistrationPending   WebhookKind = "registration.pending"
	HookRegistrationApproved  WebhookKind = "registration.approved"
	HookRegistrationDeclined  WebhookKind = "registration.declined"
	HookRegistrationPromoted  WebhookKind = "registration.promoted"
	HookRegistrationCancelled WebhookKind = "registration.cancelled"
	HookCheckedIn             WebhookKind = "attendee.checked_in"
	HookEventCreated          WebhookKind = "event.created"
	HookEventUpdated          WebhookKind = "event.updated"
	HookEventCancelled        WebhookKind = "event.cancelled"
	HookEventDeleted          WebhookKind = "event.deleted"
	HookSeriesCreated         WebhookKind = "series.created"
	// HookTest is the message an owner sends on demand; no endpoint
	// subscribes to it.
	HookTest WebhookKind = "webhook.test"
)

// WebhookKinds are the kinds an endpoint may hear of, as the dashboard
// offers them.
var WebhookKinds = []WebhookKind{
	HookRegistrationCreated, HookRegistrationPending, HookRegistrationApproved, HookRegistrationDeclined,
	HookRegistrationPromoted, HookRegistrationCancelled, HookCheckedIn,
	HookEventCreated, HookEventUpdated, HookEventCancelled, HookEventDeleted, HookSeriesCreated,
}

// Webhook is an organization's endpoint and what it hears of.
type Webhook struct {
	ID, OrganizationID, URL, Description string
	Kinds                                []WebhookKind
	// Secret signs deliveries; PreviousSecret too, until PreviousUntil
	// (a rotation keeps both valid a while).
	Secret, PreviousSecret string
	PreviousUntil          time.Time
	Enabled                bool
	// DisabledAt is when it was turned off for failing (zero otherwise).
	DisabledAt time.Time
	// FailingSince is the first failure since its last success (zero
	// while it succeeds).
	FailingSince time.Time
	Created      time.Time
	// Scopes are what its messages may show: those of the API token that
	// last made or changed it, nil (everything) when an owner did; an
	// attendee or event its scopes would hide is left out.
	Scopes []Scope
}

// Shows reports whether w's messages may carry what scope s covers.
func (w Webhook) Shows(s Scope) bool { return w.Scopes == nil || slices.Contains(w.Scopes, s) }

// Hears reports whether w is to be told of changes of kind k.
func (w Webhook) Hears(k WebhookKind) bool { return w.Enabled && slices.Contains(w.Kinds, k) }

// Secrets are the secrets a delivery at now is signed with.
func (w Webhook) Secrets(now time.Time) []string {
	if w.PreviousSecret != "" && now.Before(w.PreviousUntil) {
		return []string{w.Secret, w.PreviousSecret}
	}
	return []string{w.Secret}
}

// Timings of webhooks.
const (
	// SecretOverlap is how long the secret before a rotation still signs.
	SecretOverlap = 24 * time.Hour
	// WebhookTimeout bounds an attempt: the endpoint answers within it or
	// the attempt failed.
	WebhookTimeout = 10 * time.Second
	// DeliveryRetention is how long the delivery log keeps a delivery.
	DeliveryRetention = 30 * 24 * time.Hour
	// GiveUpAfter is how long a delivery is retried.
	GiveUpAfter = 24 * time.Hour
	// DisableAfter turns off an endpoint failing this long, and tells its owners.
	DisableAfter = 72 * time.Hour
	// MaxWebhooks bounds an organization's endpoints.
	MaxWebhooks = 20
)

// retryDelays are the waits after each failed attempt: exponential, in
// 24 hours seven attempts.
var retryDelays = []time.Duration{time.Minute, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 6 * time.Hour, 12 * time.Hour}

// DeliveryStatus is where a delivery stands.
type DeliveryStatus string

const (
	DeliveryPending   DeliveryStatus = "pending"
	DeliveryDelivered DeliveryStatus = "delivered"
	DeliveryFailed    DeliveryStatus = "failed"
)

// Delivery is one message to one endpoint and how its attempts went. ID is
// its webhook-id, the same on every attempt.
type Delivery struct {
	ID, WebhookID, OrganizationID string
	Kind                          WebhookKind
	// Body is the message as sent (JSON).
	Body    []byte
	Created time.Time
	Status  DeliveryStatus
	// Attempts counts the attempts so far; the rest tell the last one.
	Attempts    int
	LastAttempt time.Time
	StatusCode  int
	Duration    time.Duration
	Error       string
	// Next is when the next attempt is due (zero for none).
	Next time.Time
	// Once names the fact a delivery tells (its kind and registration),
	// when the stream may tell it again: it is queued once.
	Once string
	// Inline marks a delivery its caller attempts at once (an owner's
	// test), which the stream leaves alone.
	Inline bool
}

// Attempt is how one attempt went: an HTTP status, or an error without one.
type Attempt struct {
	At         time.Time
	StatusCode int
	Duration   time.Duration
	// Error names a failure without a status: "timeout", "connection", "private address".
	Error string
}

// Succeeded reports whether the endpoint took the message (any 2xx).
func (a Attempt) Succeeded() bool { return a.StatusCode >= 200 && a.StatusCode < 300 }

// Record adds attempt a to d: delivered, or due again after its backoff, or
// failed once retrying would pass GiveUpAfter since d was made.
func (d Delivery) Record(a Attempt) Delivery {
	d.Attempts++
	d.LastAttempt, d.StatusCode, d.Duration, d.Error = a.At, a.StatusCode, a.Duration, a.Error
	d.Next = time.Time{}
	switch {
	case a.Succeeded():
		d.Status = DeliveryDelivered
	case d.Attempts <= len(retryDelays) && a.At.Add(retryDelays[d.Attempts-1]).Before(d.Created.Add(GiveUpAfter)):
		d.Status, d.Next = DeliveryPending, a.At.Add(retryDelays[d.Attempts-1])
	default:
		d.Status = DeliveryFailed
	}
	return d
}

// Messages of webhooks.
const (
	MsgWebhookHTTPS     = "Enter an https:// address."
	MsgWebhookPrivate   = "This address leads to a private network. Turnout delivers only to public addresses."
	MsgWebhookUnknown   = "This address's host could not be found."
	MsgWebhookNoKind    = "Choose at least one kind of change."
	MsgWebhookBadKind   = "Choose kinds of change from the list."
	MsgTooManyWebhooks  = "An organization has at most 20 webhook endpoints. Remove one first."
	MsgDeliveryNotFound = "Delivery not found."
	MsgWebhookNotFound  = "Webhook endpoint not found."
)

// WebhookInput is an endpoint's address, description, kinds and whether it
// is on; a change sends only what changes (nil is unchanged).
type WebhookInput struct {
	URL         *string       `json:"url"`
	Description *string       `json:"description"`
	Kinds       []WebhookKind `json:"kinds"`
	Enabled     *bool         `json:"enabled"`
}

// Validate checks in: a new endpoint (create) needs an address and kinds.
// The address must be a web address with a host; that it is https and its
// host public is the sender's to check (the local stack's receivers are
// plain http on loopback).
func (in *WebhookInput) Validate(create bool) error {
	bad := FieldErrors{}
	if in.URL != nil || create {
		u := strings.TrimSpace(deref(in.URL))
		in.URL = &u
		RequiredText(bad, "url", u, 500)
		if p, err := url.Parse(u); u != "" && !bad.Has("url") && (err != nil || (p.Scheme != "https" && p.Scheme != "http") || p.Hostname() == "" || p.User != nil) {
			bad.Add("url", MsgWebhookHTTPS)
		}
	}
	if in.Description != nil {
		d := strings.TrimSpace(*in.Description)
		in.Description = &d
		maxLen(bad, "description", d, 200)
	}
	if in.Kinds != nil || create {
		in.Kinds = choose(bad, "kinds", WebhookKinds, in.Kinds, MsgWebhookNoKind, MsgWebhookBadKind)
	}
	return bad.Err()
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
