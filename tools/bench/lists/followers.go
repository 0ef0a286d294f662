package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/emulators"
	"turnout/pkg/mail/mailer"
	"turnout/pkg/mail/mailer/streamrelay"
	"turnout/pkg/reminders"
	"turnout/pkg/store"
)

// followersBench proves announcements scale: an organization of 10,000
// followers publishes two public events; the reminder job, at the
// announcement's moment, hands it to the mailer, which fans it out to
// every follower and sends each one mail, never faster than the sending
// rate.
func followersBench(ctx context.Context, stack *emulators.Stack, newBench func(string) (*bench, error)) error {
	const n = 10000
	b, err := newBench("followers")
	if err != nil {
		return err
	}
	org, err := b.organization(ctx, "followers")
	if err != nil {
		return err
	}
	people := make([]domain.User, n)
	for i := range people {
		people[i] = domain.User{ID: auth.NewID(), Username: fmt.Sprintf("follower%05d", i), Email: fmt.Sprintf("follower%05d@example.com", i),
			FirstName: "Alexandra", PasswordHash: "x", IsActive: true, Joined: b.now}
	}
	if err := b.st.ImportFollowers(ctx, org.ID, people, b.now); err != nil {
		return fmt.Errorf("seed followers: %w", err)
	}
	b.take()
	var noteCalls int
	var noteWrite float64
	for i := range 2 {
		start := b.now.Add(time.Duration(7+i) * 24 * time.Hour)
		e := domain.Event{
			ID: auth.NewID(), OrganizationID: org.ID, OrganizationName: org.Name, Title: fmt.Sprintf("Followed Run %d", i+1),
			Description: strings.Repeat("d", 300), Location: "Park Gate", Start: start, End: start.Add(2 * time.Hour),
			Capacity: 50, Created: b.now, TimeZone: "Europe/Lisbon",
		}
		if err := b.st.CreateEvent(ctx, e); err != nil {
			return err
		}
		b.take() // the event itself is any event's cost
		if err := b.st.NoteNewEvent(ctx, e, b.now); err != nil {
			return err
		}
		calls, _, write := b.take()
		noteCalls, noteWrite = noteCalls+calls, noteWrite+write
	}
	before, err := subjectCounts(stack.SESEndpoint, "New from ")
	if err != nil {
		return err
	}

	cfg := b.mailerConfig(stack)
	cfg.MailRate = reminderRate
	mailerOps, mailerMeter := &store.OperationCounter{}, &store.CapacityMeter{}
	deliverer := mailer.New(cfg, b.awsCfg, store.New(b.awsCfg, cfg.DynamoDBEndpoint, cfg.Table, mailerOps.ClientOption(), mailerMeter.ClientOption()))
	relayCtx, stop := context.WithCancel(ctx)
	defer stop()
	var fanOutTook time.Duration
	var fanOutCalls map[string]int
	var fanOutRead, fanOutWrite float64
	handle := func(ctx context.Context, batch events.DynamoDBEvent) (events.DynamoDBEventResponse, error) {
		for _, r := range batch.Records {
			// The broadcast's insert (its removal, once fanned out, comes later).
			if r.EventName == "INSERT" && strings.HasPrefix(r.Change.Keys["PK"].String(), "BROADCAST#") {
				mailerOps.Take()
				mailerMeter.Take()
				began := time.Now()
				defer func() {
					fanOutTook, fanOutCalls = time.Since(began), mailerOps.Take()
					fanOutRead, fanOutWrite = mailerMeter.Take()
				}()
				break
			}
		}
		return deliverer.Handle(ctx, batch)
	}
	if _, err := streamrelay.Start(relayCtx, b.awsCfg, cfg.DynamoDBEndpoint, b.st, time.Now, handle); err != nil {
		return err
	}

	due := domain.AnnouncementDue(b.now, time.Time{})
	job := reminders.Job{Store: b.st, Now: func() time.Time { return due.Add(time.Minute) }}
	began := time.Now()
	res, err := job.Run(ctx)
	if err != nil || res.Announced != 1 {
		return fmt.Errorf("reminder job: %+v, %v", res, err)
	}
	jobTook := time.Since(began)
	jobCalls, jobRead, jobWrite := b.take()

	mailed, twice, err := awaitMails(stack.SESEndpoint, "New from ", before, n, 30*time.Minute)
	if err != nil {
		return err
	}
	delivered := time.Since(began)
	// At on-demand list prices (us-east-1), as for the reminders.
	dynamoCost := ((fanOutWrite+jobWrite+noteWrite)*0.625 + (fanOutRead+jobRead)*0.125) / 1e6

	fmt.Println()
	fmt.Println("## Followers: an announcement to an organization's 10,000 followers")
	fmt.Println()
	fmt.Println("Two public events are published; the reminder job hands the announcement to the mailer at its moment; the")
	fmt.Printf("mailer fans it out (a page of followers at a time: their accounts read in batches, muted ones left out) and\n")
	fmt.Printf("sends through the SES emulator paced at %d mails a second.\n", reminderRate)
	fmt.Println()
	fmt.Println("| figure | value |")
	fmt.Println("|---|---:|")
	fmt.Printf("| publishing: DynamoDB calls (write units) for the 2 events' notes | %d (%.0f) |\n", noteCalls, noteWrite)
	fmt.Printf("| reminder job: time, DynamoDB calls (read, write units) | %d ms, %d (%.0f, %.0f) |\n", jobTook.Milliseconds(), jobCalls, jobRead, jobWrite)
	fmt.Printf("| mailer: the fan-out's batch | %.1f s |\n", fanOutTook.Seconds())
	fmt.Printf("| mailer: the fan-out's DynamoDB calls | %s |\n", formatOps(fanOutCalls))
	fmt.Printf("| mailer: the fan-out's read, write units | %.0f, %.0f |\n", fanOutRead, fanOutWrite)
	fmt.Printf("| followers mailed | %d of %d |\n", mailed, n)
	fmt.Printf("| followers mailed more than once | %d |\n", twice)
	fmt.Printf("| all mail delivered after the moment | %.0f s |\n", delivered.Seconds())
	fmt.Printf("| DynamoDB cost of the announcement (before sending) | $%.4f |\n", dynamoCost)
	if mailed < n || twice > 0 {
		return fmt.Errorf("followers: %d of %d mailed, %d more than once", mailed, n, twice)
	}
	return nil
}
