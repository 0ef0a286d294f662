// Command libfloor is hello-world with the libraries the design names for
// every API function (aws-sdk-go-v2's DynamoDB and S3 clients, guregu/dynamo,
// aws-lambda-go-api-proxy, golang-jwt) making one call each, and no Turnout
// code: the floor of size and init those libraries set, which the init
// benchmark prints beside hello-world.
package main

import (
	"errors"
	"net/http"
	"os"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"
	"github.com/golang-jwt/jwt/v5"
	"github.com/guregu/dynamo/v2"
)

func main() {
	// The variables Lambda and the benchmark set (pkg/config names them).
	cfg := aws.Config{
		Region: os.Getenv("AWS_REGION"),
		Credentials: credentials.NewStaticCredentialsProvider(os.Getenv("AWS_ACCESS_KEY_ID"),
			os.Getenv("AWS_SECRET_ACCESS_KEY"), os.Getenv("AWS_SESSION_TOKEN")),
	}
	table := dynamo.New(cfg, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(os.Getenv("TURNOUT_DYNAMODB_ENDPOINT")) }).
		Table(os.Getenv("TURNOUT_TABLE"))
	files := s3.NewFromConfig(cfg, func(o *s3.Options) {
		o.BaseEndpoint, o.UsePathStyle = aws.String(os.Getenv("TURNOUT_S3_ENDPOINT")), true
	})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var item map[string]any
		err := table.Get("PK", "floor").Range("SK", dynamo.Equal, "floor").One(r.Context(), &item)
		if errors.Is(err, dynamo.ErrNotFound) {
			_, err = files.HeadBucket(r.Context(), &s3.HeadBucketInput{Bucket: aws.String(os.Getenv("TURNOUT_MEDIA_BUCKET"))})
		}
		if _, jwtErr := jwt.Parse(r.Header.Get("Authorization"), func(*jwt.Token) (any, error) { return []byte("floor"), nil }); err == nil && jwtErr == nil {
			err = errors.New("an empty token parsed")
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
			return
		}
		w.WriteHeader(http.StatusOK)
	})
	lambda.Start(httpadapter.NewV2(h).ProxyWithContext)
}
