// The product's mail: the SES identity of the sender's domain, the right to
// send from it, the DKIM records its DNS needs, and where SES reports
// bounces and complaints.
import { CfnOutput, Fn, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as cr from 'aws-cdk-lib/custom-resources';
import type { Construct } from 'constructs';
import { accept } from '../accepted.js';

// The metric pkg/mail/ses emits for every failed send (metrics.go there).
export const MAIL_METRIC = { namespace: 'Turnout', name: 'MailSendFailures' };

// Built in the stack's own scope (see AppStack): its logical IDs are the
// ones the stack has always deployed.
// What SES reports to the feedback topic (pkg/mail/feedback): the events
// that stop mail to an address, and each send, which confirms a mail whose
// send timed out.
export const FEEDBACK_EVENTS = [ses.EmailSendingEvent.SEND, ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT];

export class Mail {
  readonly identity: ses.EmailIdentity;
  // Every mail from the identity goes with this configuration set (the
  // identity's default): it keeps bounced and complained addresses off,
  // and publishes the account's reputation and the feedback.
  readonly configurationSet: ses.ConfigurationSet;
  readonly feedback: sns.Topic;

  constructor(
    private readonly scope: Construct,
    private readonly senderDomain: string,
    private readonly senderAddress: string,
  ) {
    this.configurationSet = new ses.ConfigurationSet(scope, 'MailConfigurationSet', {
      suppressionReasons: ses.SuppressionReasons.BOUNCES_AND_COMPLAINTS,
      reputationMetrics: true,
    });
    this.feedback = new sns.Topic(scope, 'MailFeedback', { enforceSSL: true });
    this.configurationSet.addEventDestination('MailFeedbackDestination', {
      destination: ses.EventDestination.snsTopic(this.feedback),
      events: FEEDBACK_EVENTS,
    });
    this.identity = new ses.EmailIdentity(scope, 'MailIdentity', {
      identity: ses.Identity.domain(senderDomain),
      configurationSet: this.configurationSet,
    });
    // The account-level suppression list, for every mail of the account
    // and region (SES has no CloudFormation resource for it): an address
    // that bounced for good or complained is never mailed again.
    const suppression = new cr.AwsCustomResource(scope, 'MailAccountSuppression', {
      onUpdate: {
        service: 'SESv2',
        action: 'PutAccountSuppressionAttributes',
        parameters: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
        physicalResourceId: cr.PhysicalResourceId.of('account-suppression'),
      },
      policy: cr.AwsCustomResourcePolicy.fromStatements([
        new iam.PolicyStatement({ actions: ['ses:PutAccountSuppressionAttributes'], resources: ['*'] }),
      ]),
      installLatestAwsSdk: false,
    });
    accept(suppression, 'AwsSolutions-IAM5');
    // CDK's function that makes the call: one for the stack.
    const caller = Stack.of(scope).node.tryFindChild(cr.AwsCustomResource.PROVIDER_FUNCTION_UUID.replace(/-/g, '').replace(/^/, 'AWS'));
    accept(caller ?? suppression, 'AwsSolutions-IAM4');
  }

  // fn hears every bounce and complaint SES reports.
  subscribeToFeedback(fn: lambda.IFunction): void {
    this.feedback.addSubscription(new subscriptions.LambdaSubscription(fn));
    // The validator expects an unqualified function; SNS invokes the alias
    // (fn is the live alias) by its qualified ARN.
    Validations.of(fn).acknowledge({ id: 'CloudFormation-Validate::W3694', reason: 'SNS invokes a Lambda alias by its qualified ARN' });
  }

  // Lets fn send mail from the sender's address, to anyone. SES checks
  // the sending right on every identity a mail involves: the sender's
  // domain, and in the sandbox each recipient's verified identity too, so
  // the right covers the account's identities, bound to the sender's
  // address (a grant on the sender's identity alone is refused for every
  // recipient in the sandbox).
  grantSend(fn: lambda.Function): void {
    const stack = Stack.of(this.scope);
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [`arn:${stack.partition}:ses:${stack.region}:${stack.account}:identity/*`],
        conditions: { StringEquals: { 'ses:FromAddress': this.senderAddress } },
      }),
    );
  }

  // SES signs mail only once these three CNAMEs are in the sender domain's DNS.
  addDkimOutputs(): void {
    this.identity.dkimRecords.forEach((record, i) => {
      new CfnOutput(this.scope, `MailDkimRecord${i + 1}`, {
        value: Fn.join(' ', [record.name, 'CNAME', record.value]),
        description: `DKIM record ${i + 1} of 3 for ${this.senderDomain}: add it to its DNS`,
      });
    });
  }
}
