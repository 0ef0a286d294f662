package main

import (
	"context"
	"fmt"
	"sync"
	"time"

	"turnout/pkg/domain"
	"turnout/pkg/emulators"
	"turnout/pkg/mail/sendrate"
	"turnout/pkg/mail/ses"
)

// mailRateBench sends through 1 to 8 mailers at once, each its own SES
// client and pacer on one table (as Lambda runs a mailer per stream shard),
// and prints what they sent together against the rate: the whole run's
// rate and the busiest second's count.
func mailRateBench(ctx context.Context, stack *emulators.Stack, newBench func(string) (*bench, error)) error {
	const rate, total = 14, 56
	fmt.Println("## Parallel mailers against one sending rate (14 mails a second)")
	fmt.Println()
	fmt.Println("Event mail, as a fan-out sends it: each second's last place is kept for priority (account) mail, so at most 13.")
	fmt.Println("Seconds: those a place was given in. Busiest: the most places any second gave.")
	fmt.Println()
	fmt.Println("| mailers | mails | seconds | mails a second | busiest second | wall time |")
	fmt.Println("|---:|---:|---:|---:|---:|---:|")
	for _, n := range []int{1, 2, 4, 8} {
		b, err := newBench(fmt.Sprintf("mailrate%d", n))
		if err != nil {
			return err
		}
		cfg := b.mailerConfig(stack)
		places := &sendrate.Windows{Allowances: b.st}
		errs := make(chan error, n)
		var wg sync.WaitGroup
		began := time.Now()
		for i := range n {
			sender := ses.New(b.awsCfg, cfg.SESEndpoint, cfg.MailFrom).Paced(sendrate.New(places, rate, time.Now))
			wg.Go(func() {
				for j := range total / n {
					m := domain.Message{To: fmt.Sprintf("rate-%d-%d@bench.test", n, i), Subject: fmt.Sprint("Rate ", j), Text: "Hello"}
					if err := sender.Send(ctx, m); err != nil {
						errs <- err
						return
					}
				}
			})
		}
		wg.Wait()
		took := time.Since(began)
		close(errs)
		if err := <-errs; err != nil {
			return err
		}
		busiest, sent, counts := 0, 0, places.Counts()
		for _, c := range counts {
			busiest, sent = max(busiest, c), sent+c
		}
		fmt.Printf("| %d | %d | %d | %.1f | %d | %.1f s |\n", n, sent, len(counts), float64(sent)/float64(len(counts)), busiest, took.Seconds())
	}
	fmt.Println()
	return nil
}
