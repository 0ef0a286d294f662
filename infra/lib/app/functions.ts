// The Lambda functions: one per entry of functions.json, each given only the
// AWS actions that file lists for it, and invoked by the HTTP API, an
// EventBridge schedule or the table's stream.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { accept } from '../accepted.js';
import type { Api } from './api.js';
import type { Mail } from './mail.js';
import { addPriorityMailerMapping, mailerSource } from './stream.js';

// Each function, the /api/<route>/ paths it serves or the schedule an
// EventBridge rule runs it on (neither for the mailer, which the table's
// stream invokes), and the AWS actions its code uses:
// DynamoDB actions on the table, S3 actions on media keys (a trailing *
// matches the rest of a key), and whether it sends mail. The Go API tests
// record the calls every request makes and fail unless this file grants
// exactly those (pkg/api/apitest/permissions_test.go).
export interface FunctionGrants {
  // Memory in MB, chosen by `make bench` from the CPU a request uses
  // (tools/bench/init/memory.go).
  memory: number;
  route?: string;
  // An EventBridge schedule expression, e.g. "rate(5 minutes)" or
  // "cron(0 8 * * ? *)": a rule runs the function on it. A function has a
  // route or a schedule, never both.
  schedule?: string;
  table: string[];
  objects: Record<string, string[]>;
  mail: boolean;
  // SES's bounce and complaint notifications invoke it (through SNS).
  sesEvents?: boolean;
}
export const FUNCTIONS: Record<string, FunctionGrants> = JSON.parse(
  readFileSync(fileURLToPath(new URL('../functions.json', import.meta.url)), 'utf8'),
);

// What invokes a function: the HTTP API (it has a route), an EventBridge
// rule (it has a schedule), SES's feedback topic (sesEvents), or else the
// table's stream (the mailer).
export type FunctionKind = 'api' | 'scheduled' | 'feedback' | 'mailer';
export function functionKind(name: string, grants: FunctionGrants): FunctionKind {
  if ([grants.route, grants.schedule, grants.sesEvents].filter(Boolean).length > 1) {
    throw new Error(`functions.json: ${name} has more than one of a route, a schedule and sesEvents`);
  }
  return grants.route ? 'api' : grants.schedule ? 'scheduled' : grants.sesEvents ? 'feedback' : 'mailer';
}

// A function's description: the API paths it serves, or what it does.
export function functionDescription(name: string, grants: FunctionGrants): string {
  switch (functionKind(name, grants)) {
    case 'api':
      return `Turnout /api/${grants.route}/*`;
    case 'scheduled':
      return `Turnout ${name}: hands the reminders that are due, and mail SES never reported sent, to the mailer`;
    case 'feedback':
      return `Turnout ${name}: hears SES's sends, bounces and complaints`;
    case 'mailer':
      return `Turnout ${name}: delivers the mail the API queues`;
  }
}

// The timeouts of the functions no request waits for.
export const FUNCTION_TIMEOUTS = { scheduled: Duration.minutes(1), feedback: Duration.seconds(30), mailer: Duration.minutes(2) };

// A scheduled run is retried twice, and not once the next run is due: the
// job is idempotent, and the next run does whatever a failed one left.
export const SCHEDULE_RETRIES = { retryAttempts: 2, maxEventAge: Duration.minutes(5) };

export interface FunctionsProps {
  table: dynamodb.ITableV2;
  mediaBucket: s3.IBucket;
  signingKey: secrets.ISecret;
  api: Api;
  mail: Mail;
  // Where `make build` put the zips (<name>.zip).
  lambdaZips: string;
  removalPolicy: RemovalPolicy;
  // The environment every API function gets; the others get less.
  environment: Record<string, string>;
  mailFrom: string;
  // SES's sending rate (mails a second) when the deploy sets it.
  mailRate?: number;
  origin: string;
  // Where the mailer's stream source puts what it gives up.
  mailerFailures: sqs.IQueue;
}

// The alias every invocation goes through. Each deploy that changes a
// function publishes a version (kept, so older ones stay callable) and
// points the alias at it; `make rollback` points it back at the one before.
export const LIVE_ALIAS = 'live';

// Builds every function of functions.json in scope (the stack's own, see
// AppStack, so the logical IDs are the ones always deployed) and ties the
// live alias of each to what invokes it.
export function addFunctions(scope: Construct, props: FunctionsProps): Record<string, lambda.Function> {
  const environment = environmentOf(props);
  const made: Record<string, lambda.Function> = {};
  for (const [name, grants] of Object.entries(FUNCTIONS)) {
    const kind = functionKind(name, grants);
    const Name = `${name[0]!.toUpperCase()}${name.slice(1)}`;
    const fn = new lambda.Function(scope, `${Name}Function`, {
      runtime: lambda.Runtime.PROVIDED_AL2023,
      architecture: lambda.Architecture.ARM_64,
      // A busy run of a scheduled job may take longer than a request, and
      // the mailer's fan-out of a broadcast to 10,000 people takes about
      // 10 s of CPU at its 192 MB (make bench: 1.1 s on a full core).
      timeout: kind === 'api' ? Duration.seconds(15) : FUNCTION_TIMEOUTS[kind],
      environment: { ...DECLARED_EMPTY, ...environment[kind] },
      description: functionDescription(name, grants),
      memorySize: grants.memory,
      code: lambda.Code.fromAsset(`${props.lambdaZips}/${name}.zip`),
      handler: 'bootstrap',
      logGroup: new logs.LogGroup(scope, `${name}Logs`, { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: props.removalPolicy }),
      currentVersionOptions: { removalPolicy: RemovalPolicy.RETAIN },
    });
    const live = new lambda.Alias(scope, `${Name}Live`, { aliasName: LIVE_ALIAS, version: fn.currentVersion });
    grant(fn, grants, props);
    accept(fn, 'AwsSolutions-IAM4', 'AwsSolutions-IAM5');
    if (kind === 'api' || kind === 'mailer') props.signingKey.grantRead(fn);
    if (kind === 'api') {
      props.api.route(name, grants.route!, live);
    } else if (kind === 'scheduled') {
      new events.Rule(scope, `${Name}Schedule`, {
        description: `Runs the Turnout ${name} function: ${grants.schedule}`,
        schedule: events.Schedule.expression(grants.schedule!),
        targets: [new targets.LambdaFunction(live, SCHEDULE_RETRIES)],
      });
    } else if (kind === 'feedback') {
      props.mail.subscribeToFeedback(live);
    } else {
      live.addEventSource(mailerSource(props.table, props.mailerFailures));
      addPriorityMailerMapping(live, props.table, props.mailerFailures);
    }
    made[name] = fn;
  }
  return made;
}

// Every variable pkg/config reads that Lambda leaves to the function (it
// sets AWS_REGION and the keys itself), declared on every function, empty
// where its kind gets no value: a local runner (`sam local invoke
// --env-vars`) overrides only declared variables, so any function can be
// pointed at emulators. infra/test checks the list against pkg/config.
export const CONFIG_VARIABLES = [
  'TURNOUT_TABLE', 'TURNOUT_MEDIA_BUCKET', 'TURNOUT_WEB_ORIGIN', 'TURNOUT_MAIL_FROM', 'TURNOUT_MAIL_RATE',
  'TURNOUT_DYNAMODB_ENDPOINT', 'TURNOUT_S3_ENDPOINT', 'TURNOUT_SES_ENDPOINT', 'TURNOUT_SIGNING_KEY_FILE',
  'TURNOUT_SIGNING_SECRET_ARN', 'TURNOUT_ORIGIN_SECRET', 'AWS_ENDPOINT_URL', 'AWS_ENDPOINT_URL_DYNAMODB',
  'AWS_ENDPOINT_URL_S3', 'AWS_ENDPOINT_URL_SESV2', 'AWS_ENDPOINT_URL_SECRETS_MANAGER',
];
const DECLARED_EMPTY: Record<string, string> = Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, '']));

// The mailer serves no viewer and touches no image: it gets only what
// it reads (pkg/config Load), the key signing tickets included. A
// scheduled job and the feedback handler read the table only (pkg/config
// LoadEnv): no secret, no media, no mail.
function environmentOf(props: FunctionsProps): Record<FunctionKind, Record<string, string>> {
  return {
    api: props.environment,
    mailer: {
      TURNOUT_TABLE: props.table.tableName,
      TURNOUT_MAIL_FROM: props.mailFrom,
      TURNOUT_WEB_ORIGIN: props.origin,
      TURNOUT_SIGNING_SECRET_ARN: props.signingKey.secretArn,
      ...(props.mailRate ? { TURNOUT_MAIL_RATE: String(props.mailRate) } : {}),
    },
    scheduled: {
      TURNOUT_TABLE: props.table.tableName,
      TURNOUT_WEB_ORIGIN: props.origin,
    },
    feedback: { TURNOUT_TABLE: props.table.tableName },
  };
}

// Lets fn do exactly what functions.json lists for it.
function grant(fn: lambda.Function, grants: FunctionGrants, { table, mediaBucket, mail }: FunctionsProps): void {
  const tableArn = table.tableArn;
  fn.addToRolePolicy(new iam.PolicyStatement({ actions: grants.table, resources: [tableArn] }));
  // Queries also read the indexes (the API's lists, the reminders that
  // are due on GSI1).
  if (grants.table.includes('dynamodb:Query')) {
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${tableArn}/index/*`] }));
  }
  for (const [action, keys] of Object.entries(grants.objects)) {
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: [`s3:${action}`], resources: keys.map((key) => mediaBucket.arnForObjects(key)) }));
  }
  // Without it a missing upload reads as access denied, not as missing.
  if (grants.objects.GetObject) {
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [mediaBucket.bucketArn] }));
  }
  if (grants.mail) mail.grantSend(fn);
}
