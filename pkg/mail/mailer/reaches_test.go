package mailer

import (
	"testing"
	"time"

	"turnout/pkg/domain"
)

// TestReaches: who each broadcast is for.
func TestReaches(t *testing.T) {
	moment := time.Date(2026, 11, 26, 18, 0, 0, 0, time.UTC)
	attendee := func(s domain.RegistrationStatus, made time.Time) domain.Attendee {
		return domain.Attendee{Registration: domain.Registration{Status: s, Created: made}}
	}
	seated, waiting := attendee(domain.StatusRegistered, moment.Add(-time.Hour)), attendee(domain.StatusWaitlisted, moment.Add(-time.Hour))
	late, onTheDot := attendee(domain.StatusRegistered, moment.Add(time.Second)), attendee(domain.StatusRegistered, moment)
	reminder := domain.Broadcast{Kind: domain.BroadcastReminder24h, Created: moment}
	for _, tc := range []struct {
		name string
		b    domain.Broadcast
		a    domain.Attendee
		want bool
	}{
		{"a reminder, seated before its moment", reminder, seated, true},
		{"a reminder, registered at its moment", reminder, onTheDot, true},
		{"a reminder, registered after its moment", reminder, late, false},
		{"a reminder, waiting", reminder, waiting, false},
		{"a message, waiting", domain.Broadcast{Kind: domain.BroadcastMessage}, waiting, false},
		{"a change, waiting", domain.Broadcast{Kind: domain.BroadcastChanged}, waiting, true},
		{"a cancellation, registered late", domain.Broadcast{Kind: domain.BroadcastCancelled, Created: moment}, late, true},
	} {
		if got := reaches(tc.b, tc.a); got != tc.want {
			t.Errorf("%s: reaches = %v, want %v", tc.name, got, tc.want)
		}
	}
}
