// Package store keeps Turnout's data in one DynamoDB table through
// guregu/dynamo. Every read on a request path is a GetItem, BatchGetItem or
// Query on a key or index; nothing here scans.
package store

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/guregu/dynamo/v2"

	"turnout/pkg/domain"
)

// Store is the DynamoDB adapter. It is safe for concurrent use.
type Store struct {
	db    *dynamo.DB
	table dynamo.Table
}

// New builds the client once per process. endpoint is "" in AWS and the
// emulator's URL locally; opts may add SDK middleware (e.g. an operation
// counter in tests).
func New(awsCfg aws.Config, endpoint, table string, opts ...func(*dynamodb.Options)) *Store {
	if endpoint != "" {
		opts = append([]func(*dynamodb.Options){func(o *dynamodb.Options) {
			o.BaseEndpoint = aws.String(endpoint)
			// DynamoDB Local's CRC32 header does not match the bodies of
			// some of its error replies; the SDK only warns, noisily.
			o.DisableValidateResponseChecksum = true
		}}, opts...)
	}
	db := dynamo.New(awsCfg, opts...)
	return &Store{db: db, table: db.Table(table)}
}

// tableSchema mirrors the key attributes so CreateTable can derive the
// table and its indexes from struct tags.
type tableSchema struct {
	PK     string `dynamo:"PK,hash"`
	SK     string `dynamo:"SK,range"`
	GSI1PK string `index:"GSI1,hash"`
	GSI1SK string `index:"GSI1,range"`
	GSI2PK string `index:"GSI2,hash"`
	GSI2SK string `index:"GSI2,range"`
	GSI3PK string `index:"GSI3,hash"`
	GSI3SK string `index:"GSI3,range"`
}

// The indexes hold only what their lists show, so writes to an item copy
// little into them; infra/lib/data-stack.ts declares the same.
var (
	// upcomingProjection: the public list's events.
	upcomingProjection = []string{"ID", "OrganizationID", "OrganizationName", "Title", "Description",
		"Location", "StartsAt", "EndsAt", "Capacity", "BannerKey"}
	// ownedProjection: an organization's events (the dashboard edits from
	// the list, so it holds the description).
	ownedProjection = []string{"ID", "OrganizationID", "OrganizationName", "Title", "Description",
		"Location", "StartsAt", "EndsAt", "Capacity", "BannerKey"}
	// searchProjection: what a search matches (search.go); the page's
	// events are then read by key.
	searchProjection = []string{"ID", "Words", "Category", "CityKey", "Lat", "Lng"}
)

// CreateTable creates the table with its indexes and TTL when it does not
// exist yet. It is for local development and tests; in AWS the CDK app owns
// the table. The stream that feeds the mailer is turned on by the local
// mail relay (EnsureStream): on DynamoDB Local a stream makes every write
// several times slower, which tests that never send mail need not pay.
func (s *Store) CreateTable(ctx context.Context) error {
	name := s.table.Name()
	if desc, err := s.table.Describe().Run(ctx); err == nil {
		return s.ensureSearchIndex(ctx, desc)
	} else if !isNotFound(err) {
		return fmt.Errorf("describe table %s: %w", name, err)
	}
	err := s.db.CreateTable(name, tableSchema{}).
		OnDemand(true).
		Project(IndexUpcoming, dynamo.IncludeProjection, upcomingProjection...).
		Project(IndexOwned, dynamo.IncludeProjection, ownedProjection...).
		Project(IndexSearch, dynamo.IncludeProjection, searchProjection...).
		Wait(ctx)
	if err != nil {
		return fmt.Errorf("create table %s: %w", name, err)
	}
	if err := s.table.UpdateTTL(attrTTL, true).Run(ctx); err != nil {
		return fmt.Errorf("enable TTL on %s: %w", name, err)
	}
	return nil
}

// ensureSearchIndex adds IndexSearch to a local table made before it
// existed (the CDK app adds it in AWS), and gives the table's upcoming
// events their entries (IndexForSearch).
func (s *Store) ensureSearchIndex(ctx context.Context, desc dynamo.Description) error {
	for _, gsi := range desc.GSI {
		if gsi.Name == IndexSearch {
			return nil
		}
	}
	_, err := s.table.UpdateTable().CreateIndex(dynamo.Index{
		Name: IndexSearch, HashKey: attrGSI3PK, HashKeyType: dynamo.StringType, RangeKey: attrGSI3SK, RangeKeyType: dynamo.StringType,
		ProjectionType: dynamo.IncludeProjection, ProjectionAttribs: searchProjection,
	}).Run(ctx)
	if err != nil {
		return fmt.Errorf("add the search index to %s: %w", s.table.Name(), err)
	}
	_, err = s.IndexForSearch(ctx, time.Now())
	return err
}

// streamView is what the table's stream carries: new images, which is all
// the mailer reads (infra/lib/data-stack.ts declares the same).
var streamView = dynamo.NewImageView

// EnsureStream turns the table's stream on if it is off and returns its
// ARN; the local mail relay reads it.
func (s *Store) EnsureStream(ctx context.Context) (string, error) {
	name := s.table.Name()
	desc, err := s.table.Describe().Run(ctx)
	if err != nil {
		return "", fmt.Errorf("describe table %s: %w", name, err)
	}
	if !desc.StreamEnabled {
		if desc, err = s.table.UpdateTable().Stream(streamView).Run(ctx); err != nil {
			return "", fmt.Errorf("enable the stream of %s: %w", name, err)
		}
	}
	if desc.LatestStreamARN == "" {
		return "", fmt.Errorf("table %s has no stream", name)
	}
	return desc.LatestStreamARN, nil
}

func isNotFound(err error) bool {
	var rnf *types.ResourceNotFoundException
	return errors.As(err, &rnf)
}

// cancelReasons returns the per-item codes of a cancelled transaction
// ("ConditionalCheckFailed", "TransactionConflict", "None", ...), or nil
// when err is not a cancelled transaction.
func cancelReasons(err error) []string {
	var txe *types.TransactionCanceledException
	if !errors.As(err, &txe) {
		return nil
	}
	codes := make([]string, len(txe.CancellationReasons))
	for i, r := range txe.CancellationReasons {
		codes[i] = aws.ToString(r.Code)
	}
	return codes
}

// failedAt reports whether item i of a cancelled transaction failed its
// condition.
func failedAt(reasons []string, i int) bool {
	return i < len(reasons) && reasons[i] == "ConditionalCheckFailed"
}

// hasConditionFailure reports whether any item of a cancelled transaction
// failed its condition.
func hasConditionFailure(reasons []string) bool {
	return slices.Contains(reasons, "ConditionalCheckFailed")
}

// retryableTx reports whether a cancelled transaction failed only because
// of concurrent writers or throttling, so running it again may succeed.
// Condition failures are answers, never retried.
func retryableTx(reasons []string) bool {
	retry := false
	for _, r := range reasons {
		switch r {
		case "ConditionalCheckFailed":
			return false
		case "TransactionConflict", "ThrottlingError", "ProvisionedThroughputExceeded":
			retry = true
		}
	}
	return retry
}

// runTx runs build's transaction, retrying with jittered backoff while it
// is cancelled only by conflicts with concurrent transactions or by
// throttling. Condition failures are returned at once for the caller to
// explain.
func (s *Store) runTx(ctx context.Context, build func() *dynamo.WriteTx) error {
	const attempts = 12
	backoff := 10 * time.Millisecond
	for i := 0; ; i++ {
		err := build().Run(ctx)
		if err == nil || !retryableTx(cancelReasons(err)) {
			return err
		}
		if i == attempts-1 {
			return fmt.Errorf("%w: %w", domain.ErrBusy, err)
		}
		sleep := backoff/2 + rand.N(backoff)
		select {
		case <-ctx.Done():
			return fmt.Errorf("retry transaction: %w", ctx.Err())
		case <-time.After(sleep):
		}
		backoff = min(backoff*2, 400*time.Millisecond)
	}
}

// settleTimeout bounds runTxSure's second asking, past the request's own
// deadline if need be (a function has 15 s; a request's deadline is 8).
const settleTimeout = 3 * time.Second

// runTxSure is runTx for a transaction whose answer must be told right:
// it runs with token as its idempotency token, and when its answer is lost
// (a time-out: it may or may not have been written) it asks once more with
// the same token on a context of its own. DynamoDB answers a transaction
// it already wrote under that token as written, and writes one it did not,
// so a transaction that was written is never answered as an error. token
// must be unique to what build writes (at most 36 characters).
func (s *Store) runTxSure(ctx context.Context, token string, build func() *dynamo.WriteTx) error {
	err := s.runTx(ctx, func() *dynamo.WriteTx { return build().IdempotentWithToken(token) })
	if err == nil || cancelReasons(err) != nil {
		return err // written, or refused: nothing of it was
	}
	settle, cancel := context.WithTimeout(context.WithoutCancel(ctx), settleTimeout)
	defer cancel()
	again := build().IdempotentWithToken(token).Run(settle)
	if again == nil || cancelReasons(again) != nil {
		return again
	}
	return err
}

// get reads one item by key into out, returning domain.ErrNotFound (wrapped)
// when it is absent.
func (s *Store) get(ctx context.Context, k key, out any, consistent bool) error {
	err := s.table.Get(attrPK, k.PK).Range(attrSK, dynamo.Equal, k.SK).Consistent(consistent).One(ctx, out)
	if errors.Is(err, dynamo.ErrNotFound) {
		return domain.ErrNotFound
	}
	return err
}
