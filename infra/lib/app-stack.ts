import { Annotations, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as secrets from 'aws-cdk-lib/aws-secretsmanager';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SiteSettings } from './site.js';
import { privateBucketProps, type StageSettings } from './stage.js';

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

// Each function, the /api/<route>/ paths it serves, and the AWS actions its
// code uses: DynamoDB actions on the table, S3 actions on media keys (a
// trailing * matches the rest of a key), and whether it sends mail. The Go
// API tests record the calls every request makes and fail unless this file
// grants exactly those (pkg/api/apitest/permissions_test.go).
export interface FunctionGrants {
  route: string;
  table: string[];
  objects: Record<string, string[]>;
  mail: boolean;
}
export const FUNCTIONS: Record<string, FunctionGrants> = JSON.parse(
  readFileSync(fileURLToPath(new URL('./functions.json', import.meta.url)), 'utf8'),
);

// The product: the functions behind an HTTP API, and the site in front of
// it all.
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
    const identity = new ses.EmailIdentity(this, 'MailIdentity', { identity: ses.Identity.domain(site.senderDomain) });

    const siteBucket = new s3.Bucket(this, 'SiteBucket', privateBucketProps(stage));

    // The API and the distribution come before the functions: the functions
    // need the site's origin, the distribution only the API's id, and the
    // routes that tie functions to the API are added last, so nothing here
    // depends on itself.
    this.api = new apigw.HttpApi(this, 'Api', { createDefaultStage: false, description: 'Turnout API' });
    this.distribution = this.cdn(siteBucket, props);
    const origin = site.origin ?? `https://${this.distribution.distributionDomainName}`;

    // Configuration shared by every function, spread into each.
    const shared: Omit<lambda.FunctionProps, 'code' | 'handler'> = {
      runtime: lambda.Runtime.PROVIDED_AL2023,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.seconds(15),
      environment: {
        TURNOUT_TABLE: props.table.tableName,
        TURNOUT_MEDIA_BUCKET: props.mediaBucket.bucketName,
        TURNOUT_MAIL_FROM: site.mailFrom,
        TURNOUT_SIGNING_SECRET_ARN: signingKey.secretArn,
        TURNOUT_WEB_ORIGIN: origin,
      },
    };

    const made: Record<string, lambda.Function> = {};
    for (const [name, grants] of Object.entries(FUNCTIONS)) {
      const fn = new lambda.Function(this, `${name[0]!.toUpperCase()}${name.slice(1)}Function`, {
        ...shared,
        description: `Turnout /api/${grants.route}/*`,
        code: lambda.Code.fromAsset(`${props.lambdaZips}/${name}.zip`),
        handler: 'bootstrap',
        logGroup: new logs.LogGroup(this, `${name}Logs`, { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: stage.removalPolicy }),
      });
      this.grant(fn, grants, props, identity);
      signingKey.grantRead(fn);
      this.api.addRoutes({
        path: `/api/${grants.route}/{proxy+}`,
        methods: [apigw.HttpMethod.ANY],
        integration: new HttpLambdaIntegration(`${name}Integration`, fn),
      });
      made[name] = fn;
    }
    this.functions = made;

    const accessLogs = new logs.LogGroup(this, 'ApiAccessLogs', { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: stage.removalPolicy });
    const apiStage = new apigw.HttpStage(this, 'ApiStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 200, burstLimit: 400 },
    });
    (apiStage.node.defaultChild as apigw.CfnStage).accessLogSettings = {
      destinationArn: accessLogs.logGroupArn,
      format: JSON.stringify({
        requestId: '$context.requestId',
        ip: '$context.identity.sourceIp',
        method: '$context.httpMethod',
        route: '$context.routeKey',
        status: '$context.status',
        latencyMs: '$context.responseLatency',
        integrationError: '$context.integrationErrorMessage',
      }),
    };

    new deploy.BucketDeployment(this, 'WebAssets', {
      sources: [deploy.Source.asset(props.webDist, { exclude: ['index.html'] })],
      destinationBucket: siteBucket,
      cacheControl: [deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      prune: false,
    });
    new deploy.BucketDeployment(this, 'WebIndex', {
      sources: [deploy.Source.asset(props.webDist, { exclude: ['*', '!index.html'] })],
      destinationBucket: siteBucket,
      cacheControl: [deploy.CacheControl.noCache()],
      prune: false,
      distribution: this.distribution,
      distributionPaths: ['/index.html'],
    });

    this.alarms(apiStage, props.table, props.alarmEmail);

    new CfnOutput(this, 'SiteUrl', { value: origin });
    new CfnOutput(this, 'DistributionDomain', {
      value: this.distribution.distributionDomainName,
      description: site.domain ? `Point ${site.domain.name} at this (a CNAME, or a Route 53 alias)` : 'The site is served here',
    });
    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint });
  }

  // Lets fn do exactly what functions.json lists for it.
  private grant(fn: lambda.Function, grants: FunctionGrants, props: AppStackProps, identity: ses.EmailIdentity): void {
    const table = props.table.tableArn;
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: grants.table, resources: [table] }));
    // Queries also read the indexes.
    if (grants.table.includes('dynamodb:Query')) {
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${table}/index/*`] }));
    }
    for (const [action, keys] of Object.entries(grants.objects)) {
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: [`s3:${action}`], resources: keys.map((key) => props.mediaBucket.arnForObjects(key)) }));
    }
    // Without it a missing upload reads as access denied, not as missing.
    if (grants.objects.GetObject) {
      fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [props.mediaBucket.bucketArn] }));
    }
    if (grants.mail) {
      fn.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['ses:SendEmail'], resources: [`arn:${this.partition}:ses:${this.region}:${this.account}:identity/${identity.emailIdentityName}`] }),
      );
    }
  }

  // One distribution: the app from its bucket (with the SPA fallback done
  // by a viewer-request function, so API 403/404 answers stay JSON), /api/*
  // to the HTTP API, /media/* to the media bucket.
  private cdn(siteBucket: s3.IBucket, props: AppStackProps): cloudfront.Distribution {
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, preload: true, override: true },
        contentSecurityPolicy: {
          // Images come from /media/ on this origin; the only other place
          // the app talks to is the media bucket, where browsers upload.
          contentSecurityPolicy: [
            "default-src 'self'",
            "img-src 'self'",
            `connect-src 'self' https://${props.mediaBucket.bucketName}.s3.${this.region}.${this.urlSuffix}`,
            "style-src 'self' 'unsafe-inline'",
            "object-src 'none'",
            "frame-ancestors 'none'",
            "base-uri 'self'",
            "form-action 'self'",
          ].join('; '),
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });
    // API answers are cached only where the origin's Cache-Control allows
    // (the public event list and detail); the Authorization header and the
    // query string are part of the key, so nothing private is shared.
    const apiCache = new cloudfront.CachePolicy(this, 'ApiCache', {
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.minutes(5),
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(
        "function handler(event) { var r = event.request; if (r.uri.indexOf('.') === -1) { r.uri = '/index.html'; } return r; }",
      ),
    });
    const apiDomain = `${this.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    const domain = props.site.domain;
    // The media bucket's policy is the data stack's (see CloudFrontReadsMedia there).
    Annotations.of(this).acknowledgeWarning('@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac', 'the data stack admits the distribution');
    return new cloudfront.Distribution(this, 'Distribution', {
      // The protocol floor applies only to a certificate of the site's own.
      ...(domain
        ? {
            domainNames: [domain.name],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(apiDomain),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: apiCache,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
        },
        '/media/*': {
          // An imported reference: the data stack's bucket policy already
          // admits the account's distributions, so nothing here edits it
          // (editing it would make the two stacks depend on each other).
          origin: origins.S3BucketOrigin.withOriginAccessControl(
            s3.Bucket.fromBucketAttributes(this, 'MediaOrigin', {
              bucketName: props.mediaBucket.bucketName,
              bucketRegionalDomainName: props.mediaBucket.bucketRegionalDomainName,
            }),
          ),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers,
        },
      },
    });
  }

  private alarms(apiStage: apigw.HttpStage, table: dynamodb.ITableV2, email: string | undefined): void {
    const topic = new sns.Topic(this, 'Alarms');
    if (email) new sns.Subscription(this, 'AlarmEmail', { topic, protocol: sns.SubscriptionProtocol.EMAIL, endpoint: email });
    const notify = new actions.SnsAction(topic);
    const alarm = (id: string, metric: cloudwatch.IMetric, threshold: number) =>
      new cloudwatch.Alarm(this, id, {
        metric,
        threshold,
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(notify);

    const requests = apiStage.metricCount({ period: Duration.minutes(5) });
    const errors = apiStage.metricServerError({ period: Duration.minutes(5) });
    alarm('Api5xxRate', new cloudwatch.MathExpression({ expression: '100 * errors / MAX([requests, 1])', usingMetrics: { errors, requests }, period: Duration.minutes(5), label: 'API 5xx %' }), 1);
    for (const [name, fn] of Object.entries(this.functions)) {
      alarm(`${name}Errors`, fn.metricErrors({ period: Duration.minutes(5) }), 5);
      alarm(`${name}Throttles`, fn.metricThrottles({ period: Duration.minutes(5) }), 1);
    }
    for (const op of ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'TransactWriteItems', 'BatchGetItem']) {
      alarm(
        `Table${op}Throttled`,
        new cloudwatch.Metric({
          namespace: 'AWS/DynamoDB',
          metricName: 'ThrottledRequests',
          dimensionsMap: { TableName: table.tableName, Operation: op },
          statistic: 'Sum',
          period: Duration.minutes(5),
        }),
        1,
      );
    }
  }
}
