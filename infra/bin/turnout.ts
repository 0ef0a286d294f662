// The Turnout CDK app: `make synth` / `make deploy` run it (cdk.json).
import { App } from 'aws-cdk-lib';
import { fileURLToPath } from 'node:url';
import { AppStack } from '../lib/app-stack.js';
import { DataStack } from '../lib/data-stack.js';
import { stageSettings } from '../lib/stage.js';

const app = new App();
const context = (key: string): string | undefined => app.node.tryGetContext(key) as string | undefined;
const stage = stageSettings(context('stage') ?? 'dev');
const env = { account: process.env.CDK_DEFAULT_ACCOUNT, region: context('region') ?? process.env.CDK_DEFAULT_REGION };
const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

// Browsers upload images straight to the media bucket from the site: its
// custom domain when there is one, else the CloudFront domain.
const siteOrigins = context('siteOrigin') ? [context('siteOrigin')!] : ['https://*.cloudfront.net'];

const data = new DataStack(app, `Turnout-${stage.name}-Data`, { env, stage, siteOrigins });
new AppStack(app, `Turnout-${stage.name}-App`, {
  env,
  stage,
  table: data.table,
  mediaBucket: data.mediaBucket,
  mailFrom: context('mailFrom') ?? 'Turnout <no-reply@turnout.example>',
  alarmEmail: context('alarmEmail'),
  siteOrigin: context('siteOrigin'),
  lambdaZips: repo('dist'),
  webDist: repo('web/dist'),
});
