package apitest

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsmiddleware "github.com/aws/aws-sdk-go-v2/aws/middleware"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go/middleware"
)

// The deployment grants each function the AWS actions listed in
// infra/lib/functions.json (infra/lib/app/functions.ts reads it). Every request
// the suite sends is tagged with the function its path goes to, and every
// AWS call made while serving it is recorded as the IAM action (and, for
// S3, the object) it needs. After the suite, each recorded action must be
// granted; after a full run, each grant must have been used.

const (
	grantsFileName = "infra/lib/functions.json"
	grantsFile     = "../../../" + grantsFileName
)

// functionGrants is one function's entry in grantsFile.
type functionGrants struct {
	Route string `json:"route"`
	// Table holds DynamoDB actions on the table and its indexes.
	Table []string `json:"table"`
	// Objects maps an S3 action to the key patterns it is allowed on.
	Objects map[string][]string `json:"objects"`
	Mail    bool                `json:"mail"`
}

type functionKey struct{}

// calls records, per function, the actions its requests needed.
var calls = struct {
	sync.Mutex
	byFunction map[string]map[string]bool
}{byFunction: map[string]map[string]bool{}}

// tagFunctions marks each request's context with the function the HTTP
// API would route it to.
func tagFunctions(grants map[string]functionGrants, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for name, g := range grants {
			if strings.HasPrefix(r.URL.Path, "/api/"+g.Route+"/") {
				r = r.WithContext(context.WithValue(r.Context(), functionKey{}, name))
				break
			}
		}
		next.ServeHTTP(w, r)
	})
}

// recordActions is an AWS SDK middleware that notes the IAM actions of each
// call made on behalf of a tagged request (set-up calls are not tagged).
func recordActions(stack *middleware.Stack) error {
	return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("TurnoutRecordActions",
		func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
			if fn, ok := ctx.Value(functionKey{}).(string); ok {
				actions := iamActions(awsmiddleware.GetServiceID(ctx), middleware.GetOperationName(ctx), in.Parameters)
				calls.Lock()
				if calls.byFunction[fn] == nil {
					calls.byFunction[fn] = map[string]bool{}
				}
				for _, a := range actions {
					calls.byFunction[fn][a] = true
				}
				calls.Unlock()
			}
			return next.HandleInitialize(ctx, in)
		}), middleware.Before)
}

// iamActions names what IAM must allow for one call: a transaction needs
// each of its members' actions; an S3 object call names its key.
func iamActions(service, operation string, params any) []string {
	switch service {
	case "DynamoDB":
		if tx, ok := params.(*dynamodb.TransactWriteItemsInput); ok {
			var out []string
			for _, item := range tx.TransactItems {
				switch {
				case item.Put != nil:
					out = append(out, "dynamodb:PutItem")
				case item.Update != nil:
					out = append(out, "dynamodb:UpdateItem")
				case item.Delete != nil:
					out = append(out, "dynamodb:DeleteItem")
				case item.ConditionCheck != nil:
					out = append(out, "dynamodb:ConditionCheckItem")
				}
			}
			return out
		}
		return []string{"dynamodb:" + operation}
	case "S3":
		// By input type: a presigned POST runs the stack of a PutObject
		// under an operation name of its own.
		switch p := params.(type) {
		case *s3.GetObjectInput:
			return []string{"s3:GetObject " + aws.ToString(p.Key)}
		case *s3.PutObjectInput:
			return []string{"s3:PutObject " + aws.ToString(p.Key)}
		case *s3.DeleteObjectInput:
			return []string{"s3:DeleteObject " + aws.ToString(p.Key)}
		case *s3.CopyObjectInput:
			// IAM asks for reading the source and writing the copy.
			_, source, _ := strings.Cut(aws.ToString(p.CopySource), "/")
			return []string{"s3:GetObject " + source, "s3:PutObject " + aws.ToString(p.Key)}
		}
		return []string{"s3:" + operation}
	case "SESv2":
		return []string{"ses:" + operation}
	}
	return []string{service + ":" + operation}
}

// deployedGrants reads grantsFile once. It is first read by a test, not by
// TestMain, so that the test cache notices when the file changes.
var deployedGrants = sync.OnceValues(func() (map[string]functionGrants, error) {
	b, err := os.ReadFile(grantsFile)
	if err != nil {
		return nil, fmt.Errorf("read grants: %w", err)
	}
	var grants map[string]functionGrants
	if err := json.Unmarshal(b, &grants); err != nil {
		return nil, fmt.Errorf("parse %s: %w", grantsFile, err)
	}
	return grants, nil
})

// grantFor returns the grant that allows a recorded action, or "".
func (g functionGrants) grantFor(recorded string) string {
	if slices.Contains(g.Table, recorded) {
		return recorded
	}
	if recorded == "ses:SendEmail" && g.Mail {
		return "mail"
	}
	action, key, ok := strings.Cut(recorded, " ")
	if !ok {
		return ""
	}
	// A pattern is a key prefix ending in "*", which (as in an IAM
	// resource) matches any rest of the key, slashes included.
	for _, pattern := range g.Objects[strings.TrimPrefix(action, "s3:")] {
		if strings.HasPrefix(key, strings.TrimSuffix(pattern, "*")) {
			return action + " " + pattern
		}
	}
	return ""
}

// all lists every grant g makes, in the form grantFor returns.
func (g functionGrants) all() []string {
	out := slices.Clone(g.Table)
	if g.Mail {
		out = append(out, "mail")
	}
	for action, patterns := range g.Objects {
		for _, p := range patterns {
			out = append(out, "s3:"+action+" "+p)
		}
	}
	return out
}

// checkGrants reports recorded actions the grants miss and, when the whole
// suite ran, grants nothing used.
func checkGrants(grants map[string]functionGrants, fullRun bool) []string {
	calls.Lock()
	defer calls.Unlock()
	var problems []string
	for fn, g := range grants {
		used := map[string]bool{}
		for recorded := range calls.byFunction[fn] {
			grant := g.grantFor(recorded)
			if grant == "" {
				problems = append(problems, fmt.Sprintf("%s needs %s, which %s does not grant", fn, recorded, grantsFileName))
				continue
			}
			used[grant] = true
		}
		if !fullRun {
			continue
		}
		for _, grant := range g.all() {
			if !used[grant] {
				problems = append(problems, fmt.Sprintf("%s is granted %s, which no request in the suite used (drop it from %s)", fn, grant, grantsFileName))
			}
		}
	}
	sort.Strings(problems)
	return problems
}

// fullRun says whether every test of the package that uses a call ran
// against the emulators: all of them, or all but the load tests that make
// test runs on their own (-skip "$TURNOUT_APITEST_LOAD", the Makefile's
// APITEST_LOAD), whose calls the others make too.
func fullRun() bool {
	run := flag.Lookup("test.run")
	skip := flag.Lookup("test.skip")
	skipped := ""
	if skip != nil {
		skipped = skip.Value.String()
	}
	return !testing.Short() && (run == nil || run.Value.String() == "") && (skipped == "" || skipped == os.Getenv("TURNOUT_APITEST_LOAD"))
}

// TestGrantMatching checks the comparison itself on hand-made records.
func TestGrantMatching(t *testing.T) {
	g := functionGrants{
		Table:   []string{"dynamodb:GetItem"},
		Objects: map[string][]string{"PutObject": {"media/avatars/*"}},
		Mail:    true,
	}
	for recorded, want := range map[string]string{
		"dynamodb:GetItem":                   "dynamodb:GetItem",
		"dynamodb:Scan":                      "",
		"ses:SendEmail":                      "mail",
		"s3:PutObject media/avatars/01J.png": "s3:PutObject media/avatars/*",
		"s3:PutObject media/avatars/a/b.png": "s3:PutObject media/avatars/*",
		"s3:PutObject media/logos/01J.png":   "",
		"s3:GetObject media/avatars/01J.png": "",
	} {
		if got := g.grantFor(recorded); got != want {
			t.Errorf("grantFor(%q) = %q, want %q", recorded, got, want)
		}
	}
	if got := iamActions("DynamoDB", "TransactWriteItems", &dynamodb.TransactWriteItemsInput{}); len(got) != 0 {
		t.Errorf("empty transaction needs %v", got)
	}
}
