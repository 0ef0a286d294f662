// Assertions on the synthesized templates: each point the deployment must
// hold, checked offline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AppStack, TABLE_ACTIONS } from '../lib/app-stack.js';
import { DataStack } from '../lib/data-stack.js';
import { stageSettings } from '../lib/stage.js';

// Stand-ins for `make build` and the web build: the templates only need
// files to hash.
const out = mkdtempSync(join(tmpdir(), 'turnout-infra-'));
mkdirSync(join(out, 'dist'));
for (const fn of ['users', 'organizations', 'events', 'media']) writeFileSync(join(out, 'dist', `${fn}.zip`), `zip of ${fn}`);
mkdirSync(join(out, 'web'));
writeFileSync(join(out, 'web', 'index.html'), '<div id="root"></div>');

function synth(stageName: 'dev' | 'prod', outdir?: string) {
  const app = new App(outdir ? { outdir } : {});
  const stage = stageSettings(stageName);
  const data = new DataStack(app, 'Data', { stage, siteOrigins: ['https://turnout.example'] });
  const site = new AppStack(app, 'App', {
    stage,
    table: data.table,
    mediaBucket: data.mediaBucket,
    mailFrom: 'Turnout <no-reply@turnout.example>',
    siteOrigin: 'https://turnout.example',
    lambdaZips: join(out, 'dist'),
    webDist: join(out, 'web'),
  });
  if (outdir) app.synth();
  return { data: Template.fromStack(data), app: Template.fromStack(site), appJson: JSON.stringify(Template.fromStack(site).toJSON()) };
}

const dev = synth('dev');
const prod = synth('prod');

test('the table is on demand, recoverable, with TTL and the store indexes', () => {
  dev.data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema: [
      { AttributeName: 'PK', KeyType: 'HASH' },
      { AttributeName: 'SK', KeyType: 'RANGE' },
    ],
    TimeToLiveSpecification: { AttributeName: 'TTL', Enabled: true },
    GlobalSecondaryIndexes: Match.arrayWith([
      Match.objectLike({ IndexName: 'GSI1', KeySchema: [{ AttributeName: 'GSI1PK', KeyType: 'HASH' }, { AttributeName: 'GSI1SK', KeyType: 'RANGE' }] }),
      Match.objectLike({ IndexName: 'GSI2', KeySchema: [{ AttributeName: 'GSI2PK', KeyType: 'HASH' }, { AttributeName: 'GSI2SK', KeyType: 'RANGE' }] }),
    ]),
    Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
  });
});

test('production keeps its data; development cleans up', () => {
  prod.data.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Retain', Properties: Match.objectLike({ Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })] }) });
  prod.data.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain' });
  dev.data.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Delete' });
  assert.throws(() => stageSettings('staging'), /dev or prod/);
});

test('the media bucket is private, TLS only, CORS for the site, and forgets abandoned uploads', () => {
  dev.data.hasResourceProperties('AWS::S3::Bucket', {
    PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: ['POST'], AllowedOrigins: ['https://turnout.example'] })] },
    LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ Prefix: 'media/uploads/', ExpirationInDays: 1, Status: 'Enabled' })]) },
  });
  dev.data.hasResourceProperties('AWS::S3::BucketPolicy', {
    PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
  });
});

test('four arm64 provided.al2023 functions with their configuration and log retention', () => {
  const fns = dev.app.findResources('AWS::Lambda::Function', { Properties: { Runtime: 'provided.al2023' } });
  assert.equal(Object.keys(fns).length, 4);
  for (const fn of Object.values(fns)) {
    const props = (fn as { Properties: Record<string, any> }).Properties;
    assert.deepEqual(props.Architectures, ['arm64']);
    assert.equal(props.Handler, 'bootstrap');
    for (const key of ['TURNOUT_TABLE', 'TURNOUT_MEDIA_BUCKET', 'TURNOUT_MAIL_FROM', 'TURNOUT_SIGNING_SECRET_ARN', 'TURNOUT_WEB_ORIGIN']) assert.ok(props.Environment.Variables[key], key);
  }
  dev.app.resourcePropertiesCountIs('AWS::Logs::LogGroup', { RetentionInDays: 30 }, 5);
});

test('the HTTP API routes each path group to its function, throttled and logged', () => {
  for (const group of ['user', 'organization', 'event', 'media']) dev.app.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `ANY /api/${group}/{proxy+}` });
  dev.app.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
    StageName: '$default',
    DefaultRouteSettings: { ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 },
    AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
  });
});

test('no policy grants a wildcard action, or any action on data beyond what the code uses', () => {
  const policies = dev.app.findResources('AWS::IAM::Policy');
  const allowed = new Set([...TABLE_ACTIONS, 's3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:ListBucket', 'ses:SendEmail', 'secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret']);
  for (const [id, policy] of Object.entries(policies)) {
    for (const statement of (policy as any).Properties.PolicyDocument.Statement) {
      for (const action of [statement.Action].flat()) {
        assert.ok(!String(action).endsWith('*') || id.includes('CustomS3AutoDelete') || id.includes('CustomCDKBucketDeployment'), `${id} grants ${action}`);
        if (/^(dynamodb|s3|ses):/.test(action) && !id.includes('CustomCDKBucketDeployment')) assert.ok(allowed.has(action), `${id} grants ${action}`);
      }
    }
  }
  assert.ok(!dev.appJson.includes('dynamodb:Scan'), 'no function may scan');
  dev.app.hasResourceProperties('AWS::IAM::Policy', {
    PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: 'ses:SendEmail' })]) },
  });
});

test('the signing key comes from Secrets Manager, never a literal', () => {
  dev.app.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ PasswordLength: 64, ExcludePunctuation: true }) });
  dev.app.hasResourceProperties('AWS::Lambda::Function', {
    Environment: { Variables: Match.objectLike({ TURNOUT_SIGNING_SECRET_ARN: { Ref: Match.stringLikeRegexp('SigningKey') } }) },
  });
  assert.ok(!/SecretString"\s*:\s*"/.test(dev.appJson), 'no secret value in the template');
  assert.ok(!/TURNOUT_SIGNING_KEY_FILE/.test(dev.appJson));
});

test('CloudFront: the app with a SPA fallback that spares the API, /api/* and /media/*, security headers', () => {
  dev.app.hasResourceProperties('AWS::CloudFront::Distribution', {
    DistributionConfig: Match.objectLike({
      DefaultRootObject: 'index.html',
      DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https', FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })] }),
      CacheBehaviors: Match.arrayWith([
        Match.objectLike({ PathPattern: '/api/*', AllowedMethods: Match.arrayWith(['PUT', 'PATCH', 'POST', 'DELETE']), OriginRequestPolicyId: Match.anyValue() }),
        Match.objectLike({ PathPattern: '/media/*' }),
      ]),
    }),
  });
  // No error-page rewrite: it would turn the API's JSON 403/404 into HTML.
  const dist = Object.values(dev.app.findResources('AWS::CloudFront::Distribution'))[0] as any;
  assert.equal(dist.Properties.DistributionConfig.CustomErrorResponses, undefined);
  dev.app.hasResourceProperties('AWS::CloudFront::CachePolicy', {
    CachePolicyConfig: Match.objectLike({
      DefaultTTL: 0,
      MinTTL: 0,
      ParametersInCacheKeyAndForwardedToOrigin: Match.objectLike({
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
      }),
    }),
  });
  dev.app.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
    ResponseHeadersPolicyConfig: Match.objectLike({
      SecurityHeadersConfig: Match.objectLike({
        StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: Match.anyValue() }),
        ContentSecurityPolicy: Match.objectLike({ ContentSecurityPolicy: Match.stringLikeRegexp("default-src 'self'") }),
        ContentTypeOptions: Match.anyValue(),
        FrameOptions: Match.objectLike({ FrameOption: 'DENY' }),
        ReferrerPolicy: Match.anyValue(),
      }),
    }),
  });
  dev.app.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
  dev.app.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: Match.stringLikeRegexp('index.html') });
});

test('the build is uploaded with long caching on hashed assets and none on index.html', () => {
  dev.app.hasResourceProperties('Custom::CDKBucketDeployment', { SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' } });
  dev.app.hasResourceProperties('Custom::CDKBucketDeployment', { SystemMetadata: { 'cache-control': 'no-cache' }, DistributionPaths: ['/index.html'] });
});

test('mail: the sender domain is an SES identity', () => {
  dev.app.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'turnout.example' });
});

test('alarms on API 5xx, Lambda errors and throttles, and DynamoDB throttling go to SNS', () => {
  const alarms = Object.values(dev.app.findResources('AWS::CloudWatch::Alarm')) as any[];
  const names = alarms.map((a) => a.Properties.MetricName ?? 'math');
  assert.ok(names.includes('math'), 'API 5xx rate');
  assert.equal(names.filter((n) => n === 'Errors').length, 4);
  assert.equal(names.filter((n) => n === 'Throttles').length, 4);
  assert.ok(names.filter((n) => n === 'ThrottledRequests').length >= 1);
  for (const alarm of alarms) assert.ok(alarm.Properties.AlarmActions?.length === 1, 'every alarm notifies the topic');
  dev.app.resourceCountIs('AWS::SNS::Topic', 1);
});

test('the pinned CDK CLI reads the cloud assembly the pinned library writes', () => {
  const assembly = join(out, 'cdk.out');
  synth('dev', assembly);
  const cli = fileURLToPath(new URL('../node_modules/.bin/cdk', import.meta.url));
  const listed = execFileSync(cli, ['ls', '--app', assembly], { encoding: 'utf8', env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1' } });
  assert.deepEqual(listed.trim().split('\n').sort(), ['App', 'Data']);
});
