package store

import (
	"strings"
	"time"
)

// Every key of the single table is built here, with an entity prefix, so no
// other file assembles key strings by hand.

const (
	attrPK     = "PK"
	attrSK     = "SK"
	attrGSI1PK = "GSI1PK"
	attrGSI1SK = "GSI1SK"
	attrGSI2PK = "GSI2PK"
	attrGSI2SK = "GSI2SK"
	attrTTL    = "TTL"

	// IndexUpcoming pages public events by start time, one partition per
	// month of start so no single partition takes every event forever.
	IndexUpcoming = "GSI1"
	// IndexOwned lists what belongs to someone: an organization's events,
	// an account's registrations.
	IndexOwned = "GSI2"
)

// sortTime is a fixed-width UTC timestamp, so strings sort like times.
const sortTimeLayout = "2006-01-02T15:04:05Z"

func sortTime(t time.Time) string { return t.UTC().Format(sortTimeLayout) }

type key struct{ PK, SK string }

func userKey(id string) key           { return key{"USER#" + id, "PROFILE"} }
func usernameKey(username string) key { n := fold(username); return key{"USERNAME#" + n, "USERNAME"} }
func emailKey(email string) key       { n := fold(email); return key{"EMAIL#" + n, "EMAIL"} }
func organizationKey(id string) key   { return key{"ORG#" + id, "PROFILE"} }
func eventKey(id string) key          { return key{"EVENT#" + id, "EVENT"} }
func attendeeKey(eventID, userID string) key {
	return key{"EVENT#" + eventID, attendeePrefix + userID}
}
func registrationKey(id string) key { return key{"REG#" + id, "REG"} }
func refreshKey(jti string) key     { return key{"REFRESH#" + jti, "REFRESH"} }
func familyKey(id string) key       { return key{"FAMILY#" + id, "FAMILY"} }

const attendeePrefix = "ATTENDEE#"

// mailQuotaKey counts the mails of one hour (window, e.g. "2026-11-24T18")
// for one scope ("TO" a destination, "FROM" a client address).
func mailQuotaKey(scope, value, window string) key {
	return key{"MAILQUOTA#" + scope + "#" + fold(value), window}
}

// Every login guard of a username shares one partition, so a password
// reset finds them all with one Query: one item per client address and
// one for the username's ceiling across addresses.
func loginGuardsPK(username string) string      { return "LOGIN#" + fold(username) }
func loginAddressKey(username, addr string) key { return key{loginGuardsPK(username), "ADDR#" + addr} }
func loginCeilingKey(username string) key       { return key{loginGuardsPK(username), "USERNAME"} }

// monthOf names the month (UTC) an event starting at t is listed under.
func monthOf(t time.Time) string { return t.UTC().Format(monthLayout) }

const monthLayout = "2006-01"

// upcomingPK is the GSI1 partition of events starting in month.
func upcomingPK(month string) string { return "UPCOMING#" + month }

// calendarPK holds one item per month that has upcoming events, so the
// public list queries only those month partitions; calendarMonthKey is
// that month's item. Month items sort by month, so the list reads only the
// months it looks at, however many others exist.
const calendarPK = "CALENDAR"

func calendarMonthKey(month string) key { return key{calendarPK, calendarMonthPrefix + month} }

const calendarMonthPrefix = "MONTH#"

// legacyCalendarKey held the calendar as one set until MigrateCalendar.
func legacyCalendarKey() key { return key{calendarPK, "MONTHS"} }

func upcomingSK(start time.Time, eventID string) string {
	return sortTime(start) + "#" + eventID
}

func organizationEventsPK(orgID string) string { return "ORGEVENTS#" + orgID }
func userRegistrationsPK(userID string) string { return "USERREGS#" + userID }

// fold is the case-insensitive form used for uniqueness of usernames and
// email addresses.
func fold(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
