package streamrelay

import (
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"
)

// lambdaRecord is rec as Lambda hands it to a function. The mailer reads
// strings, numbers and booleans; other attribute types are left out.
func lambdaRecord(rec types.Record) events.DynamoDBEventRecord {
	out := events.DynamoDBEventRecord{
		EventID: aws.ToString(rec.EventID), EventName: string(rec.EventName),
		EventSource: "aws:dynamodb", AWSRegion: aws.ToString(rec.AwsRegion),
	}
	if d := rec.Dynamodb; d != nil {
		out.Change = events.DynamoDBStreamRecord{
			Keys: attributes(d.Keys), NewImage: attributes(d.NewImage),
			SequenceNumber: aws.ToString(d.SequenceNumber), StreamViewType: string(d.StreamViewType),
		}
		if d.ApproximateCreationDateTime != nil {
			out.Change.ApproximateCreationDateTime = events.SecondsEpochTime{Time: *d.ApproximateCreationDateTime}
		}
	}
	return out
}

// created is when the stream took rec, or seen when it does not say.
func created(rec types.Record, seen time.Time) time.Time {
	if d := rec.Dynamodb; d != nil && d.ApproximateCreationDateTime != nil {
		return *d.ApproximateCreationDateTime
	}
	return seen
}

func attributes(in map[string]types.AttributeValue) map[string]events.DynamoDBAttributeValue {
	out := make(map[string]events.DynamoDBAttributeValue, len(in))
	for name, v := range in {
		switch v := v.(type) {
		case *types.AttributeValueMemberS:
			out[name] = events.NewStringAttribute(v.Value)
		case *types.AttributeValueMemberN:
			out[name] = events.NewNumberAttribute(v.Value)
		case *types.AttributeValueMemberBOOL:
			out[name] = events.NewBooleanAttribute(v.Value)
		}
	}
	return out
}
