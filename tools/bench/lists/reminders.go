package main

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"syscall"
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

// reminderRate is the SES sending rate the bench's mailer keeps: a
// production account's usual rate after its first raise (they start at 14
// a second; at that rate the same run takes 12 minutes, still within the
// hour).
const reminderRate = 50

// remindersBench proves the reminders scale: an event of 10,000 registrants
// reaches its 24-hour reminder's moment; the reminder job (its clock set
// there) hands it to the mailer, which fans it out and sends every mail,
// each once, never faster than the sending rate, well within the hour
// before the next reminder.
func remindersBench(ctx context.Context, stack *emulators.Stack, newBench func(string) (*bench, error)) error {
	const n = 10000
	b, err := newBench("reminders")
	if err != nil {
		return err
	}
	org, err := b.organization(ctx, "reminders") // an event needs its organization
	if err != nil {
		return err
	}
	start := b.now.Add(48 * time.Hour)
	e := domain.Event{
		ID: auth.NewID(), OrganizationID: org.ID, OrganizationName: org.Name, Title: "Reminder Bench",
		Description: strings.Repeat("d", 300), Location: "Main Hall", Start: start, End: start.Add(2 * time.Hour),
		Capacity: n, Created: b.now, TimeZone: "Europe/Lisbon",
	}
	if err := b.st.CreateEvent(ctx, e); err != nil {
		return err
	}
	if err := b.seedAttendees(ctx, e.ID, n); err != nil {
		return err
	}
	before, err := subjectCounts(stack.SESEndpoint, "Tomorrow: ")
	if err != nil {
		return err
	}

	cfg := b.mailerConfig(stack)
	cfg.MailRate = reminderRate
	mailerOps, mailerMeter := &store.OperationCounter{}, &store.CapacityMeter{}
	mailerStore := store.New(b.awsCfg, cfg.DynamoDBEndpoint, cfg.Table, mailerOps.ClientOption(), mailerMeter.ClientOption())
	deliverer := mailer.New(cfg, b.awsCfg, mailerStore)
	sends := &sendClock{next: deliverer.Mail}
	deliverer.Mail = sends
	relayCtx, stop := context.WithCancel(ctx)
	defer stop()
	// The batch that carries the broadcast is the fan-out: timed, with
	// the process's CPU, to size the mailer's timeout.
	var fanOutTook, fanOutCPU time.Duration
	handle := func(ctx context.Context, batch events.DynamoDBEvent) (events.DynamoDBEventResponse, error) {
		for _, r := range batch.Records {
			// The broadcast's insert (its removal, once fanned out, comes later).
			if r.EventName == "INSERT" && strings.HasPrefix(r.Change.Keys["PK"].String(), "BROADCAST#") {
				began, cpu := time.Now(), processCPU()
				defer func() { fanOutTook, fanOutCPU = time.Since(began), processCPU()-cpu }()
				break
			}
		}
		return deliverer.Handle(ctx, batch)
	}
	if _, err := streamrelay.Start(relayCtx, b.awsCfg, cfg.DynamoDBEndpoint, b.st, time.Now, handle); err != nil {
		return err
	}

	b.take()
	due := start.Add(-24 * time.Hour)
	job := reminders.Job{Store: b.st, Now: func() time.Time { return due.Add(time.Minute) }}
	began := time.Now()
	res, err := job.Run(ctx)
	if err != nil || res.Sent != 1 {
		return fmt.Errorf("reminder job: %+v, %v", res, err)
	}
	jobTook := time.Since(began)
	jobCalls, _, jobWrite := b.take()
	if again, err := job.Run(ctx); err != nil || again.Sent != 0 {
		return fmt.Errorf("second run: %+v, %v; want nothing handed over", again, err)
	}

	mailed, twice, err := awaitMails(stack.SESEndpoint, "Tomorrow: ", before, n, 30*time.Minute)
	if err != nil {
		return err
	}
	delivered := time.Since(began)
	mailerCalls := mailerOps.Take()
	mailerRead, mailerWrite := mailerMeter.Take()
	// What 1,000 reminders cost at on-demand list prices (us-east-1):
	// DynamoDB $0.625 per million write and $0.125 per million read units,
	// SES $0.10 per 1,000 mails, Lambda arm64 $0.0000133334 per GB-second
	// (the mailer's 192 MB, waiting on the sending rate included).
	per := 1000 / float64(n)
	dynamoCost := ((mailerWrite+jobWrite)*0.625 + mailerRead*0.125) / 1e6 * per
	lambdaCost := delivered.Seconds() * 0.1875 * 0.0000133334 * per

	fmt.Println()
	fmt.Println("## Reminders: the 24-hour reminder of an event of 10,000 registrants")
	fmt.Println()
	fmt.Printf("The reminder job runs at the reminder's moment and again (a double run); the mailer, on the table's stream, fans\n")
	fmt.Printf("the reminder out and sends through the SES emulator paced at %d mails a second.\n", reminderRate)
	fmt.Println()
	fmt.Println("| figure | value |")
	fmt.Println("|---|---:|")
	fmt.Printf("| reminder job: time, DynamoDB calls (write units) | %d ms, %d (%.0f) |\n", jobTook.Milliseconds(), jobCalls, jobWrite)
	fmt.Printf("| mailer: the fan-out's batch (time, this process's CPU) | %.1f s, %.1f s |\n", fanOutTook.Seconds(), fanOutCPU.Seconds())
	fmt.Printf("| people reminded | %d of %d |\n", mailed, n)
	fmt.Printf("| people reminded more than once | %d |\n", twice)
	fmt.Printf("| most mails sent in one second | %d (rate %d) |\n", sends.busiestSecond(), reminderRate)
	fmt.Printf("| all mail delivered after the moment | %.0f s (the window: 23 h to the 1-hour reminder) |\n", delivered.Seconds())
	fmt.Printf("| at 14 mails a second it would take | %.0f min |\n", float64(n)/14/60)
	fmt.Printf("| mailer's DynamoDB calls | %s |\n", formatOps(mailerCalls))
	fmt.Printf("| mailer's read, write units | %.0f, %.0f |\n", mailerRead, mailerWrite)
	fmt.Printf("| cost per 1,000 reminders: DynamoDB, SES, Lambda | $%.4f, $0.1000, $%.4f |\n", dynamoCost, lambdaCost)
	if mailed < n || twice > 0 || sends.busiestSecond() > reminderRate+1 {
		return fmt.Errorf("reminders: %d of %d people mailed, %d more than once, %d sent in one second", mailed, n, twice, sends.busiestSecond())
	}
	return nil
}

// processCPU is the CPU time this process has used so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// sendClock notes when each mail went to SES.
type sendClock struct {
	next mailer.Sender
	mu   sync.Mutex
	at   []time.Time
}

func (s *sendClock) Send(ctx context.Context, m domain.Message) error {
	err := s.next.Send(ctx, m)
	if err == nil {
		s.mu.Lock()
		s.at = append(s.at, time.Now())
		s.mu.Unlock()
	}
	return err
}

// busiestSecond is the most sends within any one second.
func (s *sendClock) busiestSecond() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	most := 0
	for i, j := 0, 0; j < len(s.at); j++ {
		for s.at[j].Sub(s.at[i]) >= time.Second {
			i++
		}
		most = max(most, j-i+1)
	}
	return most
}

// organization creates an organization (named by name) with its own
// account, active.
func (b *bench) organization(ctx context.Context, name string) (domain.Organization, error) {
	owner := domain.User{ID: auth.NewID(), Username: "bench-" + name, Email: name + "@bench.test", PasswordHash: "x", IsActive: true, IsOrganizer: true, Joined: b.now}
	org := domain.Organization{ID: auth.NewID(), OwnerID: owner.ID, OwnerName: owner.Username, Name: "Bench Org", Email: owner.Email}
	owner.OrganizationID = org.ID
	if err := b.st.CreateOrganizer(ctx, owner, org, time.Time{}); err != nil {
		return org, fmt.Errorf("create the organizer: %w", err)
	}
	return org, nil
}
