package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"turnout/pkg/app"
	"turnout/pkg/auth"
	"turnout/pkg/config"
	"turnout/pkg/domain"
	"turnout/pkg/emulators"
	"turnout/pkg/mail"
	"turnout/pkg/media"
	"turnout/pkg/store"
)

// fixture is what the benchmark's requests need: a person who can log in,
// an organizer's access token, and a queued message for the mailer.
type fixture struct {
	username, password string
	organizerToken     string
	queuedMail         events.DynamoDBEvent
}

// prepare creates a table and a bucket on the emulators, an active person,
// an organizer with a few upcoming events, a signing key file, and returns
// the environment the bootstraps run with (Lambda's, pointed at the stack).
func prepare(ctx context.Context, stack *emulators.Stack, work string) (fixture, []string, error) {
	key := make([]byte, 32)
	rand.Read(key)
	keyFile := filepath.Join(work, "signing.key")
	if err := os.WriteFile(keyFile, []byte(base64.StdEncoding.EncodeToString(key)), 0o600); err != nil {
		return fixture{}, nil, err
	}
	name := "bench-" + strings.ToLower(auth.NewID())
	vars := map[string]string{
		config.EnvTable: name, config.EnvMediaBucket: name, config.EnvWebOrigin: "http://bench.turnout.test",
		config.EnvSigningKeyFile: keyFile, config.EnvRegion: "us-east-1",
	}
	for k, v := range stack.Env() {
		vars[k] = v
	}
	cfg, awsCfg, err := config.Load(ctx, func(k string) string { return vars[k] })
	if err != nil {
		return fixture{}, nil, err
	}
	st := store.New(awsCfg, cfg.DynamoDBEndpoint, cfg.Table)
	if err := st.CreateTable(ctx); err != nil {
		return fixture{}, nil, err
	}
	if err := media.New(awsCfg, cfg.S3Endpoint, cfg.MediaBucket, cfg.WebOrigin).EnsureBucket(ctx); err != nil {
		return fixture{}, nil, err
	}

	fx := fixture{username: "bench-person", password: "bench-password-2026"}
	hash, err := auth.HashPassword(fx.password)
	if err != nil {
		return fixture{}, nil, err
	}
	now := time.Now().UTC()
	person := domain.User{ID: auth.NewID(), Username: fx.username, Email: "person@bench.test", PasswordHash: hash, IsActive: true, Joined: now}
	if err := st.CreateUser(ctx, person, time.Time{}); err != nil {
		return fixture{}, nil, fmt.Errorf("create person: %w", err)
	}
	owner := domain.User{ID: auth.NewID(), Username: "bench-organizer", Email: "org@bench.test", PasswordHash: hash, IsActive: true, IsOrganizer: true, Joined: now}
	org := domain.Organization{ID: auth.NewID(), OwnerID: owner.ID, OwnerName: owner.Username, Name: "Bench Club", Email: owner.Email, Address1: "1 Bench Street"}
	owner.OrganizationID = org.ID
	if err := st.CreateOrganizer(ctx, owner, org, time.Time{}); err != nil {
		return fixture{}, nil, fmt.Errorf("create organizer: %w", err)
	}
	for i := range 20 {
		start := now.Truncate(time.Hour).AddDate(0, 0, i+1)
		e := domain.Event{
			ID: auth.NewID(), OrganizationID: org.ID, OrganizationName: org.Name,
			Title: fmt.Sprintf("Bench event %d", i+1), Description: "An event for the cold-start benchmark.", Location: "Bench Hall",
			Start: start, End: start.Add(2 * time.Hour), Capacity: 50, Created: now,
		}
		if err := st.CreateEvent(ctx, e); err != nil {
			return fixture{}, nil, fmt.Errorf("create event: %w", err)
		}
	}
	issuer := &auth.Issuer{Key: cfg.SigningKey, Issuer: "turnout", Audience: "turnout-api", AccessTTL: app.AccessTTL, RefreshTTL: app.RefreshTTL}
	if fx.organizerToken, err = issuer.Access(owner.ID, owner.SessionVersion); err != nil {
		return fixture{}, nil, err
	}

	if fx.queuedMail, err = queueMail(ctx, st, now); err != nil {
		return fixture{}, nil, err
	}

	// What Lambda sets, plus the function's own configuration.
	env := []string{
		"HOME=" + work, "AWS_ACCESS_KEY_ID=bench", "AWS_SECRET_ACCESS_KEY=bench", "AWS_SESSION_TOKEN=bench",
		"AWS_LAMBDA_FUNCTION_NAME=bench", "AWS_LAMBDA_FUNCTION_MEMORY_SIZE=128", "AWS_LAMBDA_FUNCTION_VERSION=$LATEST",
		"TZ=:UTC",
	}
	for k, v := range vars {
		env = append(env, k+"="+v)
	}
	return fx, env, nil
}

// queueMail queues a message as the API functions do and returns the stream
// event Lambda hands the mailer for it. Each invocation sends it again (the
// mailer's delete of an already deleted message is a no-op).
func queueMail(ctx context.Context, st *store.Store, now time.Time) (events.DynamoDBEvent, error) {
	m := mail.PasswordReset("person@bench.test", "Bench", "http://bench.turnout.test/forget/password/create?token=bench")
	id, err := st.QueueMail(ctx, m, now)
	if err != nil {
		return events.DynamoDBEvent{}, err
	}
	keys := map[string]events.DynamoDBAttributeValue{"PK": events.NewStringAttribute("MAIL#" + id), "SK": events.NewStringAttribute("MAIL")}
	image := map[string]events.DynamoDBAttributeValue{
		"To": events.NewStringAttribute(m.To), "Subject": events.NewStringAttribute(m.Subject),
		"Text": events.NewStringAttribute(m.Text), "HTML": events.NewStringAttribute(m.HTML),
	}
	maps.Copy(image, keys)
	return events.DynamoDBEvent{Records: []events.DynamoDBEventRecord{{
		EventID: "bench", EventName: "INSERT", EventSource: "aws:dynamodb", AWSRegion: "us-east-1",
		Change: events.DynamoDBStreamRecord{Keys: keys, NewImage: image, SequenceNumber: "100", StreamViewType: "NEW_IMAGE"},
	}}}, nil
}
