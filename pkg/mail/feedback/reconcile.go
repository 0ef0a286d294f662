package feedback

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"turnout/pkg/domain"
)

// MaybeSentWait is how long a mail whose send timed out waits for SES's
// report of the send before it is sent again: SES reports a send within
// seconds, so one unreported after this never reached it.
const MaybeSentWait = 10 * time.Minute

// ReconcileStore reads and requeues the mail maybe sent; *store.Store
// implements it.
type ReconcileStore interface {
	MaybeSentBefore(ctx context.Context, t time.Time) ([]domain.MaybeSent, error)
	Resend(ctx context.Context, ms domain.MaybeSent, now time.Time) error
}

// Reconciler queues again, for the mailer, each mail parked as maybe sent
// that SES has not reported sent within MaybeSentWait. The scheduled job
// runs it (functions/reminders).
type Reconciler struct {
	Store ReconcileStore
	Now   func() time.Time
}

// Run requeues what is due and says how many.
func (r Reconciler) Run(ctx context.Context) (int, error) {
	now := r.Now()
	due, err := r.Store.MaybeSentBefore(ctx, now.Add(-MaybeSentWait))
	if err != nil {
		return 0, err
	}
	for i, ms := range due {
		if err := r.Store.Resend(ctx, ms, now); err != nil {
			return i, fmt.Errorf("reconcile mail maybe sent: %w", err)
		}
		slog.InfoContext(ctx, "sending again a mail SES never reported sent", "ref", ms.Message.Ref, "subject", ms.Message.Subject)
	}
	return len(due), nil
}
