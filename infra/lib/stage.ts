import { RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';

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

// A bucket no one reaches but through the stack's own grants: no public
// access, TLS only, owner-enforced objects; emptied with a dev stack.
export function privateBucketProps(stage: StageSettings): s3.BucketProps {
  return {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    removalPolicy: stage.removalPolicy,
    autoDeleteObjects: !stage.retainData,
  };
}
