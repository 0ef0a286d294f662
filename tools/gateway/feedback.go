package main

import (
	"io"
	"net/http"

	"github.com/aws/aws-lambda-go/events"

	"turnout/pkg/mail/feedback"
)

// devFeedbackPath hands the feedback function one SES notification, with
// -dev only: the SES emulator reports no send, bounce or complaint, so this
// is how to try what a bounce does (the journeys use it), as SES's SNS
// topic would invoke the function in AWS.
const devFeedbackPath = "/_dev/ses-feedback"

// maxNotification bounds the notification a dev request may carry (SNS
// messages are at most 256 KB).
const maxNotification = 256 << 10

// withDevFeedback answers POST devFeedbackPath, whose body is an SES
// notification as SNS carries it in its Message, with 204 once h has
// handled it; other paths go to next.
func withDevFeedback(h feedback.Handler, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != devFeedbackPath {
			next.ServeHTTP(w, r)
			return
		}
		if r.Method != http.MethodPost {
			http.Error(w, "POST only", http.StatusMethodNotAllowed)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxNotification))
		if err != nil || len(body) == 0 {
			http.Error(w, "the body: an SES notification (JSON), at most 256 KB", http.StatusBadRequest)
			return
		}
		ev := events.SNSEvent{Records: []events.SNSEventRecord{{EventSource: "aws:sns", SNS: events.SNSEntity{MessageID: "dev", Message: string(body)}}}}
		if err := h.Handle(r.Context(), ev); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}
