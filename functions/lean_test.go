// The Lambda functions, as make build builds them: what each links and how
// much its zip weighs.
package functions_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// maxZipBytes is the most a function's deployment zip may weigh: the
// budget that keeps cold starts short. It was 4,000,000 until the events
// function took the zone database (time/tzdata, 115 KB zipped), which a
// duplicate (and a series) needs to keep an event's wall-clock time in its
// zone across a daylight-saving change, and the guest's confirmation mail;
// then 4,200,000 until series (rrule-go, the repeat rules' expansion),
// members and following came to the events function (+83 KB).
const maxZipBytes = 4_300_000

// Each Lambda binary links only what its function uses, and its zip stays
// within maxZipBytes:
//   - no API function links an SES client (they queue mail; the mailer sends
//     it), the SDK's configuration loader (its credential chain of files, SSO,
//     STS and instance metadata never runs in Lambda) or the Secrets Manager
//     client (one start-up call, made through the SDK's signer);
//   - each API function links its own routes only (users links no event,
//     organization or upload route, nor their package's start-up work);
//     organizations links the event routes that serve its public pages;
//   - the mailer links no API route and no image;
//   - the reminder job and the feedback handler read and write the table
//     only: no API route, no image, no mail, no secret;
//   - no function executes templates: that keeps every exported method of
//     every reachable type alive (users was 6.8 MB zipped with the mail
//     templates).
func TestLambdaBinariesLinkOnlyTheirOwnFunction(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the functions")
	}
	const templates = "text/template.(*state)"
	api := []string{"service/sesv2.", "aws-sdk-go-v2/config.", "service/secretsmanager.", "service/sso.", templates}
	accountRoutes := []string{"turnout/pkg/api/users.", "turnout/pkg/api/organizations."}
	const eventRoutes, uploadRoutes = "turnout/pkg/api/events.", "turnout/pkg/api/uploads."
	tableOnly := append(accountRoutes, eventRoutes, "service/s3.", "service/sesv2.", "aws-sdk-go-v2/config.",
		"service/secretsmanager.", "turnout/pkg/mail.", templates)
	forbidden := map[string][]string{
		"users":         append([]string{"turnout/pkg/api/organizations.", eventRoutes, uploadRoutes}, api...),
		"organizations": append([]string{"turnout/pkg/api/users.", uploadRoutes}, api...),
		"events":        append(append([]string{uploadRoutes}, accountRoutes...), api...),
		"media":         append(append([]string{eventRoutes}, accountRoutes...), api...),
		"mailer":        append(accountRoutes, "turnout/pkg/api/events.", "service/s3.", "aws-sdk-go-v2/config.", "service/secretsmanager.", templates),
		"reminders":     tableOnly,
		"feedback":      tableOnly,
	}
	for fn, symbols := range forbidden {
		t.Run(fn, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			// As make build builds it, and once more with its symbol table for nm.
			stripped, bin := filepath.Join(dir, "bootstrap"), filepath.Join(dir, fn)
			build(t, stripped, "-s -w", fn)
			build(t, bin, "-w", fn)
			out, err := exec.Command("go", "tool", "nm", bin).Output()
			if err != nil {
				t.Fatalf("nm %s: %v", fn, err)
			}
			for _, sym := range symbols {
				if strings.Contains(string(out), sym) {
					t.Errorf("the %s binary links %s", fn, sym)
				}
			}
			n := zipSize(t, stripped)
			t.Logf("%s zip: %d bytes", fn, n)
			if n > maxZipBytes {
				t.Errorf("the %s zip is %d bytes, over %d", fn, n, maxZipBytes)
			}
		})
	}
}

func build(t *testing.T, out, ldflags, fn string) {
	t.Helper()
	cmd := exec.Command("go", "build", "-tags", "lambda.norpc", "-trimpath", "-ldflags="+ldflags, "-o", out, "./"+fn)
	cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH=arm64", "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build %s: %v\n%s", fn, err, b)
	}
}

// zipSize is the size of the zip make build makes of the bootstrap at
// path (Info-ZIP's zip, which make test installs like make build).
func zipSize(t *testing.T, path string) int64 {
	t.Helper()
	cmd := exec.Command("zip", "-q", "-X", "-9", "function.zip", filepath.Base(path))
	cmd.Dir = filepath.Dir(path)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("zip %s: %v\n%s", path, err, b)
	}
	st, err := os.Stat(filepath.Join(cmd.Dir, "function.zip"))
	if err != nil {
		t.Fatal(err)
	}
	return st.Size()
}
