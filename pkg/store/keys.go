package store

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"turnout/pkg/domain"
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
	attrGSI3PK = "GSI3PK"
	attrGSI3SK = "GSI3SK"
	attrTTL    = "TTL"

	// IndexUpcoming pages public events by start time, one partition per
	// two years of start (upcomingSpan): starts are at most
	// domain.MaxStartYears ahead, so a page reads at most two partitions,
	// and no partition takes every event forever.
	IndexUpcoming = "GSI1"
	// IndexOwned lists an organization's events.
	IndexOwned = "GSI2"
	// IndexSearch holds what events are found by (search.go), one
	// partition per quarter of start, in start order.
	IndexSearch = "GSI3"
)

// sortTime is a fixed-width UTC timestamp, so strings sort like times.
const sortTimeLayout = "2006-01-02T15:04:05Z"

func sortTime(t time.Time) string { return t.UTC().Format(sortTimeLayout) }

type key struct{ PK, SK string }

// eventPrefix starts the partition of an event and everything of it.
const eventPrefix = "EVENT#"

func userKey(id string) key           { return key{"USER#" + id, "PROFILE"} }
func usernameKey(username string) key { n := fold(username); return key{"USERNAME#" + n, "USERNAME"} }
func emailKey(email string) key       { n := fold(email); return key{"EMAIL#" + n, "EMAIL"} }
func organizationKey(id string) key   { return key{organizationPrefix + id, organizationSK} }
func eventKey(id string) key          { return key{eventPrefix + id, "EVENT"} }

// seatsKey is the event's seat counter, a small item of its own in no
// index, so taking a seat rewrites neither the event nor any index.
func seatsKey(eventID string) key { return key{eventPrefix + eventID, seatsSK} }

const seatsSK = "SEATS"

func attendeeKey(eventID, userID string) key {
	return key{eventPrefix + eventID, attendeePrefix + userID}
}
func registrationKey(id string) key { return key{"REG#" + id, "REG"} }

// registrationLookupKey is the item that finds registration id: its
// holder's entry when the id names them, else its registration item.
func registrationLookupKey(id string) key {
	if holder, named := domain.RegistrationHolder(id); named {
		return userRegistrationKey(holder, id)
	}
	return registrationKey(id)
}

// registrationKeys are the keys of registration id of userID outside its
// event's partition: its person's entry, and its registration item when the
// id does not name its holder.
func registrationKeys(id, userID string) []key {
	keys := []key{userRegistrationKey(userID, id)}
	if _, named := domain.RegistrationHolder(id); !named {
		keys = append(keys, registrationKey(id))
	}
	return keys
}

// userRegistrationKey is a registration's entry in its person's partition,
// which lists them in the order made (ids are ULIDs) without an index.
func userRegistrationKey(userID, id string) key {
	return key{"USERREGS#" + userID, userRegistrationPrefix + id}
}

const userRegistrationPrefix = "REG#"

// An account's refresh tokens and revoked token families share the
// account's sessions partition, so deleting the account finds them all.
func sessionsPK(userID string) string       { return "SESSIONS#" + userID }
func refreshKey(userID, jti string) key     { return key{sessionsPK(userID), "REFRESH#" + jti} }
func familyKey(userID, familyID string) key { return key{sessionsPK(userID), "FAMILY#" + familyID} }

const attendeePrefix = "ATTENDEE#"

// departureKey records that registration regID was given up by its
// person, outside the event's partition, which a deletion empties.
func departureKey(regID string) key { return key{departurePrefix + regID, "DEPARTED"} }

const departurePrefix = "DEPARTED#"

// ticketsKey counts the tickets an event's queue handed out (an item of
// its own, so taking one holds up no transaction on the seat counter).
func ticketsKey(eventID string) key { return key{eventPrefix + eventID, "TICKETS"} }

// waitKey is a waitlisted registration's place in its event's queue: its
// ticket number, zero-padded so the queue reads in ticket order. A place
// taken before tickets existed keeps the registration's id (a ULID made
// on arrival, which begins with a digit, so those come first), and so
// does one a Backfill numbered (its ticket is at most 0).
func waitKey(eventID, regID string, ticket *int) key {
	if ticket == nil || *ticket <= 0 {
		return key{eventPrefix + eventID, waitPrefix + regID}
	}
	return key{eventPrefix + eventID, fmt.Sprintf("%sT%012d", waitPrefix, *ticket)}
}

const waitPrefix = "WAIT#"

// allowanceKey counts the uses of one window (its start) for one scope
// (domain.MailToAddress, ...) and value, of one kind or ("") all. The kinds
// and windows share the value's partition, which an account's deletion
// removes whole; the value (an address, an account id) is kept as a digest,
// so a count a request wrote while its account was being deleted names
// nobody until its TTL removes it.
func allowanceKey(scope, value, window, kind string) key {
	if kind != "" {
		window += "#" + kind
	}
	return key{allowancePK(scope, value), window}
}

func allowancePK(scope, value string) string {
	sum := sha256.Sum256([]byte(fold(value)))
	return "ALLOWANCE#" + scope + "#" + hex.EncodeToString(sum[:16])
}

// Every login guard of a username shares one partition, so a password
// reset finds them all with one Query: one item per client address, one
// for the username's ceiling across addresses and one for its bound of
// consecutive unsuccessful attempts.
func loginGuardsPK(username string) string      { return "LOGIN#" + fold(username) }
func loginAddressKey(username, addr string) key { return key{loginGuardsPK(username), "ADDR#" + addr} }
func loginCeilingKey(username string) key       { return key{loginGuardsPK(username), "USERNAME"} }
func loginBoundKey(username string) key         { return key{loginGuardsPK(username), "BOUND"} }

// searchPK is the IndexSearch partition of the quarter t falls in.
func searchPK(t time.Time) string {
	q := quarterStart(t)
	return fmt.Sprintf("SEARCH#%dQ%d", q.Year(), (int(q.Month())+2)/3)
}

// quarterStart is the first instant of t's quarter, in UTC.
func quarterStart(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month()-(t.Month()-1)%3, 1, 0, 0, 0, 0, time.UTC)
}

// upcomingPK is the GSI1 partition of events starting in t's span of
// years, named by its first year.
func upcomingPK(t time.Time) string {
	return fmt.Sprintf("UPCOMING#%d", upcomingSpanOf(t.UTC().Year()))
}

// upcomingSpan is how many years of starts share a GSI1 partition: at
// least domain.MaxStartYears, so the upcoming window spans two at most.
const upcomingSpan = domain.MaxStartYears

func upcomingSpanOf(year int) int { return year - year%upcomingSpan }

func upcomingSK(start time.Time, eventID string) string {
	return sortTime(start) + "#" + eventID
}

// cancelledPK is the GSI1 partition of called-off events, by start: the
// public list reads it once the live events are done, so they sink below
// every live one. It grows only by cancellations, and a page reads only
// those to come.
const cancelledPK = "UPCOMING#CANCELLED"

// listedPK is event e's partition in the public list.
func listedPK(e domain.Event) string {
	if e.Cancelled {
		return cancelledPK
	}
	return upcomingPK(e.Start)
}

// cancelledMark begins a public list's cursor within the cancelled
// events.
const cancelledMark = "~"

// afterSK is where a page resumes after sort key sk: '~' sorts after
// every character of an id.
func afterSK(sk string) string { return sk + "#~" }

// reminderKey is an event's planned reminder of kind k, in the event's
// partition. Its sort key sorts after seatsSK, so the read of an event
// (EVENT to SEATS) does not read it.
func reminderKey(eventID string, k domain.ReminderKind) key {
	return key{eventPrefix + eventID, reminderPrefix + string(k)}
}

const reminderPrefix = "TIMER#REMINDER#"

// remindersDuePK is the GSI1 partition of the reminders and change
// notices due on t's UTC day: the reminder job reads today's and
// yesterday's, so a partition holds one day's timers and a run reads only
// what is due.
func remindersDuePK(t time.Time) string { return "REMINDERS#" + t.UTC().Format("2006-01-02") }

// remindersDueSK orders a day's reminders by their moment.
func remindersDueSK(r domain.Reminder) string {
	return sortTime(r.Due()) + "#" + r.EventID + "#" + string(r.Kind)
}

// changeNoticeKey is an event's pending change notice, in the event's
// partition after its reminders.
func changeNoticeKey(eventID string) key { return key{eventPrefix + eventID, changeNoticeSK} }

const changeNoticeSK = "TIMER#CHANGE"

// changeDueSK orders a day's change notices by their moment among its
// reminders.
func changeDueSK(c domain.ChangeNotice) string { return sortTime(c.Due) + "#" + c.EventID + "#change" }

// dailyCountKey counts what an event sent of one kind (prefix) on a UTC day.
func dailyCountKey(prefix, eventID string, day time.Time) key {
	return key{prefix + eventID, day.UTC().Format("2006-01-02")}
}

// messageCountKey counts an organizer's messages to an event's people on
// a day; changeNoticeCountKey its change notices.
func messageCountKey(eventID string, day time.Time) key {
	return dailyCountKey("MSGLIMIT#", eventID, day)
}
func changeNoticeCountKey(eventID string, day time.Time) key {
	return dailyCountKey("CHANGELIMIT#", eventID, day)
}

func organizationEventsPK(orgID string) string { return "ORGEVENTS#" + orgID }

// unlistedEventsPK is where an organization's unlisted and private events
// sit in IndexOwned, apart from its public ones: its public page, feed and
// count read only those, its owner's list both.
func unlistedEventsPK(orgID string) string { return "ORGEVENTS-UNLISTED#" + orgID }

// ownedPK is event e's partition in IndexOwned.
func ownedPK(e domain.Event) string {
	if e.Listed() {
		return organizationEventsPK(e.OrganizationID)
	}
	return unlistedEventsPK(e.OrganizationID)
}

// deletingEventsPK is where an organization's event sits in IndexOwned
// while its delete runs: out of the organization's lists, yet found by a
// retry (or the organization's deletion) until the event item goes last.
func deletingEventsPK(orgID string) string { return "ORGEVENTS-DELETING#" + orgID }

// fold is the case-insensitive form used for uniqueness of usernames and
// email addresses.
func fold(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// goneKey is the record of a deleted event, kept for the mails that tell
// of its deletion.
func goneKey(id string) key { return key{"GONE#" + id, "GONE"} }

// The mailer's stream filter (infra) matches the partition keys of queued
// messages, broadcasts and departures and the sort keys of attendees by
// these prefixes (and organizations' profiles by theirs);
// TestStreamFilterPrefixes checks that the two agree.
const (
	outboxPrefix = "MAIL#"
	// Priority mail (domain.Message.Priority) has a partition key of its
	// own, which a stream mapping of its own reads.
	priorityOutboxPrefix = "ACCOUNTMAIL#"
	broadcastPrefix      = "BROADCAST#"
	// An organization's profile: its changes are copied to its events.
	organizationPrefix = "ORG#"
	organizationSK     = "PROFILE"
)

// outboxKey is the key of queued message id, priority mail apart.
func outboxKey(id string, priority bool) key {
	if priority {
		return key{priorityOutboxPrefix + id, "MAIL"}
	}
	return key{outboxPrefix + id, "MAIL"}
}
func broadcastKey(id string) key { return key{broadcastPrefix + id, "BROADCAST"} }

// sentKey is the claim of the mail named mailKey, under a digest of the
// name: the names hold account ids, and a claim outlives an account's
// deletion by up to SentTTL without naming it.
func sentKey(mailKey string) key {
	sum := sha256.Sum256([]byte(mailKey))
	return key{"SENT#" + hex.EncodeToString(sum[:16]), "SENT"}
}
