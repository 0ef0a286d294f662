import { RemovalPolicy } from 'aws-cdk-lib';

// What differs between a development and a production deployment.
export type StageName = 'dev' | 'prod';

export interface StageSettings {
  name: StageName;
  // Data outlives a production stack; a dev stack cleans up after itself.
  removalPolicy: RemovalPolicy;
  retainData: boolean;
}

export function stageSettings(name: string): StageSettings {
  if (name !== 'dev' && name !== 'prod') throw new Error(`stage must be dev or prod, not ${JSON.stringify(name)}`);
  const retainData = name === 'prod';
  return { name, retainData, removalPolicy: retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY };
}
