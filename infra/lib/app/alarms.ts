// Alarms (API 5xx rate, Lambda errors and throttles, failed mail sends,
// late and given-up mail, bounce and complaint rates, DynamoDB throttling)
// and the SNS topic they
// notify. Each threshold is one its metric can reach in its period.
import { Duration } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { FUNCTIONS, functionKind, type FunctionKind } from './functions.js';
import { MAIL_METRIC } from './mail.js';

export interface AlarmsProps {
  apiStage: apigw.HttpStage;
  functions: Record<string, lambda.Function>;
  table: dynamodb.ITableV2;
  // Where the mailer's stream source puts what it gives up.
  mailerFailures: sqs.IQueue;
  // Optional e-mail address subscribed to the topic.
  email?: string;
}

// The table operations whose throttling raises an alarm: every one a
// function is granted (functions.json), as CloudWatch names them. A
// transaction is granted by the actions of its items (ConditionCheckItem
// among them) and throttled as TransactWriteItems.
export const TABLE_OPERATIONS = [
  ...new Set(
    Object.values(FUNCTIONS)
      .flatMap((f) => f.table)
      .map((action) => action.replace(/^dynamodb:/, ''))
      .map((op) => (op === 'ConditionCheckItem' ? 'TransactWriteItems' : op)),
  ),
].sort();

// Errors in a 5-minute period that raise a function's alarm. A scheduled
// job runs once in a period (and is retried twice) and the mailer's errors
// are its crashes and time-outs (it reports failed records instead), so one
// error of either is worth a look; the API functions serve many requests.
export const ERROR_THRESHOLDS: Record<FunctionKind, number> = { api: 5, scheduled: 1, feedback: 1, mailer: 1 };

// The share of the account's mail that bounces or complains that raises an
// alarm: well below where SES reviews an account (5 % and 0.1 %), so there
// is time to act.
export const REPUTATION_THRESHOLDS = { 'Reputation.BounceRate': 0.02, 'Reputation.ComplaintRate': 0.0005 };

// How late the oldest record the mailer reads may be: past it, mail is
// waiting (an hour loses it).
export const MAIL_LATE = Duration.minutes(5);

// Built in the stack's own scope (see AppStack): its logical IDs are the
// ones the stack has always deployed.
export function addAlarms(scope: Construct, { apiStage, functions, table, mailerFailures, email }: AlarmsProps): void {
  const topic = new sns.Topic(scope, 'Alarms', { enforceSSL: true });
  if (email) new sns.Subscription(scope, 'AlarmEmail', { topic, protocol: sns.SubscriptionProtocol.EMAIL, endpoint: email });
  const notify = new actions.SnsAction(topic);
  const period = Duration.minutes(5);
  // Two bad periods of three, unless one is already worth a look.
  const alarm = (id: string, metric: cloudwatch.IMetric, threshold: number, datapointsToAlarm = 2) =>
    new cloudwatch.Alarm(scope, id, {
      metric,
      threshold,
      evaluationPeriods: 3,
      datapointsToAlarm,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(notify);

  const requests = apiStage.metricCount({ period });
  const errors = apiStage.metricServerError({ period });
  alarm('Api5xxRate', new cloudwatch.MathExpression({ expression: '100 * errors / MAX([requests, 1])', usingMetrics: { errors, requests }, period, label: 'API 5xx %' }), 1);
  for (const [name, fn] of Object.entries(functions)) {
    const kind = functionKind(name, FUNCTIONS[name]!);
    alarm(`${name}Errors`, fn.metricErrors({ period }), ERROR_THRESHOLDS[kind], kind === 'api' ? 2 : 1);
    alarm(`${name}Throttles`, fn.metricThrottles({ period }), 1);
    if (kind === 'mailer') {
      alarm(`${name}IteratorAge`, fn.metric('IteratorAge', { statistic: 'Maximum', period }), MAIL_LATE.toMilliseconds(), 1);
    }
  }
  // A batch of stream records the mailer gave up (after its retries or the
  // record's hour): mail nobody will get unless replayed.
  alarm('MailerGaveUp', mailerFailures.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period }), 1, 1);
  // pkg/mail logs one metric line in CloudWatch's embedded metric format
  // per failed send: a sign-up, reset or notice that reached nobody.
  alarm('MailSendFailures', new cloudwatch.Metric({ namespace: MAIL_METRIC.namespace, metricName: MAIL_METRIC.name, statistic: 'Sum', period }), 1, 1);
  // SES publishes the account's bounce and complaint rates (a fraction, 0
  // to 1) about once an hour.
  for (const [metricName, threshold] of Object.entries(REPUTATION_THRESHOLDS)) {
    const rate = new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
    new cloudwatch.Alarm(scope, metricName.replace('Reputation.', 'Mail'), {
      metric: rate,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(notify);
  }
  for (const op of TABLE_OPERATIONS) {
    const throttled = new cloudwatch.Metric({
      namespace: 'AWS/DynamoDB',
      metricName: 'ThrottledRequests',
      dimensionsMap: { TableName: table.tableName, Operation: op },
      statistic: 'Sum',
      period,
    });
    alarm(`Table${op}Throttled`, throttled, 1);
  }
}
