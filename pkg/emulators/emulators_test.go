package emulators

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	ddbtypes "github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	s3types "github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	sestypes "github.com/aws/aws-sdk-go-v2/service/sesv2/types"

	"turnout/pkg/config"
)

func TestStack(t *testing.T) {
	skipShort(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()

	var log bytes.Buffer
	began := time.Now()
	st, err := Start(ctx, Options{Log: &log})
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Logf("Start took %v: dynamodb %s, s3 %s, ses %s", time.Since(began).Round(time.Millisecond),
		st.DynamoDBEndpoint, st.S3Endpoint, st.SESEndpoint)
	stopped := false
	defer func() {
		if !stopped {
			st.Stop()
		}
	}()

	env := st.Env()
	if env[config.EnvDynamoDBEndpoint] != st.DynamoDBEndpoint || env[config.EnvS3Endpoint] != st.S3Endpoint ||
		env[config.EnvSESEndpoint] != st.SESEndpoint || len(env) != 3 {
		t.Errorf("Env() = %v", env)
	}
	for _, ep := range []string{st.DynamoDBEndpoint, st.S3Endpoint, st.SESEndpoint} {
		if !strings.HasPrefix(ep, "http://127.0.0.1:") {
			t.Errorf("endpoint %q is not on 127.0.0.1", ep)
		}
	}

	// The same dummy credentials the product uses against emulators.
	cfg := config.Config{Region: "us-east-1", DynamoDBEndpoint: st.DynamoDBEndpoint, S3Endpoint: st.S3Endpoint, SESEndpoint: st.SESEndpoint}
	awsCfg, err := cfg.AWS()
	if err != nil {
		t.Fatal(err)
	}

	// Nothing is reachable from another machine: every service listens on
	// 127.0.0.1 only (DynamoDB Local through its launcher).
	t.Run("loopback only", func(t *testing.T) {
		addrs, err := net.InterfaceAddrs()
		if err != nil {
			t.Fatal(err)
		}
		for _, ep := range []string{st.DynamoDBEndpoint, st.S3Endpoint, st.SESEndpoint} {
			port := ep[strings.LastIndex(ep, ":")+1:]
			for _, a := range addrs {
				ip, ok := a.(*net.IPNet)
				if !ok || ip.IP.IsLoopback() || ip.IP.IsLinkLocalUnicast() {
					continue
				}
				if c, err := net.DialTimeout("tcp", net.JoinHostPort(ip.IP.String(), port), 2*time.Second); err == nil {
					c.Close()
					t.Errorf("%s answers on %s, not only on 127.0.0.1", ep, ip.IP)
				}
			}
		}
	})

	t.Run("dynamodb", func(t *testing.T) {
		db := dynamodb.NewFromConfig(awsCfg, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(st.DynamoDBEndpoint) })
		if _, err := db.ListTables(ctx, &dynamodb.ListTablesInput{}); err != nil {
			t.Fatalf("ListTables: %v", err)
		}
		_, err := db.CreateTable(ctx, &dynamodb.CreateTableInput{
			TableName:            aws.String("things"),
			BillingMode:          ddbtypes.BillingModePayPerRequest,
			AttributeDefinitions: []ddbtypes.AttributeDefinition{{AttributeName: aws.String("PK"), AttributeType: ddbtypes.ScalarAttributeTypeS}},
			KeySchema:            []ddbtypes.KeySchemaElement{{AttributeName: aws.String("PK"), KeyType: ddbtypes.KeyTypeHash}},
		})
		if err != nil {
			t.Fatalf("CreateTable: %v", err)
		}
		out, err := db.ListTables(ctx, &dynamodb.ListTablesInput{})
		if err != nil || len(out.TableNames) != 1 || out.TableNames[0] != "things" {
			t.Fatalf("ListTables after create = %v, %v", out, err)
		}
	})

	t.Run("s3", func(t *testing.T) {
		s3c := s3.NewFromConfig(awsCfg, func(o *s3.Options) {
			o.BaseEndpoint = aws.String(st.S3Endpoint)
			o.UsePathStyle = true
		})
		if _, err := s3c.CreateBucket(ctx, &s3.CreateBucketInput{Bucket: aws.String("media")}); err != nil {
			t.Fatalf("CreateBucket: %v", err)
		}
		body := []byte("hello, turnout")
		if _, err := s3c.PutObject(ctx, &s3.PutObjectInput{
			Bucket: aws.String("media"), Key: aws.String("a/b.txt"),
			Body: bytes.NewReader(body), ContentType: aws.String("text/plain"),
		}); err != nil {
			t.Fatalf("PutObject: %v", err)
		}
		got, err := s3c.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String("media"), Key: aws.String("a/b.txt")})
		if err != nil {
			t.Fatalf("GetObject: %v", err)
		}
		b, _ := io.ReadAll(got.Body)
		got.Body.Close()
		if !bytes.Equal(b, body) || aws.ToString(got.ContentType) != "text/plain" {
			t.Fatalf("GetObject = %q (%s), want %q (text/plain)", b, aws.ToString(got.ContentType), body)
		}

		// CORS is off until the bucket has a configuration (PutBucketCors).
		preflight := func() *http.Response {
			req, _ := http.NewRequestWithContext(ctx, http.MethodOptions, st.S3Endpoint+"/media", nil)
			req.Header.Set("Origin", "http://turnout.test")
			req.Header.Set("Access-Control-Request-Method", "POST")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			return resp
		}
		if resp := preflight(); resp.StatusCode != http.StatusForbidden {
			t.Errorf("preflight without CORS configuration: %d, want 403", resp.StatusCode)
		}
		if _, err := s3c.PutBucketCors(ctx, &s3.PutBucketCorsInput{
			Bucket: aws.String("media"),
			CORSConfiguration: &s3types.CORSConfiguration{CORSRules: []s3types.CORSRule{{
				AllowedOrigins: []string{"http://turnout.test"},
				AllowedMethods: []string{"GET", "POST"},
				AllowedHeaders: []string{"*"},
			}}},
		}); err != nil {
			t.Fatalf("PutBucketCors: %v", err)
		}
		if resp := preflight(); resp.StatusCode != http.StatusOK || resp.Header.Get("Access-Control-Allow-Origin") == "" {
			t.Errorf("preflight with CORS configuration: %d %v", resp.StatusCode, resp.Header)
		}

		// A browser upload with an SDK presigned POST lands in the bucket,
		// and s3rver does not enforce the POST policy: this one allows at
		// most 4 bytes and only image/png.
		post, err := s3.NewPresignClient(s3c).PresignPostObject(ctx, &s3.PutObjectInput{
			Bucket: aws.String("media"), Key: aws.String("uploads/x.txt"),
		}, func(o *s3.PresignPostOptions) {
			o.Expires = time.Minute
			o.Conditions = []any{[]any{"content-length-range", 1, 4}, map[string]string{"Content-Type": "image/png"}}
		})
		if err != nil {
			t.Fatalf("PresignPostObject: %v", err)
		}
		var form bytes.Buffer
		mw := multipart.NewWriter(&form)
		for k, v := range post.Values {
			mw.WriteField(k, v)
		}
		mw.WriteField("Content-Type", "text/plain")
		fw, _ := mw.CreateFormFile("file", "x.txt")
		fw.Write(body)
		mw.Close()
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, post.URL, &form)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		req.Header.Set("Origin", "http://turnout.test")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		respBody, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusNoContent || resp.Header.Get("Access-Control-Allow-Origin") != "http://turnout.test" {
			t.Errorf("POST upload to %s: %d %v %s", post.URL, resp.StatusCode, resp.Header, respBody)
		}
		head, err := s3c.HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String("media"), Key: aws.String("uploads/x.txt")})
		if err != nil || aws.ToInt64(head.ContentLength) != int64(len(body)) || aws.ToString(head.ContentType) != "text/plain" {
			t.Errorf("HeadObject after POST = %+v, %v", head, err)
		} else {
			t.Logf("POST upload to %s stored: type %s, %d bytes, metadata %v", post.URL, aws.ToString(head.ContentType), aws.ToInt64(head.ContentLength), head.Metadata)
		}
	})

	t.Run("ses", func(t *testing.T) {
		ses := sesv2.NewFromConfig(awsCfg, func(o *sesv2.Options) { o.BaseEndpoint = aws.String(st.SESEndpoint) })
		_, err := ses.SendEmail(ctx, &sesv2.SendEmailInput{
			FromEmailAddress: aws.String("Turnout <no-reply@turnout.local>"),
			Destination:      &sestypes.Destination{ToAddresses: []string{"ada@example.com"}},
			Content: &sestypes.EmailContent{Simple: &sestypes.Message{
				Subject: &sestypes.Content{Data: aws.String("Activate your account")},
				Body: &sestypes.Body{
					Text: &sestypes.Content{Data: aws.String("Open http://turnout.test/activate")},
					Html: &sestypes.Content{Data: aws.String("<p>Open <a href=\"http://turnout.test/activate\">this link</a></p>")},
				},
			}},
		})
		if err != nil {
			t.Fatalf("SendEmail: %v", err)
		}
		resp, err := http.Get(st.SESEndpoint + "/store")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		raw, _ := io.ReadAll(resp.Body)
		var store struct {
			Emails []struct {
				From        string `json:"from"`
				Subject     string `json:"subject"`
				Destination struct {
					To []string `json:"to"`
				} `json:"destination"`
				Body struct {
					Text string `json:"text"`
					HTML string `json:"html"`
				} `json:"body"`
			} `json:"emails"`
		}
		if err := json.Unmarshal(raw, &store); err != nil {
			t.Fatalf("/store: %v: %s", err, raw)
		}
		t.Logf("/store: %s", raw)
		if len(store.Emails) != 1 {
			t.Fatalf("/store has %d emails, want 1: %s", len(store.Emails), raw)
		}
		e := store.Emails[0]
		if e.Subject != "Activate your account" || len(e.Destination.To) != 1 || e.Destination.To[0] != "ada@example.com" ||
			!strings.Contains(e.Body.Text, "http://turnout.test/activate") {
			t.Errorf("stored email = %+v", e)
		}
	})

	var s3Dir string
	if len(st.tempDirs) == 1 {
		s3Dir = st.tempDirs[0]
	}
	pids := []int{}
	for _, p := range st.procs {
		pids = append(pids, p.cmd.Process.Pid)
	}
	began = time.Now()
	if err := st.Stop(); err != nil {
		t.Errorf("Stop: %v", err)
	}
	t.Logf("Stop took %v", time.Since(began).Round(time.Millisecond))
	stopped = true
	if err := st.Stop(); err != nil {
		t.Errorf("second Stop: %v", err)
	}
	for _, ep := range []string{st.DynamoDBEndpoint, st.S3Endpoint, st.SESEndpoint} {
		u, _ := url.Parse(ep)
		if c, err := net.DialTimeout("tcp", u.Host, time.Second); err == nil {
			c.Close()
			t.Errorf("%s still answers after Stop", ep)
		}
	}
	for _, pid := range pids {
		if err := syscall.Kill(pid, 0); !errors.Is(err, syscall.ESRCH) {
			t.Errorf("process %d still exists after Stop (kill 0: %v)", pid, err)
		}
	}
	if s3Dir == "" {
		t.Error("no throwaway s3 folder recorded")
	} else if _, err := os.Stat(s3Dir); !os.IsNotExist(err) {
		t.Errorf("throwaway folder %s not removed: %v", s3Dir, err)
	}
	if _, err := os.Stat("dynamodb-local-metadata.json"); err == nil {
		t.Error("DynamoDB Local wrote into the test's working directory")
	}
	if !strings.Contains(log.String(), "[dynamodb] ") || !strings.Contains(log.String(), "[ses] ") {
		t.Errorf("log lacks prefixed child output:\n%s", log.String())
	}
}

func TestPersistentDataDir(t *testing.T) {
	skipShort(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	dir := t.TempDir()

	run := func(create bool) []string {
		st, err := Start(ctx, Options{DataDir: dir})
		if err != nil {
			t.Fatalf("Start: %v", err)
		}
		defer st.Stop()
		awsCfg, err := config.Config{Region: "eu-west-1", DynamoDBEndpoint: st.DynamoDBEndpoint}.AWS()
		if err != nil {
			t.Fatal(err)
		}
		db := dynamodb.NewFromConfig(awsCfg, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(st.DynamoDBEndpoint) })
		if create {
			if second, err := Start(ctx, Options{DataDir: dir}); err == nil {
				second.Stop()
				t.Error("a second stack started on the same DataDir")
			} else if !strings.Contains(err.Error(), "in use by another running stack") {
				t.Errorf("second stack on the same DataDir: %v", err)
			}
			createTable(ctx, t, db, "kept")
		}
		out, err := db.ListTables(ctx, &dynamodb.ListTablesInput{})
		if err != nil {
			t.Fatalf("ListTables: %v", err)
		}
		return out.TableNames
	}
	run(true)
	if got := run(false); len(got) != 1 || got[0] != "kept" {
		t.Errorf("tables after restart = %v, want [kept]", got)
	}
	for _, sub := range []string{"dynamodb", "s3"} {
		if fi, err := os.Stat(filepath.Join(dir, sub)); err != nil || !fi.IsDir() {
			t.Errorf("%s/%s: %v", dir, sub, err)
		}
	}
}

// TestSeveralDynamoDBs: a throwaway stack runs as many DynamoDB Locals as
// asked, each its own database (a table made on one is not on another).
func TestSeveralDynamoDBs(t *testing.T) {
	skipShort(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	st, err := Start(ctx, Options{DynamoDBs: 2})
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	defer st.Stop()
	eps := st.DynamoDBEndpoints
	if len(eps) != 2 || eps[0] != st.DynamoDBEndpoint || eps[0] == eps[1] {
		t.Fatalf("DynamoDBEndpoints = %v, want 2 distinct, %s first", eps, st.DynamoDBEndpoint)
	}
	tables := make([][]string, len(eps))
	for i, ep := range eps {
		awsCfg, err := config.Config{Region: "us-east-1", DynamoDBEndpoint: ep}.AWS()
		if err != nil {
			t.Fatal(err)
		}
		db := dynamodb.NewFromConfig(awsCfg, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(ep) })
		if i == 0 {
			createTable(ctx, t, db, "first")
		}
		out, err := db.ListTables(ctx, &dynamodb.ListTablesInput{})
		if err != nil {
			t.Fatalf("ListTables on %s: %v", ep, err)
		}
		tables[i] = out.TableNames
	}
	if len(tables[0]) != 1 || len(tables[1]) != 0 {
		t.Errorf("tables: %v on the first, %v on the second; want [first] and none", tables[0], tables[1])
	}
}

// createTable makes a table of one string key, PK.
func createTable(ctx context.Context, t *testing.T, db *dynamodb.Client, name string) {
	t.Helper()
	if _, err := db.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:            aws.String(name),
		BillingMode:          ddbtypes.BillingModePayPerRequest,
		AttributeDefinitions: []ddbtypes.AttributeDefinition{{AttributeName: aws.String("PK"), AttributeType: ddbtypes.ScalarAttributeTypeS}},
		KeySchema:            []ddbtypes.KeySchemaElement{{AttributeName: aws.String("PK"), KeyType: ddbtypes.KeyTypeHash}},
	}); err != nil {
		t.Fatalf("CreateTable %s: %v", name, err)
	}
}

func TestMissingTools(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "go.work"), []byte("go 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Start(context.Background(), Options{Root: root})
	if err == nil {
		t.Fatal("Start with no tools installed succeeded")
	}
	for _, want := range []string{"make emulators", "DynamoDB Local", "s3rver", "aws-ses-v2-local"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
}

func TestRepoRoot(t *testing.T) {
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.work")); err != nil {
		t.Errorf("RepoRoot() = %s without go.work", root)
	}
	if _, err := os.Stat(filepath.Join(root, "pkg", "emulators", "install.sh")); err != nil {
		t.Errorf("RepoRoot() = %s is not this repository", root)
	}
}

// TestChildrenDieWithParent runs a stack in a child copy of this test binary,
// kills that copy with SIGKILL (no chance to call Stop) and checks that the
// emulators went with it.
func TestChildrenDieWithParent(t *testing.T) {
	if os.Getenv("TURNOUT_EMULATORS_ORPHAN_HELPER") == "1" {
		// Persistent data in the parent's temporary folder: nothing is left
		// behind when this process is killed.
		st, err := Start(context.Background(), Options{DataDir: os.Getenv("TURNOUT_EMULATORS_ORPHAN_DATA")})
		if err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		var pids []string
		for _, p := range st.procs {
			pids = append(pids, strconv.Itoa(p.cmd.Process.Pid))
		}
		fmt.Println("pids:", strings.Join(pids, " "))
		select {} // wait to be killed
	}
	skipShort(t)
	if runtime.GOOS != "linux" {
		t.Skip("parent-death signal is Linux only")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestChildrenDieWithParent$")
	cmd.Env = append(os.Environ(), "TURNOUT_EMULATORS_ORPHAN_HELPER=1", "TURNOUT_EMULATORS_ORPHAN_DATA="+t.TempDir())
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var pids []int
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "pids: "); ok {
			for _, f := range strings.Fields(rest) {
				pid, _ := strconv.Atoi(f)
				pids = append(pids, pid)
			}
			break
		}
		if strings.HasPrefix(line, "error:") {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatal(line)
		}
	}
	cmd.Process.Kill()
	cmd.Wait()
	if len(pids) != 3 {
		t.Fatalf("helper reported pids %v", pids)
	}
	deadline := time.Now().Add(10 * time.Second)
	for _, pid := range pids {
		for alive(pid) && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
	}
	for _, pid := range pids {
		if alive(pid) {
			syscall.Kill(-pid, syscall.SIGKILL) // its own group: clean up before failing
			t.Errorf("emulator process %d outlived its killed parent", pid)
		}
	}
}

// alive reports whether pid is a process that is not a zombie.
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

func skipShort(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the emulators (skipped in -short mode)")
	}
}

func TestRemoveStaleTempDirs(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("unix only")
	}
	done := exec.Command("true")
	if err := done.Run(); err != nil {
		t.Skip("no `true` command:", err)
	}
	stale, err := os.MkdirTemp("", tempDirPrefix+strconv.Itoa(done.Process.Pid)+"-")
	if err != nil {
		t.Fatal(err)
	}
	live, err := os.MkdirTemp("", tempDirPrefix+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(live)
	removeStaleTempDirs()
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		os.RemoveAll(stale)
		t.Errorf("folder of a dead process %s was kept", stale)
	}
	if _, err := os.Stat(live); err != nil {
		t.Errorf("folder of a live process removed: %v", err)
	}
}

func TestFixedPortTaken(t *testing.T) {
	skipShort(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	port := l.Addr().(*net.TCPAddr).Port
	st, err := Start(context.Background(), Options{SESPort: port})
	if err == nil {
		st.Stop()
		t.Fatal("Start succeeded with the SES port taken")
	}
	if !strings.Contains(err.Error(), fmt.Sprintf("port %d is taken", port)) {
		t.Errorf("error = %v", err)
	}
}

func TestBrokenToolFailsFast(t *testing.T) {
	skipShort(t)
	real, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	ddb := filepath.Join(root, ".local", "tools", "dynamodb-local-"+DynamoDBLocalVersion)
	here := filepath.Join(root, "pkg", "emulators")
	for _, d := range []string{ddb, here} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"node_modules", "s3rver.js"} {
		if err := os.Symlink(filepath.Join(real, "pkg", "emulators", f), filepath.Join(here, f)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(ddb, "DynamoDBLocal.jar"), []byte("not a jar"), 0o644); err != nil {
		t.Fatal(err)
	}
	began := time.Now()
	st, err := Start(context.Background(), Options{Root: root})
	if err == nil {
		st.Stop()
		t.Fatal("Start succeeded with a broken DynamoDB Local")
	}
	t.Logf("failed after %v: %v", time.Since(began).Round(time.Millisecond), err)
	// The launcher is compiled against the jar, so a broken jar shows
	// there, before DynamoDB Local would start and exit.
	if !strings.Contains(err.Error(), "dynamodb exited") && !strings.Contains(err.Error(), "DynamoDB Local launcher") {
		t.Errorf("error names neither DynamoDB Local's exit nor its launcher")
	}
	if !strings.Contains(err.Error(), "make emulators") {
		t.Errorf("error does not mention %q", "make emulators")
	}
	if strings.Contains(err.Error(), "context canceled") {
		t.Errorf("error reports the services it cut short")
	}
	if d := time.Since(began); d > 30*time.Second {
		t.Errorf("took %v to fail", d)
	}
}

// TestDynamoDBProbeWaitsForItsOwnAnswer: a DynamoDB Local whose web server
// is up but whose service is not (a 500 page) is not ready yet.
func TestDynamoDBProbeWaitsForItsOwnAnswer(t *testing.T) {
	status := http.StatusInternalServerError
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(status)
		_, _ = io.WriteString(w, "<html>starting</html>")
	}))
	defer srv.Close()
	if dynamoReady(context.Background(), srv.Client(), srv.URL) {
		t.Fatal("ready on a 500 page")
	}
	status = http.StatusBadRequest
	if !dynamoReady(context.Background(), srv.Client(), srv.URL) {
		t.Fatal("not ready on its MissingAuthenticationToken answer")
	}
}
