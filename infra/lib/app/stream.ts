// The table's stream as the mailer reads it: the key prefixes of the items
// whose writes invoke it, and the event source filtered to them. The one
// place the stream filter is written.
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as sqs from 'aws-cdk-lib/aws-sqs';

// OUTBOX_PREFIX starts the key of every queued message (pkg/store/outbox.go);
// BROADCAST_PREFIX the key of every mail to all of an event's people
// (pkg/store/broadcasts.go), which the mailer fans out into queued messages;
// ATTENDEE_PREFIX the sort key of every registration's attendee item
// (pkg/store/keys.go), whose changes the mailer turns into mails;
// DEPARTURE_PREFIX the key of a registration given up, seat or place
// in the queue (pkg/store/registrations.go), which the mailer confirms;
// ORGANIZATION_PREFIX the key of an organization's profile
// (ORGANIZATION_SK), whose name and logo the mailer copies to its events
// (pkg/store/organizationface.go).
export const OUTBOX_PREFIX = 'MAIL#';
export const BROADCAST_PREFIX = 'BROADCAST#';
export const ATTENDEE_PREFIX = 'ATTENDEE#';
export const DEPARTURE_PREFIX = 'DEPARTED#';
export const ORGANIZATION_PREFIX = 'ORG#';
export const ORGANIZATION_SK = 'PROFILE';

// The mailer reads the table's stream, filtered to newly queued messages and
// broadcasts, the changes of registrations and of organizations' profiles,
// so that no other write invokes it. A send that failed for now is reported
// (batch item failures) and retried from that record on, while the rest of
// the batch goes out (a mail SES refuses for good is settled, not retried);
// a message is given up after an hour, when the links it carries are
// expiring (a reset link lives an hour). What is given up is not lost
// silently: its batch's place in the stream goes to the onFailure queue,
// which alarms (README: "Mail the mailer gave up").
export function mailerSource(table: dynamodb.ITableV2, onFailure: sqs.IQueue): DynamoEventSource {
  return new DynamoEventSource(table, {
    onFailure: new SqsDlq(onFailure),
    startingPosition: lambda.StartingPosition.TRIM_HORIZON,
    batchSize: 10,
    reportBatchItemFailures: true,
    retryAttempts: 50,
    maxRecordAge: Duration.hours(1),
    filters: [
      lambda.FilterCriteria.filter({
        eventName: lambda.FilterRule.isEqual('INSERT'),
        dynamodb: { Keys: { PK: { S: lambda.FilterRule.beginsWith(OUTBOX_PREFIX) } } },
      }),
      lambda.FilterCriteria.filter({
        eventName: lambda.FilterRule.isEqual('INSERT'),
        dynamodb: { Keys: { PK: { S: lambda.FilterRule.beginsWith(BROADCAST_PREFIX) } } },
      }),
      lambda.FilterCriteria.filter({
        dynamodb: { Keys: { SK: { S: lambda.FilterRule.beginsWith(ATTENDEE_PREFIX) } } },
      }),
      lambda.FilterCriteria.filter({
        eventName: lambda.FilterRule.isEqual('INSERT'),
        dynamodb: { Keys: { PK: { S: lambda.FilterRule.beginsWith(DEPARTURE_PREFIX) } } },
      }),
      lambda.FilterCriteria.filter({
        eventName: lambda.FilterRule.isEqual('MODIFY'),
        dynamodb: { Keys: { PK: { S: lambda.FilterRule.beginsWith(ORGANIZATION_PREFIX) }, SK: { S: lambda.FilterRule.isEqual(ORGANIZATION_SK) } } },
      }),
    ],
  });
}
