// Command sdkfloor is hello with the AWS clients every API function needs
// (DynamoDB and S3, from static credentials) answering with one call of
// each: the floor of size and init that the SDK sets, which the init
// benchmark prints beside hello-world.
package main

import (
	"context"
	"os"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

func main() {
	// The variables Lambda and the benchmark set (pkg/config names them).
	cfg := aws.Config{
		Region: os.Getenv("AWS_REGION"),
		Credentials: credentials.NewStaticCredentialsProvider(os.Getenv("AWS_ACCESS_KEY_ID"),
			os.Getenv("AWS_SECRET_ACCESS_KEY"), os.Getenv("AWS_SESSION_TOKEN")),
	}
	db := dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(os.Getenv("TURNOUT_DYNAMODB_ENDPOINT")) })
	files := s3.NewFromConfig(cfg, func(o *s3.Options) {
		o.BaseEndpoint, o.UsePathStyle = aws.String(os.Getenv("TURNOUT_S3_ENDPOINT")), true
	})
	lambda.Start(func(ctx context.Context, _ events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
		_, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(os.Getenv("TURNOUT_TABLE")),
			Key: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "floor"}, "SK": &types.AttributeValueMemberS{Value: "floor"}}})
		if err == nil {
			_, err = files.HeadBucket(ctx, &s3.HeadBucketInput{Bucket: aws.String(os.Getenv("TURNOUT_MEDIA_BUCKET"))})
		}
		if err != nil {
			return events.APIGatewayV2HTTPResponse{StatusCode: 503, Body: err.Error()}, nil
		}
		return events.APIGatewayV2HTTPResponse{StatusCode: 200, Body: "floor"}, nil
	})
}
