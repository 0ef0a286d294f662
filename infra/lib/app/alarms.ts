// Alarms (API 5xx rate, Lambda errors and throttles, failed mail sends,
// DynamoDB throttling) and the SNS topic they notify.
import { Duration } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { MAIL_METRIC } from './mail.js';

export interface AlarmsProps {
  apiStage: apigw.HttpStage;
  functions: Record<string, lambda.Function>;
  table: dynamodb.ITableV2;
  // Optional e-mail address subscribed to the topic.
  email?: string;
}

// The table operations whose throttling raises an alarm.
const TABLE_OPERATIONS = ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'TransactWriteItems', 'BatchGetItem'];

// Built in the stack's own scope (see AppStack): its logical IDs are the
// ones the stack has always deployed.
export function addAlarms(scope: Construct, { apiStage, functions, table, email }: AlarmsProps): void {
  const topic = new sns.Topic(scope, 'Alarms');
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
    alarm(`${name}Errors`, fn.metricErrors({ period }), 5);
    alarm(`${name}Throttles`, fn.metricThrottles({ period }), 1);
  }
  // pkg/mail logs one metric line in CloudWatch's embedded metric format
  // per failed send: a sign-up, reset or notice that reached nobody.
  alarm('MailSendFailures', new cloudwatch.Metric({ namespace: MAIL_METRIC.namespace, metricName: MAIL_METRIC.name, statistic: 'Sum', period }), 1, 1);
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
