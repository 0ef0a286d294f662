package ses

import (
	"encoding/json"
	"io"
	"time"
)

// The metric every failed send adds one to; infra/lib/app/alarms.ts alarms
// on it (MAIL_METRIC, infra/lib/app/mail.ts).
const (
	metricNamespace = "Turnout"
	metricFailures  = "MailSendFailures"
)

// emf is one log line in CloudWatch's embedded metric format: CloudWatch
// Logs turns it into a data point, so a Lambda counts failures by writing
// to its log, with no PutMetricData call (nor its latency or permission).
type emf struct {
	AWS      emfMetadata `json:"_aws"`
	Failures int         `json:"MailSendFailures"`
}

type emfMetadata struct {
	Timestamp int64          `json:"Timestamp"`
	Metrics   []emfDirective `json:"CloudWatchMetrics"`
}

type emfDirective struct {
	Namespace string `json:"Namespace"`
	// One empty dimension set: the metric has no dimensions, so one alarm
	// counts every function's failures.
	Dimensions [][]string  `json:"Dimensions"`
	Metrics    []emfMetric `json:"Metrics"`
}

type emfMetric struct {
	Name string `json:"Name"`
	Unit string `json:"Unit"`
}

// countFailure writes one failure as a metric line to w.
func countFailure(w io.Writer, now time.Time) {
	line, _ := json.Marshal(emf{
		AWS: emfMetadata{
			Timestamp: now.UnixMilli(),
			Metrics: []emfDirective{{
				Namespace:  metricNamespace,
				Dimensions: [][]string{{}},
				Metrics:    []emfMetric{{Name: metricFailures, Unit: "Count"}},
			}},
		},
		Failures: 1,
	})
	// One Write per line, so lines from concurrent sends never interleave.
	_, _ = w.Write(append(line, '\n'))
}
