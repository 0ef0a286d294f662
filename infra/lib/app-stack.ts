import { Annotations, CfnOutput, Duration, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
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

// Each function, the /api/<route>/ paths it serves or the schedule an
// EventBridge rule runs it on (neither for the mailer, which the table's
// stream invokes), and the AWS actions its code uses:
// DynamoDB actions on the table, S3 actions on media keys (a trailing *
// matches the rest of a key), and whether it sends mail. The Go API tests
// record the calls every request makes and fail unless this file grants
// exactly those (pkg/api/apitest/permissions_test.go).
export interface FunctionGrants {
  // Memory in MB, chosen by `make bench` from the CPU a request uses
  // (functions/bench/init/memory.go).
  memory: number;
  route?: string;
  // An EventBridge schedule expression, e.g. "rate(5 minutes)" or
  // "cron(0 8 * * ? *)": a rule runs the function on it. A function has a
  // route or a schedule, never both.
  schedule?: string;
  table: string[];
  objects: Record<string, string[]>;
  mail: boolean;
}
export const FUNCTIONS: Record<string, FunctionGrants> = JSON.parse(
  readFileSync(fileURLToPath(new URL('./functions.json', import.meta.url)), 'utf8'),
);

// The security headers CloudFront adds to every answer. The local gateway
// reads the same file (functions/gateway/headers.go), so both send the same
// policy; {uploads} stands for the origin browsers upload images to.
export interface SecurityHeaders {
  contentSecurityPolicy: string[];
  frameOptions: cloudfront.HeadersFrameOption;
  referrerPolicy: cloudfront.HeadersReferrerPolicy;
  strictTransportSecurityDays: number;
}
export const SECURITY_HEADERS: SecurityHeaders = JSON.parse(
  readFileSync(fileURLToPath(new URL('./security-headers.json', import.meta.url)), 'utf8'),
);

// The header CloudFront adds to every request it sends the API, carrying a
// generated secret the functions also get (TURNOUT_ORIGIN_SECRET): only a
// request that has it came through CloudFront, so only then may the API
// trust CloudFront-Viewer-Address as the client's address.
export const ORIGIN_SECRET_HEADER = 'X-Turnout-Origin';

// The metric pkg/mail/ses emits for every failed send (metrics.go there).
export const MAIL_METRIC = { namespace: 'Turnout', name: 'MailSendFailures' };

// What invokes a function: the HTTP API (it has a route), an EventBridge
// rule (it has a schedule), or else the table's stream (the mailer).
export type FunctionKind = 'api' | 'scheduled' | 'mailer';
export function functionKind(name: string, grants: FunctionGrants): FunctionKind {
  if (grants.route && grants.schedule) throw new Error(`functions.json: ${name} has both a route and a schedule`);
  return grants.route ? 'api' : grants.schedule ? 'scheduled' : 'mailer';
}

// A function's description: the API paths it serves, or what it does.
export function functionDescription(name: string, grants: FunctionGrants): string {
  switch (functionKind(name, grants)) {
    case 'api':
      return `Turnout /api/${grants.route}/*`;
    case 'scheduled':
      return `Turnout ${name}: hands the reminders that are due to the mailer`;
    case 'mailer':
      return `Turnout ${name}: delivers the mail the API queues`;
  }
}

// The timeouts of the functions no request waits for.
export const FUNCTION_TIMEOUTS = { scheduled: Duration.minutes(1), mailer: Duration.minutes(2) };

// A scheduled run is retried twice, and not once the next run is due: the
// job is idempotent, and the next run does whatever a failed one left.
export const SCHEDULE_RETRIES = { retryAttempts: 2, maxEventAge: Duration.minutes(5) };

// OUTBOX_PREFIX starts the key of every queued message (pkg/store/outbox.go);
// BROADCAST_PREFIX the key of every mail to all of an event's people
// (pkg/store/broadcasts.go), which the mailer fans out into queued messages;
// ATTENDEE_PREFIX the sort key of every registration's attendee item
// (pkg/store/keys.go), whose changes the mailer turns into mails;
// DEPARTURE_PREFIX the key of a registration given up, seat or place
// in the queue (pkg/store/registrations.go), which the mailer confirms.
export const OUTBOX_PREFIX = 'MAIL#';
export const BROADCAST_PREFIX = 'BROADCAST#';
export const ATTENDEE_PREFIX = 'ATTENDEE#';
export const DEPARTURE_PREFIX = 'DEPARTED#';

// The mailer reads the table's stream, filtered to newly queued messages and
// broadcasts and the changes of registrations, so that no other write
// invokes it. A failed
// send is reported (batch item failures) and retried from that record on; a
// message is given up after an hour, when the links it carries are expiring
// (a reset link lives an hour).
function mailerSource(table: dynamodb.ITableV2): DynamoEventSource {
  return new DynamoEventSource(table, {
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
    ],
  });
}

// Files for crawlers, served by the API under CRAWLER_PREFIX
// (pkg/api/events/crawlers.go; functions/gateway/routes.go maps them too).
export const CRAWLER_FILES = ['/robots.txt', '/sitemap.xml'];
export const CRAWLER_PREFIX = '/api/event/public';

// An event's shareable URL (SHARE_PATH?id=…) is answered by the API under
// SHARE_PREFIX with the event's tags in the app's page
// (pkg/api/events/share.go; functions/gateway/routes.go rewrites it too).
export const SHARE_PATH = '/event/detail';

// The public list's search parameters (pkg/api/events/search.go), part of
// its cache key with limit and after.
export const SEARCH_PARAMS = ['q', 'from', 'to', 'category', 'city', 'near', 'radius_km'];
export const SHARE_PREFIX = '/api/event/public/share/';

// An organization's page (ORGANIZATION_PAGES + id) is answered the same way,
// by the API at organizationSharePath(id).
export const ORGANIZATION_PAGES = '/organizations/';
export const organizationSharePath = (id: string) => `/api/organization/public/${id}/share`;

// Status codes CloudFront caches for 10 s by default whatever the origin's
// Cache-Control says (416 it never caches).
export const CACHED_ERROR_CODES = [400, 403, 404, 405, 414, 500, 501, 502, 503, 504];

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
    const originSecret = new secrets.Secret(this, 'OriginSecret', {
      description: `Proves a request to the Turnout API came through CloudFront (header ${ORIGIN_SECRET_HEADER})`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
      removalPolicy: stage.removalPolicy,
    });
    // A CloudFormation dynamic reference: the value is resolved at deploy
    // time and never written into the template.
    const originSecretValue = originSecret.secretValue.unsafeUnwrap();
    const identity = new ses.EmailIdentity(this, 'MailIdentity', { identity: ses.Identity.domain(site.senderDomain) });

    const siteBucket = new s3.Bucket(this, 'SiteBucket', privateBucketProps(stage));

    // The API and the distribution come before the functions: the functions
    // need the site's origin, the distribution only the API's id, and the
    // routes that tie functions to the API are added last, so nothing here
    // depends on itself.
    this.api = new apigw.HttpApi(this, 'Api', { createDefaultStage: false, description: 'Turnout API' });
    this.distribution = this.cdn(siteBucket, props, originSecretValue);
    const origin = site.origin ?? `https://${this.distribution.distributionDomainName}`;

    // Configuration shared by every function, spread into each.
    const shared: Omit<lambda.FunctionProps, 'code' | 'handler'> = {
      runtime: lambda.Runtime.PROVIDED_AL2023,
      architecture: lambda.Architecture.ARM_64,
      timeout: Duration.seconds(15),
      environment: {
        TURNOUT_TABLE: props.table.tableName,
        TURNOUT_MEDIA_BUCKET: props.mediaBucket.bucketName,
        TURNOUT_MAIL_FROM: site.mailFrom,
        TURNOUT_SIGNING_SECRET_ARN: signingKey.secretArn,
        TURNOUT_WEB_ORIGIN: origin,
        TURNOUT_ORIGIN_SECRET: originSecretValue,
      },
    };

    // The mailer serves no viewer and touches no image: it gets only what
    // it reads (pkg/config Load), the key signing tickets included. A
    // scheduled job reads the table only (pkg/config LoadEnv): no secret,
    // no media, no mail.
    const environment: Record<FunctionKind, Record<string, string> | undefined> = {
      api: undefined,
      mailer: {
        TURNOUT_TABLE: props.table.tableName,
        TURNOUT_MAIL_FROM: site.mailFrom,
        TURNOUT_WEB_ORIGIN: origin,
        TURNOUT_SIGNING_SECRET_ARN: signingKey.secretArn,
      },
      scheduled: {
        TURNOUT_TABLE: props.table.tableName,
        TURNOUT_WEB_ORIGIN: origin,
      },
    };

    const made: Record<string, lambda.Function> = {};
    for (const [name, grants] of Object.entries(FUNCTIONS)) {
      const kind = functionKind(name, grants);
      const Name = `${name[0]!.toUpperCase()}${name.slice(1)}`;
      const fn = new lambda.Function(this, `${Name}Function`, {
        ...shared,
        description: functionDescription(name, grants),
        memorySize: grants.memory,
        ...(environment[kind] ? { environment: environment[kind] } : {}),
        // A busy run of a scheduled job may take longer than a request, and
        // the mailer's fan-out of a broadcast to 10,000 people takes about
        // 10 s of CPU at its 192 MB (make bench: 1.1 s on a full core).
        ...(kind === 'api' ? {} : { timeout: FUNCTION_TIMEOUTS[kind] }),
        code: lambda.Code.fromAsset(`${props.lambdaZips}/${name}.zip`),
        handler: 'bootstrap',
        logGroup: new logs.LogGroup(this, `${name}Logs`, { retention: logs.RetentionDays.ONE_MONTH, removalPolicy: stage.removalPolicy }),
      });
      this.grant(fn, grants, props, identity);
      if (kind !== 'scheduled') signingKey.grantRead(fn);
      if (kind === 'api') {
        this.api.addRoutes({
          path: `/api/${grants.route}/{proxy+}`,
          methods: [apigw.HttpMethod.ANY],
          integration: new HttpLambdaIntegration(`${name}Integration`, fn),
        });
      } else if (kind === 'scheduled') {
        new events.Rule(this, `${Name}Schedule`, {
          description: `Runs the Turnout ${name} function: ${grants.schedule}`,
          schedule: events.Schedule.expression(grants.schedule!),
          targets: [new targets.LambdaFunction(fn, SCHEDULE_RETRIES)],
        });
      } else {
        fn.addEventSource(mailerSource(props.table));
      }
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
    // SES signs mail only once these three CNAMEs are in the sender domain's DNS.
    identity.dkimRecords.forEach((record, i) => {
      new CfnOutput(this, `MailDkimRecord${i + 1}`, {
        value: Fn.join(' ', [record.name, 'CNAME', record.value]),
        description: `DKIM record ${i + 1} of 3 for ${site.senderDomain}: add it to its DNS`,
      });
    });
  }

  // Lets fn do exactly what functions.json lists for it.
  private grant(fn: lambda.Function, grants: FunctionGrants, props: AppStackProps, identity: ses.EmailIdentity): void {
    const table = props.table.tableArn;
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: grants.table, resources: [table] }));
    // Queries also read the indexes (the API's lists, the reminders that
    // are due on GSI1).
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
  private cdn(siteBucket: s3.IBucket, props: AppStackProps, originSecret: string): cloudfront.Distribution {
    // Images come from /media/ on this origin; the only other place the app
    // talks to is the media bucket, where browsers upload.
    const uploads = `https://${props.mediaBucket.bucketName}.s3.${this.region}.${this.urlSuffix}`;
    const h = SECURITY_HEADERS;
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(h.strictTransportSecurityDays), includeSubdomains: true, preload: true, override: true },
        contentSecurityPolicy: {
          contentSecurityPolicy: h.contentSecurityPolicy.map((d) => d.replace('{uploads}', uploads)).join('; '),
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: h.frameOptions, override: true },
        referrerPolicy: { referrerPolicy: h.referrerPolicy, override: true },
      },
    });
    // API answers are cached only where the origin's Cache-Control allows
    // (the public event list and detail); the Authorization header and the
    // query string are part of the key, so nothing private is shared.
    // Authorization must stay in this key: CloudFront forwards it to the
    // origin only through the cache policy, and PATCH and DELETE of
    // /api/event/detail/{id}/ need it. The web app sends none on public
    // reads, so signed-in and anonymous visitors share one cached detail.
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
    // The public list has no private answer: its key is only the page
    // (limit, after), so every visitor, signed in or not, shares the edge's
    // copy, within the origin's s-maxage and stale-while-revalidate.
    const publicListCache = new cloudfront.CachePolicy(this, 'PublicListCache', {
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.minutes(5),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.allowList('limit', 'after', ...SEARCH_PARAMS),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // The API's own headers, and the client's address for per-client limits.
    // (The managed AllViewerExceptHostHeader policy cannot name a CloudFront
    // header, and forwarding the viewer's Host would make API Gateway refuse
    // the request.) Authorization and the query string reach the API as part
    // of the cache key; the origin secret is a custom origin header, which
    // CloudFront sets over whatever a viewer sends.
    const apiRequests = new cloudfront.OriginRequestPolicy(this, 'ApiRequests', {
      comment: 'Turnout API: its request headers and the viewer address',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList('Content-Type', 'Accept', 'Accept-Language', 'Origin', 'Referer', 'CloudFront-Viewer-Address'),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.all(),
    });
    const spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(
        "function handler(event) { var r = event.request; if (r.uri.indexOf('.') === -1) { r.uri = '/index.html'; } return r; }",
      ),
    });
    // robots.txt and sitemap.xml come from the API (they name the site's
    // origin and its upcoming events); the local gateway does the same.
    const crawlerFiles = new cloudfront.Function(this, 'CrawlerFiles', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(`function handler(event) { var r = event.request; r.uri = '${CRAWLER_PREFIX}' + r.uri; return r; }`),
    });
    // Only an id that could be an event's goes into the path; any other
    // query gets the app's plain page.
    const sharePages = new cloudfront.Function(this, 'SharePages', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(
        `function handler(event) { var r = event.request; var id = r.querystring.id ? r.querystring.id.value : ''; ` +
          `r.uri = '${SHARE_PREFIX}' + (/^[0-9A-Za-z]{1,64}$/.test(id) ? id : ''); r.querystring = {}; return r; }`,
      ),
    });
    // An id that could not be an organization's becomes '-', which is none.
    const organizationPages = new cloudfront.Function(this, 'OrganizationPages', {
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(
        `function handler(event) { var r = event.request; var id = r.uri.slice(${ORGANIZATION_PAGES.length}); ` +
          `r.uri = '${organizationSharePath("' + (/^[0-9A-Za-z]{1,64}$/.test(id) ? id : '-') + '")}'; r.querystring = {}; return r; }`,
      ),
    });
    const apiDomain = `${this.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    const apiOrigin = new origins.HttpOrigin(apiDomain, { customHeaders: { [ORIGIN_SECRET_HEADER]: originSecret } });
    // A page of the site the API answers: rewrite moves its address to the API's.
    const rewrittenToApi = (rewrite: cloudfront.IFunction): cloudfront.BehaviorOptions => ({
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: publicListCache,
      originRequestPolicy: apiRequests,
      responseHeadersPolicy: headers,
      functionAssociations: [{ function: rewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    });
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
      // CloudFront caches these error answers of GET requests for 10 s
      // whatever the origin's Cache-Control says; an API error (a 503 while
      // the table throttles, a 404 just before the event is created) must
      // not outlive its cause. The setting is distribution-wide: the site's
      // paths without a dot never reach S3 as errors (the SPA fallback
      // rewrites them first), and a missing file or image is re-asked of S3.
      // No page path or status: answers pass through as the origin sent
      // them, so the API's JSON never becomes HTML.
      errorResponses: CACHED_ERROR_CODES.map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      // CloudFront takes the first pattern that matches: the public list
      // before the rest of the API.
      additionalBehaviors: {
        ...Object.fromEntries(CRAWLER_FILES.map((file) => [file, rewrittenToApi(crawlerFiles)])),
        [SHARE_PATH]: rewrittenToApi(sharePages),
        [`${ORGANIZATION_PAGES}*`]: rewrittenToApi(organizationPages),
        '/api/event/public/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: publicListCache,
          originRequestPolicy: apiRequests,
          responseHeadersPolicy: headers,
        },
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: apiCache,
          originRequestPolicy: apiRequests,
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
    // Two bad periods of three, unless one is already worth a look.
    const alarm = (id: string, metric: cloudwatch.IMetric, threshold: number, datapointsToAlarm = 2) =>
      new cloudwatch.Alarm(this, id, {
        metric,
        threshold,
        evaluationPeriods: 3,
        datapointsToAlarm,
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
    // pkg/mail logs one metric line in CloudWatch's embedded metric format
    // per failed send: a sign-up, reset or notice that reached nobody.
    alarm('MailSendFailures', new cloudwatch.Metric({ namespace: MAIL_METRIC.namespace, metricName: MAIL_METRIC.name, statistic: 'Sum', period: Duration.minutes(5) }), 1, 1);
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
