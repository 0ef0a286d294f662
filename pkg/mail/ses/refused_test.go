package ses

import (
	"errors"
	"fmt"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/sesv2/types"
)

// TestRefusedForGood: only refusals a retry cannot change settle a mail;
// throttling and a paused account pass with time.
func TestRefusedForGood(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want bool
	}{
		{&types.MessageRejected{}, true},
		{&types.BadRequestException{}, true},
		{&types.MailFromDomainNotVerifiedException{}, true},
		{&types.TooManyRequestsException{}, false},
		{&types.SendingPausedException{}, false},
		{&types.AccountSuspendedException{}, false},
		{errors.New("connection reset"), false},
	} {
		if got := refusedForGood(fmt.Errorf("operation error SESv2: SendEmail: %w", tt.err)); got != tt.want {
			t.Errorf("refusedForGood(%T) = %v, want %v", tt.err, got, tt.want)
		}
	}
}
