package domain

import "time"

// Followers of an organization are mailed about its new public events:
// one mail for the events it published since the last, at most one a day.

// AnnouncementDelay is how long after an organization's first new public
// event its followers are told: the events it adds meanwhile (a season
// published in one sitting) go in the same mail.
const AnnouncementDelay = time.Hour

// AnnouncementGap is the least time between two announcements of one
// organization.
const AnnouncementGap = 24 * time.Hour

// AnnouncementDue is when followers hear of an event published at now by
// an organization that last told them at last (zero for never).
func AnnouncementDue(now, last time.Time) time.Time {
	due := now.Add(AnnouncementDelay)
	if next := last.Add(AnnouncementGap); next.After(due) {
		return next
	}
	return due
}

// Announcement is an organization's new public events its followers have
// not been told of yet, due at Due.
type Announcement struct {
	OrganizationID string
	EventIDs       []string
	Due            time.Time
}

// Broadcast is the mail of a (due at its Due) to the organization's
// followers, sent at now; its id names the announcement, so two runs that
// hand it over write one broadcast.
func (a Announcement) Broadcast(now time.Time) Broadcast {
	return Broadcast{
		ID: "new-events." + a.OrganizationID + "." + a.Due.UTC().Format("20060102T150405Z"), EventID: a.EventIDs[0],
		Kind: BroadcastNewEvents, Created: now, OrganizationID: a.OrganizationID, EventIDs: a.EventIDs,
	}
}

// Announceable reports whether e is worth telling followers of at now: a
// public event still to come, not called off.
func (e Event) Announceable(now time.Time) bool {
	return e.Listed() && !e.Cancelled && !e.Started(now)
}

// FollowState is a person's follow of an organization, with its count.
type FollowState struct {
	Following bool
	Followers int
}
