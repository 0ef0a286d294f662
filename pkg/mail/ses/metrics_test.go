package ses_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"turnout/pkg/domain"
	"turnout/pkg/mail"
	"turnout/pkg/mail/ses"
)

func TestFailedSendsAreCountedInEmbeddedMetricFormat(t *testing.T) {
	at := time.Date(2026, 11, 24, 18, 0, 0, 0, time.UTC)
	var metrics bytes.Buffer

	// Delivered: nothing counted.
	sender, _, to := newSender(t)
	ses.CountFailuresTo(sender, &metrics, func() time.Time { return at })
	if err := sender.Send(t.Context(), mail.PasswordReset(to, "Ana", "http://turnout.test/reset")); err != nil {
		t.Fatalf("Send: %v", err)
	}
	if metrics.Len() != 0 {
		t.Fatalf("a delivered mail was counted: %s", metrics.String())
	}

	// SES unreachable (nothing listens on port 1), and a message without a recipient.
	cfg := aws.Config{Region: "us-east-1", Credentials: credentials.NewStaticCredentialsProvider("local", "local", ""), RetryMaxAttempts: 1}
	broken := ses.New(cfg, "http://127.0.0.1:1", "Turnout <no-reply@turnout.test>")
	ses.CountFailuresTo(broken, &metrics, func() time.Time { return at })
	for _, m := range []domain.Message{mail.PasswordReset("a@example.com", "Ana", "http://turnout.test/reset"), {Subject: "s", Text: "t"}} {
		if err := broken.Send(t.Context(), m); err == nil {
			t.Fatalf("Send %+v succeeded", m)
		}
	}
	lines := strings.Split(strings.TrimSuffix(metrics.String(), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d metric lines, want one per failure: %q", len(lines), metrics.String())
	}
	// Exactly what CloudWatch Logs extracts as Turnout/MailSendFailures = 1, without dimensions.
	want := map[string]any{
		"_aws": map[string]any{
			"Timestamp": float64(at.UnixMilli()),
			"CloudWatchMetrics": []any{map[string]any{
				"Namespace":  "Turnout",
				"Dimensions": []any{[]any{}},
				"Metrics":    []any{map[string]any{"Name": "MailSendFailures", "Unit": "Count"}},
			}},
		},
		"MailSendFailures": float64(1),
	}
	for _, line := range lines {
		var got map[string]any
		if err := json.Unmarshal([]byte(line), &got); err != nil {
			t.Fatalf("metric line %q: %v", line, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("metric line = %s, want %v", line, want)
		}
	}
}
