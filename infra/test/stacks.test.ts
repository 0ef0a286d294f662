// Assertions on the synthesized templates: each point the deployment must
// hold, checked offline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AppStack, ATTENDEE_PREFIX, BROADCAST_PREFIX, DELIVERY_PREFIX, CRAWLER_FILES, DEPARTURE_PREFIX, CRAWLER_PREFIX, FUNCTIONS, functionDescription, functionKind, type FunctionKind, CONFIG_VARIABLES, MAIL_LATE, ORGANIZATION_PREFIX, SCHEDULE_RETRIES, TABLE_OPERATIONS, ORGANIZATION_SK, OUTBOX_PREFIX, SEARCH_PARAMS, INVITE_PARAM, SECURITY_HEADERS, FIXED_ADDRESSES, SHARE_PATH, SHARE_PREFIX, ORGANIZATION_PAGES, organizationSharePath, LIVE_ALIAS, PRIORITY_OUTBOX_PREFIX } from '../lib/app-stack.js';
import { DataStack, MEDIA_OLD_VERSION_DAYS, OWNED_PROJECTION, SEARCH_PROJECTION, UPCOMING_PROJECTION } from '../lib/data-stack.js';
import { siteSettings } from '../lib/site.js';
import { ACCEPTED_FINDINGS } from '../lib/accepted.js';
import { AwsSolutionsChecks } from 'cdk-nag';
import { stageSettings } from '../lib/stage.js';

// Stand-ins for `make build` and the web build: the templates only need
// files to hash.
const out = mkdtempSync(join(tmpdir(), 'turnout-infra-'));
mkdirSync(join(out, 'dist'));
for (const fn of Object.keys(FUNCTIONS)) writeFileSync(join(out, 'dist', `${fn}.zip`), `zip of ${fn}`);
mkdirSync(join(out, 'web'));
writeFileSync(join(out, 'web', 'index.html'), '<div id="root"></div>');

// The feature flags `cdk synth` and `cdk deploy` use, so the templates
// tested are the ones deployed.
const cdkContext = JSON.parse(readFileSync(fileURLToPath(new URL('../../cdk.json', import.meta.url)), 'utf8')).context;

const CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789';

// dev on the distribution's own domain with a given sender; prod on its
// own domain, mail from it.
function synth(stageName: 'dev' | 'prod', outdir?: string) {
  const app = new App({ context: cdkContext, ...(outdir ? { outdir } : {}) });
  const stage = stageSettings(stageName);
  const site = stageName === 'prod'
    ? siteSettings('prod', { domain: 'turnout.example', certificateArn: CERTIFICATE })
    : siteSettings('dev', { mailFrom: 'Turnout Dev <hello@dev.turnout.example>' });
  const data = new DataStack(app, 'Data', { stage, site });
  const stack = new AppStack(app, 'App', {
    stage,
    site,
    table: data.table,
    mediaBucket: data.mediaBucket,
    lambdaZips: join(out, 'dist'),
    webDist: join(out, 'web'),
  });
  if (outdir) app.synth();
  const template = Template.fromStack(stack);
  return { root: app, data: Template.fromStack(data), app: template, appJson: JSON.stringify(template.toJSON()) };
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
      Match.objectLike({
        IndexName: 'GSI1',
        KeySchema: [{ AttributeName: 'GSI1PK', KeyType: 'HASH' }, { AttributeName: 'GSI1SK', KeyType: 'RANGE' }],
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: UPCOMING_PROJECTION },
      }),
      Match.objectLike({
        IndexName: 'GSI2',
        KeySchema: [{ AttributeName: 'GSI2PK', KeyType: 'HASH' }, { AttributeName: 'GSI2SK', KeyType: 'RANGE' }],
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: OWNED_PROJECTION },
      }),
      Match.objectLike({
        IndexName: 'GSI3',
        KeySchema: [{ AttributeName: 'GSI3PK', KeyType: 'HASH' }, { AttributeName: 'GSI3SK', KeyType: 'RANGE' }],
        Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: SEARCH_PROJECTION },
      }),
    ]),
    Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
  });
});

test('the index projections are the ones the store creates locally', () => {
  const store = readFileSync(fileURLToPath(new URL('../../pkg/store/store.go', import.meta.url)), 'utf8');
  const goList = (name: string) => {
    const m = store.match(new RegExp(`${name} = \\[\\]string\\{([^}]*)\\}`));
    assert.ok(m, `${name} in pkg/store/store.go`);
    return [...m[1].matchAll(/"([^"]+)"/g)].map((q) => q[1]);
  };
  assert.deepEqual(UPCOMING_PROJECTION, goList('upcomingProjection'));
  assert.deepEqual(OWNED_PROJECTION, goList('ownedProjection'));
  assert.deepEqual(SEARCH_PROJECTION, goList('searchProjection'));
});

test('production keeps its data; development cleans up', () => {
  prod.data.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Retain', Properties: Match.objectLike({ Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })] }) });
  prod.data.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain' });
  dev.data.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Delete' });
  assert.throws(() => stageSettings('staging'), /dev or prod/);
});

test('the media bucket is private, TLS only, CORS for the site, and forgets abandoned uploads', () => {
  prod.data.hasResourceProperties('AWS::S3::Bucket', {
    CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: ['POST'], AllowedOrigins: ['https://turnout.example'] })] },
  });
  dev.data.hasResourceProperties('AWS::S3::Bucket', {
    PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: ['POST'], AllowedOrigins: ['https://*.cloudfront.net'] })] },
    LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ Prefix: 'media/uploads/', ExpirationInDays: 1, Status: 'Enabled' })]) },
  });
  // Sign-up images of never-activated accounts outlive their activation
  // link (3 days) and then go.
  dev.data.hasResourceProperties('AWS::S3::Bucket', {
    LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ Prefix: 'media/pending/', ExpirationInDays: 4, Status: 'Enabled' })]) },
  });
  dev.data.hasResourceProperties('AWS::S3::BucketPolicy', {
    PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
  });
  // Versioned: a replaced or deleted image is recoverable for a week, then gone.
  dev.data.hasResourceProperties('AWS::S3::Bucket', {
    CorsConfiguration: Match.anyValue(),
    VersioningConfiguration: { Status: 'Enabled' },
    LifecycleConfiguration: {
      Rules: Match.arrayWith([Match.objectLike({ NoncurrentVersionExpiration: { NoncurrentDays: MEDIA_OLD_VERSION_DAYS }, ExpiredObjectDeleteMarker: true, Status: 'Enabled' })]),
    },
  });
});

// A function's resource in the template, found by its description.
function functionOf(template: Template, name: string): { id: string; props: Record<string, any> } {
  const found = Object.entries(template.findResources('AWS::Lambda::Function', { Properties: { Description: functionDescription(name, FUNCTIONS[name]!) } }));
  assert.equal(found.length, 1, `one ${name} function`);
  return { id: found[0]![0], props: (found[0]![1] as { Properties: Record<string, any> }).Properties };
}

// The live alias of the function named name: what every invoker calls.
function liveOf(template: Template, name: string): string {
  const { id } = functionOf(template, name);
  const found = Object.keys(template.findResources('AWS::Lambda::Alias', { Properties: { FunctionName: { Ref: id }, Name: LIVE_ALIAS } }));
  assert.equal(found.length, 1, `one live alias of ${name}`);
  return found[0]!;
}

test('every function is invoked through its live alias, on a version each deploy publishes and keeps', () => {
  const fns = Object.keys(FUNCTIONS);
  dev.app.resourceCountIs('AWS::Lambda::Alias', fns.length);
  const lives = new Set<string>();
  for (const name of fns) {
    const { id } = functionOf(dev.app, name);
    const live = liveOf(dev.app, name);
    lives.add(live);
    const alias = (dev.app.toJSON().Resources[live] as any).Properties;
    const version = dev.app.toJSON().Resources[alias.FunctionVersion['Fn::GetAtt'][0]] as any;
    assert.equal(version.Type, 'AWS::Lambda::Version', name);
    assert.deepEqual(version.Properties.FunctionName, { Ref: id }, name);
    // Kept when the next version replaces it: the rollback's target.
    assert.equal(version.DeletionPolicy, 'Retain', name);
  }
  // Nothing invokes a function but through its alias: the API's integrations,
  // the rule, the stream mapping and the feedback subscription.
  const resources = dev.app.toJSON().Resources as Record<string, any>;
  const invokers = Object.values(resources).flatMap((r) => {
    switch (r.Type) {
      case 'AWS::ApiGatewayV2::Integration': return [r.Properties.IntegrationUri];
      case 'AWS::Events::Rule': return r.Properties.Targets.map((t: any) => t.Arn);
      case 'AWS::Lambda::EventSourceMapping': return [r.Properties.FunctionName];
      case 'AWS::SNS::Subscription': return r.Properties.Protocol === 'lambda' ? [r.Properties.Endpoint] : [];
      default: return [];
    }
  });
  // One invoker a function, and the mailer's second mapping (priority mail).
  assert.equal(invokers.length, fns.length + 1);
  // The stream mapping names the alias as function:live, made from its ARN.
  const refersTo = (target: unknown) => [...JSON.stringify(target).matchAll(/"Ref":"(\w+)"/g)].map((m) => m[1]!);
  for (const target of invokers) assert.ok(refersTo(target).length === 1 && lives.has(refersTo(target)[0]!), `invoked through ${JSON.stringify(target)}`);
});

test('the same stage deploys in two regions of one account: every name of a global (CloudFront) resource carries its region', () => {
  const namesIn = (region: string) => {
    const app = new App({ context: cdkContext });
    const env = { account: '123456789012', region };
    const stage = stageSettings('prod');
    const site = siteSettings('prod', { domain: 'turnout.example', certificateArn: CERTIFICATE });
    const data = new DataStack(app, 'Turnout-prod-Data', { env, stage, site });
    const stack = new AppStack(app, 'Turnout-prod-App', { env, stage, site, table: data.table, mediaBucket: data.mediaBucket, lambdaZips: join(out, 'dist'), webDist: join(out, 'web') });
    const resources = Template.fromStack(stack).toJSON().Resources as Record<string, any>;
    const names: string[] = [];
    for (const r of Object.values(resources)) {
      if (!r.Type.startsWith('AWS::CloudFront::') || r.Type === 'AWS::CloudFront::Distribution') continue;
      const config = Object.entries(r.Properties).find(([k]) => k.endsWith('Config'))?.[1] as any;
      names.push(r.Properties.Name ?? config?.Name);
    }
    return names;
  };
  const [west, east] = [namesIn('eu-west-1'), namesIn('us-east-2')];
  // Cache, origin request and response headers policies, functions, origin access control.
  assert.ok(west.length >= 8, `${west}`);
  for (const [region, names] of [['eu-west-1', west], ['us-east-2', east]] as const) {
    for (const name of names) assert.ok(typeof name === 'string' && name.includes(region), `${name} names no region`);
  }
  assert.deepEqual(west.filter((n) => east.includes(n)), []);
});

test('cdk-nag (AwsSolutions) finds nothing beyond the accepted findings, which the README lists with their reasons', () => {
  for (const { root } of [dev, prod]) {
    // What each construct acknowledged (Validations.of(...).acknowledge), by path.
    const acknowledged = new Map<string, string[]>();
    for (const c of root.node.findAll()) {
      const rules = c.node.metadata.filter((m) => m.type === 'aws:cdk:acknowledged-rules').flatMap((m) => Object.keys(m.data as object));
      if (rules.length) acknowledged.set(c.node.path, rules);
    }
    // A finding is accepted when its construct or one above it acknowledged its rule.
    const accepted = (rule: string, path: string) => [...acknowledged].some(([at, rules]) => (path === at || path.startsWith(`${at}/`)) && rules.includes(`AwsSolutions::${rule.replace(/\[.*$/, '')}`));
    const report = new AwsSolutionsChecks().validateScope(root);
    assert.ok(report.violations.length > 0, 'the checks ran');
    const found = report.violations.flatMap((v) => v.violatingResources.map((r) => [v.ruleName, r.constructPath ?? r.resourceLogicalId ?? '']));
    assert.deepEqual(found.filter(([rule, path]) => !accepted(rule!, path!)).map(([rule, path]) => `${rule} on ${path}`), []);
  }
  const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
  for (const [id, reason] of Object.entries(ACCEPTED_FINDINGS)) assert.ok(readme.includes(`| ${id} | ${reason} |`), `README lists ${id}`);
});

test('make rollback points each live alias back at the version before it, and only with a version to go back to', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rollback-'));
  const calls = join(dir, 'calls');
  // A stand-in for the AWS CLI: the stack's functions, their aliases and versions.
  writeFileSync(join(dir, 'aws'), `#!/usr/bin/env bash
echo "$*" >> ${calls}
case "$1 $2" in
  "cloudformation describe-stack-resources") printf 'fn-users\tAWS::Lambda::Function\nfn-first\tAWS::Lambda::Function\nqueue\tAWS::SQS::Queue\n' ;;
  "lambda get-alias") case "$*" in *fn-users*) echo 7 ;; *fn-first*) echo 1 ;; *) exit 254 ;; esac ;;
  "lambda list-versions-by-function") case "$*" in *fn-users*) printf '$LATEST\t3\t5\t7\n' ;; *) printf '$LATEST\t1\n' ;; esac ;;
  "lambda update-alias") ;;
esac
`, { mode: 0o755 });
  const script = fileURLToPath(new URL('../rollback.sh', import.meta.url));
  const out = execFileSync('bash', [script, 'prod', 'eu-west-1'], { env: { ...process.env, PATH: `${dir}:${process.env.PATH}` }, encoding: 'utf8' });
  const made = readFileSync(calls, 'utf8').split('\n').filter((l) => l.startsWith('lambda update-alias'));
  assert.deepEqual(made, ['lambda update-alias --region eu-west-1 --function-name fn-users --name live --function-version 5 --output text --query FunctionVersion']);
  assert.match(out, /fn-users: live 7 → 5/);
  assert.match(out, /fn-first: no version before 1/);
});

test('every variable pkg/config reads (but those Lambda sets) is in CONFIG_VARIABLES', () => {
  const source = readFileSync(fileURLToPath(new URL('../../pkg/config/config.go', import.meta.url)), 'utf8');
  const read = [...source.matchAll(/^\s*Env\w+\s*=\s*"([A-Z0-9_]+)"/gm)].map((m) => m[1]!);
  const lambdaSets = ['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN'];
  assert.ok(read.includes('AWS_ENDPOINT_URL_SECRETS_MANAGER') && read.includes('TURNOUT_S3_ENDPOINT'), `found ${read}`);
  assert.deepEqual([...CONFIG_VARIABLES].sort(), read.filter((v) => !lambdaSets.includes(v)).sort());
});

test('seven arm64 provided.al2023 functions, each with the environment and timeout of its kind, and log retention', () => {
  assert.deepEqual(Object.keys(FUNCTIONS).sort(), ['events', 'feedback', 'mailer', 'media', 'organizations', 'reminders', 'users']);
  const fns = dev.app.findResources('AWS::Lambda::Function', { Properties: { Runtime: 'provided.al2023' } });
  assert.equal(Object.keys(fns).length, Object.keys(FUNCTIONS).length);
  // What each kind reads (pkg/config): the mailer serves no viewer and
  // touches no image; a scheduled job reads the table only.
  const environment: Record<FunctionKind, string[]> = {
    api: ['TURNOUT_TABLE', 'TURNOUT_MEDIA_BUCKET', 'TURNOUT_MAIL_FROM', 'TURNOUT_SIGNING_SECRET_ARN', 'TURNOUT_WEB_ORIGIN', 'TURNOUT_ORIGIN_SECRET'],
    mailer: ['TURNOUT_TABLE', 'TURNOUT_MAIL_FROM', 'TURNOUT_SIGNING_SECRET_ARN', 'TURNOUT_WEB_ORIGIN'],
    scheduled: ['TURNOUT_TABLE', 'TURNOUT_WEB_ORIGIN'],
    feedback: ['TURNOUT_TABLE'],
  };
  for (const [name, declared] of Object.entries(FUNCTIONS)) {
    const { props } = functionOf(dev.app, name);
    assert.equal(props.Runtime, 'provided.al2023', name);
    assert.deepEqual(props.Architectures, ['arm64'], name);
    assert.equal(props.Handler, 'bootstrap', name);
    const kind = functionKind(name, declared);
    const given = Object.entries(props.Environment.Variables as Record<string, unknown>).filter(([, v]) => v !== '').map(([k]) => k);
    assert.deepEqual(given.sort(), [...environment[kind]].sort(), `${name} environment`);
    // Every other variable pkg/config reads is declared, empty, for local runners.
    assert.deepEqual(Object.keys(props.Environment.Variables).sort(), [...new Set([...CONFIG_VARIABLES, ...environment[kind]])].sort(), `${name} declared`);
    assert.equal(props.Timeout, { api: 15, scheduled: 60, feedback: 30, mailer: 120 }[kind], `${name} timeout`);
  }
  // One log group per function, and the API's access logs.
  dev.app.resourcePropertiesCountIs('AWS::Logs::LogGroup', { RetentionInDays: 30 }, Object.keys(FUNCTIONS).length + 1);
});

// The reminders function and the rule that runs it, by their logical ids.
function remindersSchedule(template: Template) {
  const fn = functionOf(template, 'reminders');
  const live = liveOf(template, 'reminders');
  const rules = Object.entries(template.findResources('AWS::Events::Rule', { Properties: { Targets: Match.arrayWith([Match.objectLike({ Arn: { Ref: live } })]) } }));
  assert.equal(rules.length, 1, 'one rule runs the reminders function');
  return { fn, live, ruleId: rules[0]![0], rule: (rules[0]![1] as { Properties: Record<string, any> }).Properties };
}

test('an EventBridge rule runs the reminders function every 5 minutes, retried twice and never once the next run is due', () => {
  for (const template of [dev.app, prod.app]) {
    const { fn, live, ruleId, rule } = remindersSchedule(template);
    // The only rule of the stack, enabled, with the one target.
    template.resourceCountIs('AWS::Events::Rule', 1);
    assert.equal(rule.ScheduleExpression, 'rate(5 minutes)');
    assert.equal(rule.State, 'ENABLED');
    assert.equal(rule.Targets.length, 1);
    assert.deepEqual(rule.Targets[0].Arn, { Ref: live });
    assert.deepEqual(rule.Targets[0].RetryPolicy, { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 300 });
    // EventBridge, from this rule only, is all that may invoke it: no API
    // route, no stream.
    const invokes = (p: any) => JSON.stringify(p.Properties.FunctionName).includes(`"${live}"`) || JSON.stringify(p.Properties.FunctionName).includes(`"${fn.id}"`);
    const permissions = Object.values(template.findResources('AWS::Lambda::Permission')).filter(invokes) as any[];
    assert.deepEqual(
      permissions.map((p) => p.Properties),
      [{ Action: 'lambda:InvokeFunction', FunctionName: { Ref: live }, Principal: 'events.amazonaws.com', SourceArn: { 'Fn::GetAtt': [ruleId, 'Arn'] } }],
    );
    const mappings = Object.values(template.findResources('AWS::Lambda::EventSourceMapping')) as any[];
    assert.ok(!mappings.some(invokes), 'no stream feeds it');
  }
  assert.equal(FUNCTIONS.reminders!.schedule, 'rate(5 minutes)', 'functions.json holds the schedule the rule runs on');
});

test('the function the rule runs reads the table only (no signing key, media or mail), at 128 MB and up to a minute a run', () => {
  const { fn } = remindersSchedule(dev.app);
  assert.equal(fn.props.MemorySize, 128);
  assert.equal(fn.props.Timeout, 60);
  const env = fn.props.Environment.Variables;
  assert.deepEqual(Object.keys(env).filter((k) => env[k] !== '').sort(), ['TURNOUT_TABLE', 'TURNOUT_WEB_ORIGIN']);
  assert.equal(env.TURNOUT_SIGNING_SECRET_ARN, '');
  assert.deepEqual(env.TURNOUT_TABLE, functionOf(dev.app, 'mailer').props.Environment.Variables.TURNOUT_TABLE, 'the table the mailer reads');
  // Exactly the actions of functions.json, on the table; Query on its
  // indexes too (the due reminders are read from GSI1). A series' dates are
  // events it makes: a transaction checks their organization, a batch
  // writes what they are found by.
  const declared = FUNCTIONS.reminders!.table;
  assert.deepEqual([...declared].sort(), [
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
    'dynamodb:DeleteItem',
    'dynamodb:GetItem',
    'dynamodb:PutItem',
    'dynamodb:Query',
    'dynamodb:UpdateItem',
  ]);
  const granted = [...grantsOf(dev.app, 'reminders')];
  assert.deepEqual(new Set(granted.map((g) => g.split(' ')[0])), new Set(declared), 'its actions');
  const table = granted.find((g) => g.startsWith('dynamodb:PutItem '))!.slice('dynamodb:PutItem '.length);
  const indexes = JSON.stringify({ 'Fn::Join': ['', [JSON.parse(table), '/index/*']] });
  assert.deepEqual(new Set(granted), new Set([...declared.map((a) => `${a} ${table}`), `dynamodb:Query ${indexes}`]), 'on the table and its indexes only');
  // No other policy on its role than the logs.
  const role = dev.app.toJSON().Resources[fn.props.Role['Fn::GetAtt'][0]].Properties;
  assert.equal(role.ManagedPolicyArns.length, 1);
  assert.match(JSON.stringify(role.ManagedPolicyArns[0]), /AWSLambdaBasicExecutionRole/);
});

test('robots.txt and sitemap.xml come from the API, not the app', () => {
  const dist = Object.values(dev.app.findResources('AWS::CloudFront::Distribution'))[0] as any;
  const config = dist.Properties.DistributionConfig;
  const api = config.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
  for (const file of CRAWLER_FILES) {
    const behavior = config.CacheBehaviors.find((b: any) => b.PathPattern === file);
    assert.ok(behavior, file);
    assert.equal(behavior.TargetOriginId, api.TargetOriginId, `${file} goes to the API`);
    assert.equal(behavior.FunctionAssociations[0].EventType, 'viewer-request');
    const fnId = behavior.FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0];
    const code = dev.app.toJSON().Resources[fnId].Properties.FunctionCode as string;
    assert.ok(code.includes(`r.uri = '${CRAWLER_PREFIX}' + r.uri`), code);
  }
  // The Go API serves them there.
  assert.equal(CRAWLER_PREFIX, '/api/event/public');
});

// The viewer-request function of the behavior of pathPattern, which must
// send GET and HEAD to the API, as CloudFront would run it.
function apiRewrite(pathPattern: string): (e: unknown) => { uri: string; querystring: object } {
  const dist = Object.values(dev.app.findResources('AWS::CloudFront::Distribution'))[0] as any;
  const config = dist.Properties.DistributionConfig;
  const api = config.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
  const behavior = config.CacheBehaviors.find((b: any) => b.PathPattern === pathPattern);
  assert.ok(behavior, pathPattern);
  assert.equal(behavior.TargetOriginId, api.TargetOriginId);
  assert.deepEqual(behavior.AllowedMethods, ['GET', 'HEAD']);
  const fnId = behavior.FunctionAssociations[0].FunctionARN['Fn::GetAtt'][0];
  const code = dev.app.toJSON().Resources[fnId].Properties.FunctionCode as string;
  return new Function(`${code}; return handler;`)();
}

test("an event's shareable URL is answered by the API with the event's tags, its id rewritten into the path", () => {
  // Run the function as CloudFront would, on the requests it will see.
  const handler = apiRewrite(SHARE_PATH);
  const rewrite = (querystring: object) => handler({ request: { uri: SHARE_PATH, querystring } });
  assert.deepEqual(rewrite({ id: { value: '01JAZZ0000000000000000000A' } }), { uri: `${SHARE_PREFIX}01JAZZ0000000000000000000A`, querystring: {} });
  for (const q of [{}, { id: { value: '../user/profile' } }, { id: { value: 'a'.repeat(65) } }]) assert.equal(rewrite(q).uri, SHARE_PREFIX);
  // A private event's invite code stays, and nothing else does.
  const invited = rewrite({ id: { value: '01JAZZ0000000000000000000A' }, [INVITE_PARAM]: { value: 'Ab-_9' }, x: { value: 'y' } });
  assert.deepEqual(invited.querystring, { [INVITE_PARAM]: { value: 'Ab-_9' } });
  for (const value of ['a b', '<x>', 'a'.repeat(65)]) assert.deepEqual(rewrite({ id: { value: '01JAZZ0000000000000000000A' }, [INVITE_PARAM]: { value } }).querystring, {});
  assert.equal(SHARE_PREFIX, '/api/event/public/share/');
});

test("an organization's page is answered by the API with its tags, its id rewritten into the path", () => {
  const handler = apiRewrite(`${ORGANIZATION_PAGES}*`);
  const rewrite = (uri: string) => handler({ request: { uri, querystring: { a: { value: 'b' } } } });
  assert.deepEqual(rewrite('/organizations/01JAZZ0000000000000000000A'), { uri: '/api/organization/public/01JAZZ0000000000000000000A/share', querystring: {} });
  for (const uri of ['/organizations/', '/organizations/../user/profile', `/organizations/${'a'.repeat(65)}`]) assert.equal(rewrite(uri).uri, '/api/organization/public/-/share');
  // The Go API serves it there (pkg/api/events/organizations.go).
  assert.equal(organizationSharePath('x'), '/api/organization/public/x/share');
});

test("each function's memory is the size functions.json holds (chosen by make bench), a valid Lambda size", () => {
  for (const [name, declared] of Object.entries(FUNCTIONS)) {
    assert.ok(Number.isInteger(declared.memory) && declared.memory >= 128 && declared.memory <= 10240, `${name} memory ${declared.memory}`);
    dev.app.hasResourceProperties('AWS::Lambda::Function', { Description: functionDescription(name, declared), MemorySize: declared.memory });
  }
  // Login's argon2id is CPU-bound: users gets the most.
  assert.equal(Math.max(...Object.values(FUNCTIONS).map((f) => f.memory)), FUNCTIONS.users!.memory);
});

test('the mailer is fed only newly queued messages and broadcasts, registration changes and organizations\' changes from the table stream, retried for an hour; account mail by a mapping of its own', () => {
  dev.data.hasResourceProperties('AWS::DynamoDB::GlobalTable', { StreamSpecification: { StreamViewType: 'NEW_IMAGE' } });
  dev.app.resourceCountIs('AWS::Lambda::EventSourceMapping', 2);
  const mappings = (Object.values(dev.app.findResources('AWS::Lambda::EventSourceMapping')) as any[]).map((m) => m.Properties);
  const patternsOf = (props: any) => props.FilterCriteria.Filters.map((f: { Pattern: string }) => JSON.parse(f.Pattern));
  const [props, priority] = [...mappings].sort((a, b) => patternsOf(b).length - patternsOf(a).length);
  for (const m of [props, priority]) {
    assert.deepEqual(m.FunctionResponseTypes, ['ReportBatchItemFailures']);
    assert.equal(m.MaximumRecordAgeInSeconds, 3600);
    assert.equal(m.StartingPosition, 'TRIM_HORIZON');
    assert.ok(JSON.stringify(m.FunctionName).includes(`{"Ref":"${liveOf(dev.app, 'mailer')}"}`), 'the mailer\'s live alias');
    assert.ok(m.DestinationConfig.OnFailure.Destination, 'what it gives up is kept');
  }
  assert.deepEqual(patternsOf(props), [
    { eventName: ['INSERT'], dynamodb: { Keys: { PK: { S: [{ prefix: OUTBOX_PREFIX }, { prefix: DELIVERY_PREFIX }] } } } },
    { eventName: ['INSERT'], dynamodb: { Keys: { PK: { S: [{ prefix: BROADCAST_PREFIX }] } } } },
    { dynamodb: { Keys: { SK: { S: [{ prefix: ATTENDEE_PREFIX }] } } } },
    { eventName: ['INSERT'], dynamodb: { Keys: { PK: { S: [{ prefix: DEPARTURE_PREFIX }] } } } },
    { eventName: ['MODIFY'], dynamodb: { Keys: { PK: { S: [{ prefix: ORGANIZATION_PREFIX }] }, SK: { S: [ORGANIZATION_SK] } } } },
  ]);
  // Account mail is read apart: no backlog of event mail holds it up.
  assert.deepEqual(patternsOf(priority), [{ eventName: ['INSERT'], dynamodb: { Keys: { PK: { S: [{ prefix: PRIORITY_OUTBOX_PREFIX }] } } } }]);
  assert.ok(!PRIORITY_OUTBOX_PREFIX.startsWith(OUTBOX_PREFIX), 'the two mappings never read the same message');
  // The API functions queue mail; only the mailer may send it.
  for (const [name, declared] of Object.entries(FUNCTIONS)) assert.equal(declared.mail, name === 'mailer', name);
});

test('the HTTP API routes each path group to its function, throttled and logged', () => {
  for (const group of ['user', 'organization', 'event', 'media']) dev.app.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `ANY /api/${group}/{proxy+}` });
  dev.app.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
    StageName: '$default',
    DefaultRouteSettings: { ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 },
    AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
  });
});

// Each function's statements, keyed "action resource", read back from the
// template.
function grantsOf(template: Template, name: string): Set<string> {
  const fn = Object.values(template.findResources('AWS::Lambda::Function', { Properties: { Description: functionDescription(name, FUNCTIONS[name]!) } }))[0] as any;
  const role = fn.Properties.Role['Fn::GetAtt'][0];
  const out = new Set<string>();
  for (const policy of Object.values(template.findResources('AWS::IAM::Policy')) as any[]) {
    if (!policy.Properties.Roles.some((r: any) => r.Ref === role)) continue;
    for (const statement of policy.Properties.PolicyDocument.Statement) {
      for (const action of [statement.Action].flat()) {
        for (const resource of [statement.Resource].flat()) out.add(`${action} ${JSON.stringify(resource)}`);
      }
    }
  }
  return out;
}

test('each function may do only what its code does, on only what it needs', () => {
  const keyOf = (grant: string) => grant.match(/"\/(media\/[^"]*)"/)?.[1];
  for (const [name, declared] of Object.entries(FUNCTIONS)) {
    const granted = [...grantsOf(dev.app, name)];
    const actions = (prefix: string) => new Set(granted.filter((g) => g.startsWith(prefix)).map((g) => g.split(' ')[0]));
    // The stream's read actions come with the mailer's event source, on the stream only.
    const streamActions = ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams'];
    const onStream = new Set(granted.filter((g) => streamActions.includes(g.split(' ')[0]!)).map((g) => g.split(' ')[0]));
    const kind = functionKind(name, declared);
    assert.deepEqual(onStream, new Set(kind === 'mailer' ? streamActions : []), `${name} stream actions`);
    // The signing key is read by the API and the mailer only.
    assert.deepEqual(actions('secretsmanager:'), new Set(kind === 'api' || kind === 'mailer' ? ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'] : []), `${name} signing key`);
    assert.deepEqual(new Set([...actions('dynamodb:')].filter((a) => !onStream.has(a))), new Set(declared.table), `${name} table actions`);
    assert.equal(actions('ses:').size, declared.mail ? 1 : 0, `${name} mail`);
    for (const [action, keys] of Object.entries(declared.objects)) {
      const on = granted.filter((g) => g.startsWith(`s3:${action} `)).map(keyOf);
      assert.deepEqual(on.sort(), [...keys].sort(), `${name} s3:${action}`);
    }
    assert.deepEqual(actions('s3:'), new Set([...Object.keys(declared.objects).map((a) => `s3:${a}`), ...(declared.objects.GetObject ? ['s3:ListBucket'] : [])]), `${name} s3 actions`);
  }
  // The upload function touches nothing but the uploads.
  assert.deepEqual(
    [...grantsOf(dev.app, 'media')].filter((g) => g.startsWith('s3:')).map((g) => `${g.split(' ')[0]} ${keyOf(g)}`),
    ['s3:PutObject media/uploads/*'],
  );
  assert.ok(!dev.appJson.includes('dynamodb:Scan'), 'no function may scan');

  // Nothing but CDK's own deployment helpers has a wildcard action.
  for (const [id, policy] of Object.entries(dev.app.findResources('AWS::IAM::Policy'))) {
    for (const statement of (policy as any).Properties.PolicyDocument.Statement) {
      for (const action of [statement.Action].flat()) {
        assert.ok(!String(action).endsWith('*') || id.includes('CustomS3AutoDelete') || id.includes('CustomCDKBucketDeployment'), `${id} grants ${action}`);
      }
    }
  }
});

test('the signing key comes from Secrets Manager, never a literal', () => {
  dev.app.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ PasswordLength: 64, ExcludePunctuation: true }) });
  dev.app.hasResourceProperties('AWS::Lambda::Function', {
    Environment: { Variables: Match.objectLike({ TURNOUT_SIGNING_SECRET_ARN: { Ref: Match.stringLikeRegexp('SigningKey') } }) },
  });
  assert.ok(!/SecretString"\s*:\s*"/.test(dev.appJson), 'no secret value in the template');
  // Declared for local runners, never given a value here.
  for (const name of Object.keys(FUNCTIONS)) assert.equal(functionOf(dev.app, name).props.Environment.Variables.TURNOUT_SIGNING_KEY_FILE, '', name);
});

// The distribution's config, its behavior for / (the app from its
// bucket), and the security headers of a behavior's policy, as synthesized.
const distributionConfig = () => (Object.values(dev.app.findResources('AWS::CloudFront::Distribution'))[0] as any).Properties.DistributionConfig;
const defaultBehavior = () => distributionConfig().DefaultCacheBehavior;
const siteHeadersPolicy = (id: { Ref: string }) => dev.app.toJSON().Resources[id.Ref].Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;

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
        ContentSecurityPolicy: Match.objectLike({ ContentSecurityPolicy: Match.anyValue() }),
        ContentTypeOptions: Match.anyValue(),
        FrameOptions: Match.objectLike({ FrameOption: 'DENY' }),
        ReferrerPolicy: Match.anyValue(),
      }),
    }),
  });
  // Scripts, styles and images from the site only; uploads may go to the
  // media bucket and nowhere else.
  const policy = siteHeadersPolicy(defaultBehavior().ResponseHeadersPolicyId);
  const csp = JSON.stringify(policy.ContentSecurityPolicy.ContentSecurityPolicy);
  for (const part of ["default-src 'self'", "img-src 'self' blob:;", "frame-ancestors 'none'", "object-src 'none'"]) assert.ok(csp.includes(part), part);
  assert.match(csp, /connect-src 'self' https:\/\/",\{"Fn::(ImportValue|GetStackOutput)":[^;]*MediaBucket[^;]*"\.s3\."/);
  assert.ok(!csp.includes('*'), 'no wildcard source');
  // The file the local gateway reads too.
  for (const d of SECURITY_HEADERS.contentSecurityPolicy.filter((d) => !d.includes('{uploads}'))) assert.ok(csp.includes(d), d);
  dev.app.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
  dev.app.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: Match.stringLikeRegexp('index.html') });
});

test("the widget's page may be framed by any site, served as the file it is; every other answer keeps frame denial", () => {
  const behaviors = distributionConfig().CacheBehaviors as any[];
  const site = siteHeadersPolicy(defaultBehavior().ResponseHeadersPolicyId);
  assert.deepEqual(SECURITY_HEADERS.embeddable.paths, ['/embed.html']);
  for (const path of SECURITY_HEADERS.embeddable.paths) {
    const behavior = behaviors.find((b) => b.PathPattern === path);
    assert.ok(behavior, path);
    assert.equal(behavior.TargetOriginId, defaultBehavior().TargetOriginId, `${path} comes from the site bucket`);
    assert.equal(behavior.FunctionAssociations, undefined, `${path} is the file or nothing, never the app's page`);
    const framed = siteHeadersPolicy(behavior.ResponseHeadersPolicyId);
    assert.equal(framed.FrameOptions, undefined, 'no X-Frame-Options');
    const csp = framed.ContentSecurityPolicy.ContentSecurityPolicy;
    assert.ok(JSON.stringify(csp).includes('frame-ancestors *;'), JSON.stringify(csp));
    // Only frame-ancestors differs from the site's policy.
    assert.equal(JSON.stringify(csp).replace('frame-ancestors *;', "frame-ancestors 'none';"), JSON.stringify(site.ContentSecurityPolicy.ContentSecurityPolicy));
    for (const kept of ['StrictTransportSecurity', 'ContentTypeOptions', 'ReferrerPolicy']) assert.deepEqual(framed[kept], site[kept], kept);
  }
  assert.equal(site.FrameOptions.FrameOption, 'DENY');
  for (const behavior of behaviors.filter((b) => !SECURITY_HEADERS.embeddable.paths.includes(b.PathPattern))) {
    assert.deepEqual(behavior.ResponseHeadersPolicyId, defaultBehavior().ResponseHeadersPolicyId, `${behavior.PathPattern} keeps the site's headers`);
  }
  // The widget's loader and page keep no stale copy after a deploy.
  for (const path of SECURITY_HEADERS.embeddable.paths) assert.ok(FIXED_ADDRESSES.includes(path.slice(1)), path);
  assert.ok(FIXED_ADDRESSES.includes('embed.js'));
});

test('the edge serves the public list to everyone: its key is the page only, never Authorization', () => {
  const dist = Object.values(dev.app.findResources('AWS::CloudFront::Distribution'))[0] as any;
  const behaviors = dist.Properties.DistributionConfig.CacheBehaviors as any[];
  const patterns = behaviors.map((b) => b.PathPattern);
  // CloudFront takes the first match, so the public list comes before /api/*.
  assert.ok(patterns.indexOf('/api/event/public/*') >= 0 && patterns.indexOf('/api/event/public/*') < patterns.indexOf('/api/*'), patterns.join(' '));
  const list = behaviors.find((b) => b.PathPattern === '/api/event/public/*');
  const api = behaviors.find((b) => b.PathPattern === '/api/*');
  assert.deepEqual(list.AllowedMethods, ['GET', 'HEAD']);
  assert.equal(list.TargetOriginId, api.TargetOriginId, 'the same API origin, with its origin secret');
  assert.deepEqual(list.OriginRequestPolicyId, api.OriginRequestPolicyId, 'the API still hears the viewer address');
  const key = dev.app.toJSON().Resources[list.CachePolicyId.Ref].Properties.CachePolicyConfig;
  assert.equal(key.DefaultTTL, 0, 'cached only as long as the API says (s-maxage, stale-while-revalidate)');
  const params = key.ParametersInCacheKeyAndForwardedToOrigin;
  assert.deepEqual(params.HeadersConfig, { HeaderBehavior: 'none' });
  assert.deepEqual(params.CookiesConfig, { CookieBehavior: 'none' });
  // The search parameters are part of the key, or every search would get the plain list's answer;
  // so is a private event's invite code, or its page would be another visitor's 404.
  assert.deepEqual(params.QueryStringsConfig, { QueryStringBehavior: 'whitelist', QueryStrings: ['limit', 'after', ...SEARCH_PARAMS, INVITE_PARAM] });
  const goParams = readFileSync(fileURLToPath(new URL('../../pkg/api/events/search.go', import.meta.url)), 'utf8').match(/SearchParams = \[\]string\{([^}]*)\}/);
  assert.deepEqual([...goParams![1]!.matchAll(/"([^"]+)"/g)].map((q) => q[1]), SEARCH_PARAMS, 'the API reads the parameters the cache keys on');
});

test('CloudFront caches no error answer and rewrites none, so API errors stay JSON and end with their cause', () => {
  const dist = Object.values(dev.app.findResources('AWS::CloudFront::Distribution'))[0] as any;
  const errors = dist.Properties.DistributionConfig.CustomErrorResponses as any[];
  // Every status CloudFront would otherwise keep for 10 s despite no-store.
  assert.deepEqual(errors.map((e) => e.ErrorCode).sort(), [400, 403, 404, 405, 414, 500, 501, 502, 503, 504]);
  for (const e of errors) {
    assert.equal(e.ErrorCachingMinTTL, 0, `${e.ErrorCode} error caching`);
    // A page path or a new status would serve index.html for the API's JSON 403/404.
    assert.equal(e.ResponsePagePath, undefined, `${e.ErrorCode} page`);
    assert.equal(e.ResponseCode, undefined, `${e.ErrorCode} status`);
  }
  // The site's deep links still reach the app: its fallback is a viewer-request function, not an error page.
  assert.equal(dist.Properties.DistributionConfig.DefaultCacheBehavior.FunctionAssociations[0].EventType, 'viewer-request');
});

// The CloudFormation dynamic reference to a secret of the App stack, as
// synthesized.
const secretReference = (logicalIdPrefix: string) =>
  new RegExp(`^\\{"Fn::Join":\\["",\\["\\{\\{resolve:secretsmanager:",\\{"Ref":"${logicalIdPrefix}[0-9A-F]+"\\},":SecretString:::\\}\\}"\\]\\]\\}$`);

test('the API hears the client address from CloudFront only: a generated origin secret on both sides, the viewer address forwarded', () => {
  dev.app.hasResourceProperties('AWS::SecretsManager::Secret', {
    Description: Match.stringLikeRegexp('X-Turnout-Origin'),
    GenerateSecretString: Match.objectLike({ ExcludePunctuation: true, IncludeSpace: false }),
  });
  const dist = Object.values(dev.app.findResources('AWS::CloudFront::Distribution'))[0] as any;
  const config = dist.Properties.DistributionConfig;
  const api = config.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
  const apiOrigin = config.Origins.find((o: any) => o.Id === api.TargetOriginId);
  assert.ok(apiOrigin.CustomOriginConfig, 'the API is a custom origin');
  assert.equal(apiOrigin.OriginCustomHeaders.length, 1);
  assert.equal(apiOrigin.OriginCustomHeaders[0].HeaderName, 'X-Turnout-Origin');
  assert.match(JSON.stringify(apiOrigin.OriginCustomHeaders[0].HeaderValue), secretReference('OriginSecret'));
  // The other origins never see it.
  for (const o of config.Origins.filter((o: any) => o !== apiOrigin)) assert.equal(o.OriginCustomHeaders, undefined);

  // Every API function; the mailer serves no viewer.
  const fns = Object.values(dev.app.findResources('AWS::Lambda::Function', { Properties: { Runtime: 'provided.al2023' } })).filter((fn: any) => fn.Properties.Description.includes('/api/')) as any[];
  assert.equal(fns.length, 4);
  for (const fn of fns) assert.match(JSON.stringify(fn.Properties.Environment.Variables.TURNOUT_ORIGIN_SECRET), secretReference('OriginSecret'));

  // The /api/* origin request policy forwards the viewer's address and never the viewer's Host (API Gateway would refuse it).
  const policyId = api.OriginRequestPolicyId.Ref;
  const policy = dev.app.toJSON().Resources[policyId];
  assert.equal(policy?.Type, 'AWS::CloudFront::OriginRequestPolicy', 'a policy of this stack');
  const headers = policy.Properties.OriginRequestPolicyConfig.HeadersConfig;
  assert.equal(headers.HeaderBehavior, 'whitelist');
  assert.ok(headers.Headers.includes('CloudFront-Viewer-Address'));
  assert.ok(headers.Headers.includes('Content-Type'), 'the API reads bodies by their type');
  assert.ok(!headers.Headers.some((h: string) => /^(host|x-turnout-origin)$/i.test(h)));
});

test('the build is uploaded with long caching on hashed assets and none on the files at fixed addresses', () => {
  // Into a private bucket that only CloudFront reads.
  dev.app.resourceCountIs('AWS::S3::Bucket', 1);
  dev.app.hasResourceProperties('AWS::S3::Bucket', {
    PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
  });
  dev.app.hasResourceProperties('AWS::S3::BucketPolicy', {
    PolicyDocument: {
      Statement: Match.arrayWith([
        Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        Match.objectLike({ Principal: { Service: 'cloudfront.amazonaws.com' }, Action: 's3:GetObject' }),
      ]),
    },
  });
  dev.app.hasResourceProperties('Custom::CDKBucketDeployment', { SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' } });
  dev.app.hasResourceProperties('Custom::CDKBucketDeployment', {
    SystemMetadata: { 'cache-control': 'no-cache' },
    DistributionPaths: ['/index.html', '/embed.html', '/embed.js', '/openapi.json'],
  });
});

test('mail: the sender domain is an SES identity', () => {
  dev.app.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'dev.turnout.example' });
  dev.app.hasResourceProperties('AWS::Lambda::Function', {
    Environment: { Variables: Match.objectLike({ TURNOUT_MAIL_FROM: 'Turnout Dev <hello@dev.turnout.example>' }) },
  });
  // Without a sender, prod mails from its own domain.
  prod.app.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'turnout.example' });
  prod.app.hasResourceProperties('AWS::Lambda::Function', {
    Environment: { Variables: Match.objectLike({ TURNOUT_MAIL_FROM: 'Turnout <no-reply@turnout.example>' }) },
  });
});

test('the functions know the site origin on the first deploy: its domain, else the distribution', () => {
  const distributionDomain = { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('^Distribution'), 'DomainName'] }]] };
  // Every function that makes links (the feedback handler makes none).
  const linking = Object.entries(FUNCTIONS).filter(([name, grants]) => functionKind(name, grants) !== 'feedback').length;
  dev.app.resourcePropertiesCountIs('AWS::Lambda::Function', { Environment: { Variables: Match.objectLike({ TURNOUT_WEB_ORIGIN: distributionDomain }) } }, linking);
  dev.app.hasOutput('SiteUrl', { Value: distributionDomain });
  const devDist = Object.values(dev.app.findResources('AWS::CloudFront::Distribution'))[0] as any;
  assert.equal(devDist.Properties.DistributionConfig.Aliases, undefined);

  prod.app.hasResourceProperties('AWS::Lambda::Function', { Environment: { Variables: Match.objectLike({ TURNOUT_WEB_ORIGIN: 'https://turnout.example' }) } });
  prod.app.hasOutput('SiteUrl', { Value: 'https://turnout.example' });
  prod.app.hasResourceProperties('AWS::CloudFront::Distribution', {
    DistributionConfig: Match.objectLike({
      Aliases: ['turnout.example'],
      ViewerCertificate: { AcmCertificateArn: CERTIFICATE, SslSupportMethod: 'sni-only', MinimumProtocolVersion: 'TLSv1.2_2021' },
    }),
  });
});

// CloudFormation refuses a template whose resources refer to each other in
// a loop; synthesis does not check that within a stack, so this does.
function cycleIn(template: any): string[] | undefined {
  const resources = template.Resources as Record<string, any>;
  const refs = (node: unknown, into: Set<string>): Set<string> => {
    if (Array.isArray(node)) node.forEach((n) => refs(n, into));
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'Ref' && typeof value === 'string' && value in resources) into.add(value);
        else if (key === 'Fn::GetAtt') into.add(Array.isArray(value) ? value[0] : String(value).split('.')[0]);
        else refs(value, into);
      }
    }
    return into;
  };
  const edges = new Map(Object.entries(resources).map(([id, r]) => [id, refs([r.Properties, [r.DependsOn ?? []].flat().map((d: string) => ({ Ref: d }))], new Set())]));
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (id: string, path: string[]): string[] | undefined => {
    if (state.get(id) === 'done') return undefined;
    if (state.get(id) === 'visiting') return [...path, id];
    state.set(id, 'visiting');
    for (const next of edges.get(id) ?? []) {
      const cycle = visit(next, [...path, id]);
      if (cycle) return cycle;
    }
    state.set(id, 'done');
    return undefined;
  };
  for (const id of edges.keys()) {
    const cycle = visit(id, []);
    if (cycle) return cycle;
  }
  return undefined;
}

test('no stack refers to itself in a loop', () => {
  for (const t of [dev.data, dev.app, prod.data, prod.app]) assert.equal(cycleIn(t.toJSON()), undefined);
  // The check finds a loop when there is one.
  assert.deepEqual(cycleIn({ Resources: { A: { Properties: { X: { Ref: 'B' } } }, B: { Properties: { Y: { 'Fn::GetAtt': ['A', 'Arn'] } } } } }), ['A', 'B', 'A']);
});

test('site settings refuse what would deploy a broken site', () => {
  assert.throws(() => siteSettings('prod', {}), /prod stage is served on its own domain/);
  assert.throws(() => siteSettings('dev', { domain: 'turnout.example' }), /together/);
  assert.throws(() => siteSettings('dev', { certificateArn: CERTIFICATE }), /together/);
  assert.throws(() => siteSettings('dev', { domain: 'https://turnout.example', certificateArn: CERTIFICATE }), /not a host name/);
  assert.throws(() => siteSettings('dev', { domain: 'turnout.example', certificateArn: CERTIFICATE.replace('us-east-1', 'eu-west-1') }), /us-east-1/);
  assert.throws(() => siteSettings('dev', { mailFrom: 'Turnout <nobody>' }), /mail sender/);
  assert.deepEqual(siteSettings('dev', { mailFrom: 'ops@Mail.Example.org' }), { mailFrom: 'ops@Mail.Example.org', senderAddress: 'ops@Mail.Example.org', senderDomain: 'mail.example.org' });
  assert.equal(siteSettings('dev', { mailFrom: 'Turnout <hello@turnout.example>' }).senderAddress, 'hello@turnout.example');
  for (const bad of ['0', '-1', 'fast', 'Infinity']) assert.throws(() => siteSettings('dev', { mailFrom: 'ops@example.org', mailRate: bad }), /mail rate/);
});

test('the sending rate the deploy gives reaches the mailer, and only it', () => {
  const app = new App({ context: cdkContext });
  const stage = stageSettings('dev');
  const site = siteSettings('dev', { mailFrom: 'ops@example.org', mailRate: '1' });
  const data = new DataStack(app, 'RateData', { stage, site });
  const stack = new AppStack(app, 'RateApp', { stage, site, table: data.table, mediaBucket: data.mediaBucket, lambdaZips: join(out, 'dist'), webDist: join(out, 'web') });
  const fns = Template.fromStack(stack).findResources('AWS::Lambda::Function');
  const rates = Object.values(fns).map((f) => (f as { Properties: { Description?: string; Environment?: { Variables?: Record<string, string> } } }).Properties)
    .filter((p) => p.Environment?.Variables?.TURNOUT_MAIL_RATE).map((p) => [p.Description, p.Environment?.Variables?.TURNOUT_MAIL_RATE]);
  assert.deepEqual(rates, [[functionDescription('mailer', FUNCTIONS.mailer!), '1']]);
  // Unset, the mailer keeps pkg/config's default.
  assert.ok(!dev.appJson.includes('"TURNOUT_MAIL_RATE":"1'));
});

test('the mailer may send from the sender to anyone, in the SES sandbox too (where each recipient identity is checked)', () => {
  const policies = Object.values(dev.app.findResources('AWS::IAM::Policy')) as any[];
  const sends = policies.flatMap((p) => p.Properties.PolicyDocument.Statement).filter((s: any) => s.Action === 'ses:SendEmail');
  assert.equal(sends.length, 1);
  assert.deepEqual(sends[0].Condition, { StringEquals: { 'ses:FromAddress': 'hello@dev.turnout.example' } });
  const resource = JSON.stringify(sends[0].Resource);
  assert.ok(resource.endsWith(':identity/*"]]}'), `the account's identities, not only the sender's: ${resource}`);
});

test('the deploy entry point stops on bad parameters with the reason, before building anything', () => {
  const entry = fileURLToPath(new URL('../bin/turnout.ts', import.meta.url));
  const run = (context: Record<string, string>) => {
    try {
      execFileSync(process.execPath, ['--import', 'tsx', entry], { encoding: 'utf8', stdio: 'pipe', env: { ...process.env, CDK_CONTEXT_JSON: JSON.stringify(context) } });
      return { status: 0, stderr: '' };
    } catch (err) {
      const { status, stderr } = err as { status: number; stderr: string };
      return { status, stderr };
    }
  };
  const prod = run({ stage: 'prod' });
  assert.equal(prod.status, 2);
  assert.equal(prod.stderr.trim(), 'turnout: the prod stage is served on its own domain: give the domain and its certificate ARN');
  const staging = run({ stage: 'staging' });
  assert.equal(staging.status, 2);
  assert.match(staging.stderr, /^turnout: stage must be dev or prod/);
});

// The topic the alarms notify (the other carries SES's feedback).
const alarmTopic = (t: Template) => Object.keys(t.findResources('AWS::SNS::Topic')).find((id) => id.startsWith('Alarms'))!;

test('a failed mail send alarms at once, on the metric pkg/mail emits', () => {
  const topic = alarmTopic(dev.app);
  dev.app.hasResourceProperties('AWS::CloudWatch::Alarm', {
    Namespace: 'Turnout',
    MetricName: 'MailSendFailures',
    Statistic: 'Sum',
    Threshold: 1,
    DatapointsToAlarm: 1,
    ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    TreatMissingData: 'notBreaching',
    AlarmActions: [{ Ref: topic }],
  });
  // No dimensions: pkg/mail emits the metric without any, so the alarm counts every function's failures.
  const alarm = Object.values(dev.app.findResources('AWS::CloudWatch::Alarm', { Properties: { MetricName: 'MailSendFailures' } }))[0] as any;
  assert.equal(alarm.Properties.Dimensions, undefined);
});

test('the sender domain\'s three DKIM records are stack outputs', () => {
  const identity = Object.keys(dev.app.findResources('AWS::SES::EmailIdentity'))[0]!;
  for (const i of [1, 2, 3]) {
    dev.app.hasOutput(`MailDkimRecord${i}`, {
      Value: { 'Fn::Join': [' ', [{ 'Fn::GetAtt': [identity, `DkimDNSTokenName${i}`] }, 'CNAME', { 'Fn::GetAtt': [identity, `DkimDNSTokenValue${i}`] }]] },
      Description: Match.stringLikeRegexp('dev.turnout.example'),
    });
  }
});

test('alarms on API 5xx, Lambda errors and throttles, and DynamoDB throttling go to SNS', () => {
  const alarms = Object.values(dev.app.findResources('AWS::CloudWatch::Alarm')) as any[];
  const names = alarms.map((a) => a.Properties.MetricName ?? 'math');
  assert.ok(names.includes('math'), 'API 5xx rate');
  assert.equal(names.filter((n) => n === 'Errors').length, Object.keys(FUNCTIONS).length);
  assert.equal(names.filter((n) => n === 'Throttles').length, Object.keys(FUNCTIONS).length);
  // One of each per function, the scheduled job included.
  for (const name of Object.keys(FUNCTIONS)) {
    const { id } = functionOf(dev.app, name);
    for (const metric of ['Errors', 'Throttles']) {
      dev.app.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'AWS/Lambda', MetricName: metric, Dimensions: [{ Name: 'FunctionName', Value: { Ref: id } }] });
    }
  }
  for (const alarm of alarms) assert.deepEqual(alarm.Properties.AlarmActions, [{ Ref: alarmTopic(dev.app) }], 'every alarm notifies the topic');
  // The alarm topic and SES's feedback topic are published to over TLS only.
  dev.app.resourceCountIs('AWS::SNS::Topic', 2);
  dev.app.resourcePropertiesCountIs('AWS::SNS::TopicPolicy', {
    PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
  }, 2);
});

test('SES reports bounces and complaints to the feedback function, keeps those addresses off, and alarms on their rates', () => {
  // Every mail goes with the configuration set: the identity's default.
  const [setId] = Object.keys(dev.app.findResources('AWS::SES::ConfigurationSet', {
    Properties: { SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] }, ReputationOptions: { ReputationMetricsEnabled: true } },
  }));
  assert.ok(setId, 'a configuration set suppressing bounces and complaints');
  dev.app.hasResourceProperties('AWS::SES::EmailIdentity', { ConfigurationSetAttributes: { ConfigurationSetName: { Ref: setId } } });
  const feedback = Object.keys(dev.app.findResources('AWS::SNS::Topic')).find((id) => id.startsWith('MailFeedback'))!;
  dev.app.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
    ConfigurationSetName: { Ref: setId },
    EventDestination: { Enabled: true, MatchingEventTypes: ['send', 'bounce', 'complaint'], SnsDestination: { TopicARN: { Ref: feedback } } },
  });
  // SES may publish to it, and it invokes the feedback function.
  dev.app.hasResourceProperties('AWS::SNS::TopicPolicy', {
    Topics: [{ Ref: feedback }],
    PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: 'sns:Publish', Principal: { Service: 'ses.amazonaws.com' } })]) },
  });
  dev.app.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda', TopicArn: { Ref: feedback }, Endpoint: { Ref: liveOf(dev.app, 'feedback') } });
  // The account-level suppression list is on for bounces and complaints.
  const suppression = Object.values(dev.app.findResources('Custom::AWS')).map((r: any) => JSON.stringify(r.Properties.Update));
  assert.ok(suppression.some((call) => call.includes('PutAccountSuppressionAttributes') && call.includes('BOUNCE') && call.includes('COMPLAINT')), suppression.join());
  // The rates, a fraction of the account's mail, alarm below where SES reviews an account.
  for (const [metric, threshold] of [['Reputation.BounceRate', 0.02], ['Reputation.ComplaintRate', 0.0005]] as const) {
    dev.app.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SES', MetricName: metric, Threshold: threshold, Statistic: 'Maximum', EvaluationPeriods: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold', AlarmActions: [{ Ref: alarmTopic(dev.app) }],
    });
  }
});

test('each alarm can fire: error thresholds a function reaches in a period, throttling of every table operation the functions use', () => {
  // A scheduled job runs once a period and is retried SCHEDULE_RETRIES times.
  // An SNS notification is tried three times (Lambda's asynchronous retries).
  const reachable: Record<FunctionKind, number> = { api: Infinity, scheduled: 1 + SCHEDULE_RETRIES.retryAttempts!, feedback: 3, mailer: Infinity };
  for (const [name, grants] of Object.entries(FUNCTIONS)) {
    const kind = functionKind(name, grants);
    const { id } = functionOf(dev.app, name);
    const [errors] = Object.values(dev.app.findResources('AWS::CloudWatch::Alarm', { Properties: { MetricName: 'Errors', Dimensions: [{ Name: 'FunctionName', Value: { Ref: id } }] } })) as any[];
    assert.ok(errors.Properties.Threshold <= reachable[kind], `${name}: threshold ${errors.Properties.Threshold}, at most ${reachable[kind]} errors a period`);
    assert.equal(errors.Properties.Period, 300);
  }
  // Every operation a function is granted, DeleteItem and BatchWriteItem (the fan-outs) among them.
  for (const op of ['DeleteItem', 'BatchWriteItem', 'TransactWriteItems', 'Query']) assert.ok(TABLE_OPERATIONS.includes(op), op);
  for (const op of TABLE_OPERATIONS) {
    dev.app.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/DynamoDB',
      MetricName: 'ThrottledRequests',
      Dimensions: Match.arrayWith([{ Name: 'Operation', Value: op }]),
      Threshold: 1,
    });
  }
});

test('the mailer reads the stream the Data stack exports, so a replaced stream cannot leave it on the old one', () => {
  const mapping = Object.values(dev.app.findResources('AWS::Lambda::EventSourceMapping'))[0] as any;
  assert.match(mapping.Properties.EventSourceArn['Fn::ImportValue'] ?? '', /^Data:.*StreamArn/);
  assert.ok(!JSON.stringify(dev.app.toJSON()).includes('Fn::GetStackOutput'), 'no weak reference to the Data stack');
});

test('mail the mailer gives up lands in a queue that alarms, and late mail alarms', () => {
  const [queueId] = Object.keys(dev.app.findResources('AWS::SQS::Queue'));
  assert.ok(queueId, 'an on-failure queue');
  dev.app.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
    DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
  });
  dev.app.hasResourceProperties('AWS::SQS::QueuePolicy', {
    PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
  });
  dev.app.hasResourceProperties('AWS::CloudWatch::Alarm', {
    Namespace: 'AWS/SQS',
    MetricName: 'ApproximateNumberOfMessagesVisible',
    Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } }],
    Threshold: 1,
    DatapointsToAlarm: 1,
  });
  const { id } = functionOf(dev.app, 'mailer');
  dev.app.hasResourceProperties('AWS::CloudWatch::Alarm', {
    Namespace: 'AWS/Lambda',
    MetricName: 'IteratorAge',
    Statistic: 'Maximum',
    Dimensions: [{ Name: 'FunctionName', Value: { Ref: id } }],
    Threshold: MAIL_LATE.toMilliseconds(),
  });
});

test('the pinned CDK CLI reads the cloud assembly the pinned library writes', () => {
  const assembly = join(out, 'cdk.out');
  synth('dev', assembly);
  const cli = fileURLToPath(new URL('../node_modules/.bin/cdk', import.meta.url));
  const listed = execFileSync(cli, ['ls', '--app', assembly], { encoding: 'utf8', env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1' } });
  assert.deepEqual(listed.trim().split('\n').sort(), ['App', 'Data']);
});
