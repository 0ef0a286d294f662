import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { accept } from './accepted.js';
import { addAlarms } from './app/alarms.js';
import { Api } from './app/api.js';
import { addDistribution, ORIGIN_SECRET_HEADER } from './app/cdn.js';
import { addFunctions } from './app/functions.js';
import { Mail } from './app/mail.js';
import type { SiteSettings } from './site.js';
import { privateBucketProps, type StageSettings } from './stage.js';

export * from './app/alarms.js';
export * from './app/cdn.js';
export * from './app/functions.js';
export * from './app/stream.js';
export { MAIL_METRIC } from './app/mail.js';

// The web build's files whose address never changes, unlike its hashed
// assets: the app's page, the embeddable widget's page and its loader.
export const FIXED_ADDRESSES = ['index.html', 'embed.html', 'embed.js', 'openapi.json'];

export interface AppStackProps extends StackProps {
  stage: StageSettings;
  table: dynamodb.ITableV2;
  mediaBucket: s3.IBucket;
  // The site's domain (if its own) and the mail sender.
  site: SiteSettings;
  // Where `make build` and the web build put their output.
  lambdaZips: string;
  webDist: string;
  // Optional e-mail address that receives the alarms.
  alarmEmail?: string;
}

// The product: the functions behind an HTTP API, and the site in front of
// it all. The stack only assembles the parts in lib/app/ (API, functions,
// mail, CDN, alarms). They build into the stack's own scope rather than
// being constructs of their own: a construct level would rename every
// resource's logical ID, and CloudFormation would replace the signing key,
// the site bucket and the distribution of a deployed stage.
export class AppStack extends Stack {
  readonly api: apigw.HttpApi;
  readonly distribution: cloudfront.Distribution;
  readonly functions: Record<string, lambda.Function>;

  constructor(scope: Construct, id: string, props: AppStackProps) {
    super(scope, id, props);
    const { stage, site } = props;

    const signingKey = new secrets.Secret(this, 'SigningKey', {
      description: 'Signs Turnout access and refresh tokens and one-time links',
      // 64 letters and digits are valid base64 for 48 random bytes, which is
      // what pkg/config reads.
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: stage.removalPolicy,
    });
    const originSecret = new secrets.Secret(this, 'OriginSecret', {
      description: `Proves a request to the Turnout API came through CloudFront (header ${ORIGIN_SECRET_HEADER})`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
      removalPolicy: stage.removalPolicy,
    });
    // A CloudFormation dynamic reference: the value is resolved at deploy
    // time and never written into the template.
    const originSecretValue = originSecret.secretValue.unsafeUnwrap();
    accept(signingKey, 'AwsSolutions-SMG4');
    accept(originSecret, 'AwsSolutions-SMG4');
    const mail = new Mail(this, site.senderDomain, site.senderAddress);
    const siteBucket = new s3.Bucket(this, 'SiteBucket', privateBucketProps(stage));
    accept(siteBucket, 'AwsSolutions-S1');

    // The API and the distribution come before the functions: the functions
    // need the site's origin, the distribution only the API's id, and the
    // routes that tie functions to the API are added last, so nothing here
    // depends on itself.
    const api = new Api(this);
    this.api = api.httpApi;
    this.distribution = addDistribution(this, { siteBucket, mediaBucket: props.mediaBucket, api: this.api, site, originSecret: originSecretValue });
    const origin = site.origin ?? `https://${this.distribution.distributionDomainName}`;

    // What the mailer's stream source gives up (stream.ts), kept two weeks.
    const mailerFailures = new sqs.Queue(this, 'MailerFailures', {
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    accept(mailerFailures, 'AwsSolutions-SQS3');
    this.functions = addFunctions(this, {
      mailerFailures,
      table: props.table,
      mediaBucket: props.mediaBucket,
      signingKey,
      api,
      mail,
      lambdaZips: props.lambdaZips,
      removalPolicy: stage.removalPolicy,
      environment: {
        TURNOUT_TABLE: props.table.tableName,
        TURNOUT_MEDIA_BUCKET: props.mediaBucket.bucketName,
        TURNOUT_MAIL_FROM: site.mailFrom,
        TURNOUT_SIGNING_SECRET_ARN: signingKey.secretArn,
        TURNOUT_WEB_ORIGIN: origin,
        TURNOUT_ORIGIN_SECRET: originSecretValue,
      },
      mailFrom: site.mailFrom,
      mailRate: site.mailRate,
      origin,
    });
    const apiStage = api.addStage(stage.removalPolicy);
    this.deployWebApp(siteBucket, props.webDist);
    addAlarms(this, { apiStage, functions: this.functions, table: props.table, mailerFailures, email: props.alarmEmail });
    new CfnOutput(this, 'MailerFailuresQueue', { value: mailerFailures.queueUrl, description: 'What the mailer gave up: README, "Mail the mailer gave up"' });

    new CfnOutput(this, 'SiteUrl', { value: origin });
    new CfnOutput(this, 'DistributionDomain', {
      value: this.distribution.distributionDomainName,
      description: site.domain ? `Point ${site.domain.name} at this (a CNAME, or a Route 53 alias)` : 'The site is served here',
    });
    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint, description: 'API Gateway\'s own endpoint: it answers 403 to anything that did not come through the site' });
    mail.addDkimOutputs();
  }

  // The web build into the site bucket: hashed assets cached for a year,
  // the files at fixed addresses never (and dropped from the edge's cache
  // on each deploy): the app's page, the widget's page and the loader that
  // other sites include (docs/widget.md), and the API's document.
  private deployWebApp(siteBucket: s3.IBucket, webDist: string): void {
    new deploy.BucketDeployment(this, 'WebAssets', {
      sources: [deploy.Source.asset(webDist, { exclude: FIXED_ADDRESSES })],
      destinationBucket: siteBucket,
      cacheControl: [deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      prune: false,
    });
    const index = new deploy.BucketDeployment(this, 'WebIndex', {
      sources: [deploy.Source.asset(webDist, { exclude: ['*', ...FIXED_ADDRESSES.map((file) => `!${file}`)] })],
      destinationBucket: siteBucket,
      cacheControl: [deploy.CacheControl.noCache()],
      prune: false,
      distribution: this.distribution,
      distributionPaths: FIXED_ADDRESSES.map((file) => `/${file}`),
    });
    // CDK's deployment helper: one function for both, in the stack's scope.
    const helper = this.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    accept(helper ?? index, 'AwsSolutions-IAM4', 'AwsSolutions-IAM5', 'AwsSolutions-L1');
  }
}
