// The cdk-nag (AwsSolutions) findings this design accepts, each with its
// reason. They are acknowledged on the constructs they concern, through
// CDK's own Validations API; infra/test runs the checks on both stages and
// fails on any other finding, and the README lists these ("Accepted cdk-nag
// findings").
import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

export const ACCEPTED_FINDINGS = {
  'AwsSolutions-APIG4': 'The API authorizes each request itself (bearer tokens checked by the functions); many of its routes are public.',
  'AwsSolutions-CFR1': 'The site serves a worldwide audience: no country is refused.',
  'AwsSolutions-CFR2': 'No WAF: its per-request price would exceed the product\'s; the API stage throttles, and the API limits logins, sign-ups, guest registrations and registration changes per client and account.',
  'AwsSolutions-CFR3': 'No CloudFront access logs: the API stage logs every API request, and the site\'s static files need no audit trail.',
  'AwsSolutions-CFR4': 'Only the dev stage, on the distribution\'s cloudfront.net name, whose certificate CloudFront controls; prod serves its own domain with TLS 1.2 or newer.',
  'AwsSolutions-IAM4': 'AWSLambdaBasicExecutionRole grants only writing the function\'s own logs.',
  'AwsSolutions-IAM5': 'Wildcards only for object keys under a prefix, the table\'s indexes and SES identities bound to the sender\'s address (infra/test checks every grant against functions.json), for SES account settings that have no resource, and in CDK\'s own deployment helper.',
  'AwsSolutions-L1': 'CDK\'s own deployment helper, whose runtime CDK chooses; the product\'s functions run on provided.al2023.',
  'AwsSolutions-S1': 'No S3 server access logs: objects are read through CloudFront and written through signed uploads checked by the API; logs would keep viewers\' addresses for no use.',
  'AwsSolutions-SMG4': 'No scheduled rotation: a new signing key ends every session and link at once, and the origin secret is rotated by hand with two accepted values (README, "Rotating the origin secret").',
  'AwsSolutions-SQS3': 'The queue is itself where the mailer\'s stream puts what it gave up: a dead-letter queue needs none.',
} as const;

export type AcceptedFinding = keyof typeof ACCEPTED_FINDINGS;

// Acknowledges findings on scope and everything under it.
export function accept(scope: IConstruct, ...findings: AcceptedFinding[]): void {
  Validations.of(scope).acknowledge(...findings.map((id) => ({ id: `AwsSolutions::${id}`, reason: ACCEPTED_FINDINGS[id] })));
}
