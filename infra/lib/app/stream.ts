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
// (pkg/store/organizationface.go); DELIVERY_PREFIX the key of a webhook
// delivery, which the mailer attempts first (pkg/store/webhooks.go).
export const OUTBOX_PREFIX = 'MAIL#';
// PRIORITY_OUTBOX_PREFIX starts the key of every queued account message
// (activation, reset, email change), which a mapping of its own reads.
export const PRIORITY_OUTBOX_PREFIX = 'ACCOUNTMAIL#';
export const BROADCAST_PREFIX = 'BROADCAST#';
export const ATTENDEE_PREFIX = 'ATTENDEE#';
export const DEPARTURE_PREFIX = 'DEPARTED#';
export const ORGANIZATION_PREFIX = 'ORG#';
export const ORGANIZATION_SK = 'PROFILE';
export const DELIVERY_PREFIX = 'DELIVERIES#';

const MAPPING = {
  startingPosition: lambda.StartingPosition.TRIM_HORIZON,
  batchSize: 10,
  reportBatchItemFailures: true,
  retryAttempts: 50,
  maxRecordAge: Duration.hours(1),
};

// The account messages a person waits for (activation, reset, email
// change) have a mapping of their own on the same stream: its own place in
// each shard, so a backlog of event mail (a broadcast to thousands) never
// holds them up. The mailer gives them a place in every second of the
// sending rate that event mail cannot take (pkg/mail/sendrate).
// (A mapping of its own rather than a second DynamoEventSource, which CDK
// names by the table alone; the first source grants reading the stream.)
export function addPriorityMailerMapping(mailer: lambda.IFunction, table: dynamodb.ITableV2, onFailure: sqs.IQueue): void {
  mailer.addEventSourceMapping('PriorityMail', {
    ...MAPPING,
    eventSourceArn: table.tableStreamArn!,
    onFailure: new SqsDlq(onFailure),
    filters: [
      lambda.FilterCriteria.filter({
        eventName: lambda.FilterRule.isEqual('INSERT'),
        dynamodb: { Keys: { PK: { S: lambda.FilterRule.beginsWith(PRIORITY_OUTBOX_PREFIX) } } },
      }),
    ],
  });
}

// The mailer reads the table's stream, filtered to newly queued messages,
// webhook deliveries and broadcasts, the changes of registrations and of
// organizations' profiles, so that no other write invokes it (in five
// filters, a mapping's default quota: queued messages and deliveries share
// one). A send that failed for now is reported
// (batch item failures) and retried from that record on, while the rest of
// the batch goes out (a mail SES refuses for good is settled, not retried);
// a message is given up after an hour, when the links it carries are
// expiring (a reset link lives an hour). What is given up is not lost
// silently: its batch's place in the stream goes to the onFailure queue,
// which alarms (README: "Mail the mailer gave up").
export function mailerSource(table: dynamodb.ITableV2, onFailure: sqs.IQueue): DynamoEventSource {
  return new DynamoEventSource(table, {
    ...MAPPING,
    onFailure: new SqsDlq(onFailure),
    filters: [
      lambda.FilterCriteria.filter({
        eventName: lambda.FilterRule.isEqual('INSERT'),
        dynamodb: { Keys: { PK: { S: [...lambda.FilterRule.beginsWith(OUTBOX_PREFIX), ...lambda.FilterRule.beginsWith(DELIVERY_PREFIX)] } } },
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
