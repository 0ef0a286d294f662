// The Turnout CDK app: `make synth` / `make deploy` run it (cdk.json).
import { App } from 'aws-cdk-lib';
import { fileURLToPath } from 'node:url';
import { AppStack } from '../lib/app-stack.js';
import { DataStack } from '../lib/data-stack.js';
import { siteSettings } from '../lib/site.js';
import { stageSettings } from '../lib/stage.js';

const app = new App();
const context = (key: string): string | undefined => (app.node.tryGetContext(key) as string | undefined) || undefined;

// Wrong parameters end the run with what is wrong, not a stack trace.
function settings() {
  try {
    const stage = stageSettings(context('stage') ?? 'dev');
    return { stage, site: siteSettings(stage.name, { domain: context('domain'), certificateArn: context('certificateArn'), mailFrom: context('mailFrom'), mailRate: context('mailRate') }) };
  } catch (err) {
    console.error(`turnout: ${(err as Error).message}`);
    process.exit(2);
  }
}
const { stage, site } = settings();
const env = { account: process.env.CDK_DEFAULT_ACCOUNT, region: context('region') ?? process.env.CDK_DEFAULT_REGION };
const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

const data = new DataStack(app, `Turnout-${stage.name}-Data`, { env, stage, site });
new AppStack(app, `Turnout-${stage.name}-App`, {
  env,
  stage,
  site,
  table: data.table,
  mediaBucket: data.mediaBucket,
  alarmEmail: context('alarmEmail'),
  lambdaZips: repo('dist'),
  webDist: repo('web/dist'),
});
