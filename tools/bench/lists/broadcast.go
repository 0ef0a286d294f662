package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"turnout/pkg/config"
	"turnout/pkg/emulators"
	"turnout/pkg/mail/mailer"
	"turnout/pkg/mail/mailer/streamrelay"
	"turnout/pkg/store"
)

// broadcast proves mail to many scales: an event of 5,000 registrants is
// cancelled; the request answers at once, having written one item, and
// the mailer (fed by the table's stream, as in AWS) fans it out and sends
// every mail, each once.
func broadcast(ctx context.Context, stack *emulators.Stack, newBench func(string) (*bench, error)) error {
	const n = 5000
	b, err := newBench("broadcast")
	if err != nil {
		return err
	}
	eventID, token, err := b.eventOfAttendees(ctx, n, 300, b.now.Add(48*time.Hour))
	if err != nil {
		return err
	}
	before, err := subjectCounts(stack.SESEndpoint, "Cancelled: ")
	if err != nil {
		return err
	}

	// The mailer, with a metered client of its own, reads the stream from
	// here on (the seeded registrations are behind it).
	cfg := b.mailerConfig(stack)
	mailerOps := &store.OperationCounter{}
	mailerStore := store.New(b.awsCfg, cfg.DynamoDBEndpoint, cfg.Table, mailerOps.ClientOption())
	relayCtx, stop := context.WithCancel(ctx)
	defer stop()
	if _, err := streamrelay.Start(relayCtx, b.awsCfg, cfg.DynamoDBEndpoint, b.st, time.Now, mailer.New(cfg, b.awsCfg, mailerStore).Handle); err != nil {
		return err
	}

	b.take()
	start := time.Now()
	req, err := http.NewRequest(http.MethodPost, b.srv.URL+"/api/event/detail/"+eventID+"/cancel/", strings.NewReader(`{"message":"The venue is closed for repairs."}`))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	res.Body.Close()
	answered := time.Since(start)
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("cancel: %d", res.StatusCode)
	}
	calls, _, write := b.take()

	mailed, twice, err := awaitMails(stack.SESEndpoint, "Cancelled: ", before, n, 10*time.Minute)
	if err != nil {
		return err
	}
	delivered := time.Since(start)
	mailerCalls := mailerOps.Take()

	fmt.Println()
	fmt.Println("## Mail to many: cancelling an event of 5,000 registrants")
	fmt.Println()
	fmt.Println("The request writes one broadcast item with the cancellation; the mailer, on the table's stream (locally")
	fmt.Println("the relay `make dev` runs), queues one message per person and sends each once through the SES emulator.")
	fmt.Println()
	fmt.Println("| figure | value |")
	fmt.Println("|---|---:|")
	fmt.Printf("| request: answer | %d ms |\n", answered.Milliseconds())
	fmt.Printf("| request: DynamoDB calls (write units) | %d (%.0f) |\n", calls, write)
	fmt.Printf("| people mailed | %d of %d |\n", mailed, n)
	fmt.Printf("| people mailed more than once | %d |\n", twice)
	fmt.Printf("| all mail delivered after | %.1f s |\n", delivered.Seconds())
	fmt.Printf("| mailer's DynamoDB calls | %s |\n", formatOps(mailerCalls))
	if mailed < n || twice > 0 {
		return fmt.Errorf("broadcast: %d of %d people mailed, %d more than once", mailed, n, twice)
	}
	return nil
}

// mailerConfig is the bench's configuration for a mailer sending through
// the stack's SES emulator.
func (b *bench) mailerConfig(stack *emulators.Stack) config.Config {
	cfg := b.cfg
	cfg.SESEndpoint, cfg.MailFrom, cfg.SigningKey = stack.SESEndpoint, "Turnout <no-reply@turnout.test>", []byte("bench-signing-key-bench-signing-key")
	return cfg
}

// awaitMails waits up to limit for n more people than before to have a
// mail whose subject starts with prefix, and returns how many have one and
// how many more than one.
func awaitMails(sesEndpoint, prefix string, before map[string]int, n int, limit time.Duration) (mailed, twice int, err error) {
	var got map[string]int
	for deadline := time.Now().Add(limit); ; {
		if got, err = subjectCounts(sesEndpoint, prefix); err != nil {
			return 0, 0, err
		}
		if len(got)-len(before) >= n || time.Now().After(deadline) {
			break
		}
		time.Sleep(2 * time.Second)
	}
	for _, c := range got {
		if c > 1 {
			twice++
		}
	}
	return len(got) - len(before), twice, nil
}

// subjectCounts counts, per address, the mails the SES emulator holds
// whose subject starts with prefix.
func subjectCounts(sesEndpoint, prefix string) (map[string]int, error) {
	res, err := http.Get(sesEndpoint + "/store")
	if err != nil {
		return nil, fmt.Errorf("read the SES emulator: %w", err)
	}
	defer res.Body.Close()
	var store struct {
		Emails []struct {
			Destination struct {
				To []string `json:"to"`
			} `json:"destination"`
			Subject string `json:"subject"`
		} `json:"emails"`
	}
	if err := json.NewDecoder(res.Body).Decode(&store); err != nil {
		return nil, fmt.Errorf("decode the SES emulator's store: %w", err)
	}
	counts := map[string]int{}
	for _, m := range store.Emails {
		if strings.HasPrefix(m.Subject, prefix) {
			for _, to := range m.Destination.To {
				counts[to]++
			}
		}
	}
	return counts, nil
}

// formatOps writes operation counts as "5,000 PutItem, ...".
func formatOps(ops map[string]int) string {
	var parts []string
	for op, n := range ops {
		parts = append(parts, fmt.Sprintf("%d %s", n, op))
	}
	return strings.Join(parts, ", ")
}
