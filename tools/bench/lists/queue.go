package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
)

// queueBench has 1,000 people join a full event's waitlist at once. Each
// join takes a ticket from the event's counter, so the places told must be
// 1 to n, each once, and every join the table committed must have been
// answered as such.
func queueBench(ctx context.Context, newBench func(string) (*bench, error)) error {
	const n = 1000
	b, err := newBench("queue")
	if err != nil {
		return err
	}
	start := b.now.Add(48 * time.Hour)
	e := domain.Event{ID: auth.NewID(), OrganizationID: auth.NewID(), OrganizationName: "Bench Org", Title: "Sold out", Start: start,
		End: start.Add(time.Hour), Capacity: 1, SeatsTaken: 1, Waitlist: true, Created: b.now}
	if err := b.st.ImportEvents(ctx, []domain.Event{e}); err != nil {
		return err
	}
	tokens := make([]string, n)
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(16)
	for i := range tokens {
		g.Go(func() (err error) { _, tokens[i], err = b.person(gctx); return err })
	}
	if err := g.Wait(); err != nil {
		return err
	}

	var (
		mu        sync.Mutex
		told      = map[int]int{} // place → how many were told it
		joiners   []string        // the tokens of those who joined
		joined    int
		busy      int
		refusals  = map[string]int{}
		otherwise []string
		wg        sync.WaitGroup
	)
	began := time.Now()
	for _, token := range tokens {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := b.do(http.MethodPost, "/api/event/register/"+e.ID+"/", token)
			var reply struct {
				Status   string `json:"status"`
				Position int    `json:"position"`
				Detail   string `json:"detail"`
			}
			status := 0
			if err == nil {
				body, _ := io.ReadAll(res.Body)
				res.Body.Close()
				status = res.StatusCode
				_ = json.Unmarshal(body, &reply)
			}
			mu.Lock()
			defer mu.Unlock()
			switch {
			case status == http.StatusCreated && reply.Status == "waitlisted":
				joined++
				told[reply.Position]++
				joiners = append(joiners, token)
			case status == http.StatusServiceUnavailable:
				busy++
				refusals[reply.Detail]++
			default:
				otherwise = append(otherwise, fmt.Sprintf("%d %v", status, err))
			}
		}()
	}
	wg.Wait()
	took := time.Since(began)
	stored, err := b.st.Event(ctx, e.ID)
	if err != nil {
		return err
	}
	gaps := 0
	for p := 1; p <= joined; p++ {
		if told[p] != 1 {
			gaps++
		}
	}
	// Read back, once the joins are done, each place is exact: 1..n once.
	read := map[int]int{}
	for _, token := range joiners {
		res, err := b.do(http.MethodGet, "/api/event/register/"+e.ID+"/", token)
		if err != nil {
			return err
		}
		var mine struct{ Position int }
		err = json.NewDecoder(res.Body).Decode(&mine)
		res.Body.Close()
		if err != nil {
			return err
		}
		read[mine.Position]++
	}
	misread := 0
	for p := 1; p <= joined; p++ {
		if read[p] != 1 {
			misread++
		}
	}
	fmt.Println()
	fmt.Println("## The queue: 1,000 people join a full event's waitlist at once")
	fmt.Println()
	fmt.Println("| figure | value | main 3c685df |")
	fmt.Println("|---|---:|---|")
	fmt.Printf("| joins answered \"waitlisted\" | %d of %d | 867 |\n", joined, n)
	fmt.Printf("| places told, distinct | %d | 733 of 867 |\n", len(told))
	fmt.Printf("| places of 1..%d not told exactly once at joining | %d | - |\n", joined, gaps)
	fmt.Printf("| places of 1..%d not read exactly once afterwards | %d | - |\n", joined, misread)
	fmt.Printf("| answered 503 | %d %v | - |\n", busy, refusals)
	fmt.Printf("| other answers | %d | - |\n", len(otherwise))
	fmt.Printf("| people in the queue (the counter) | %d | - |\n", stored.Waiting)
	fmt.Printf("| joins committed but answered an error | %d | 22 |\n", stored.Waiting-joined)
	fmt.Printf("| wall time | %.1f s | - |\n", took.Seconds())
	// A place told at joining skips the ticket of a join that failed at
	// the same moment (a time-out on a loaded emulator); read afterwards,
	// every place must be exact.
	if misread > 0 || len(otherwise) > 0 || stored.Waiting != joined {
		return fmt.Errorf("queue: %d places not read once, %d other answers (%v), %d in the queue but %d told", misread, len(otherwise), otherwise, stored.Waiting, joined)
	}
	return nil
}
