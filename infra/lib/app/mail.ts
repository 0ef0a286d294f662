// The product's mail: the SES identity of the sender's domain, the right to
// send from it, and the DKIM records its DNS needs.
import { CfnOutput, Fn, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as ses from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';

// The metric pkg/mail/ses emits for every failed send (metrics.go there).
export const MAIL_METRIC = { namespace: 'Turnout', name: 'MailSendFailures' };

// Built in the stack's own scope (see AppStack): its logical IDs are the
// ones the stack has always deployed.
export class Mail {
  readonly identity: ses.EmailIdentity;

  constructor(
    private readonly scope: Construct,
    private readonly senderDomain: string,
    private readonly senderAddress: string,
  ) {
    this.identity = new ses.EmailIdentity(scope, 'MailIdentity', { identity: ses.Identity.domain(senderDomain) });
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
