import { Duration, ReferenceStrength, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { accept } from './accepted.js';
import type { SiteSettings } from './site.js';
import { privateBucketProps, type StageSettings } from './stage.js';

export interface DataStackProps extends StackProps {
  stage: StageSettings;
  // Browsers upload images straight to the media bucket from the site.
  site: SiteSettings;
}

// The stateful resources: the one table and the media bucket.
// What each index holds besides keys: only what its lists read, so a
// write copies little into it (pkg/store/store.go, upcomingProjection and
// ownedProjection, lists the same).
export const UPCOMING_PROJECTION = ['ID', 'OrganizationID', 'OrganizationName', 'Title', 'Description', 'Location', 'StartsAt', 'EndsAt', 'Capacity', 'BannerKey'];
export const OWNED_PROJECTION = ['ID', 'OrganizationID', 'OrganizationName', 'Title', 'Description', 'Location', 'StartsAt', 'EndsAt', 'Capacity', 'BannerKey'];
// The search index: what a search matches (pkg/store/search.go).
export const SEARCH_PROJECTION = ['ID', 'Words', 'Category', 'CityKey', 'Lat', 'Lng'];

// How long a replaced or deleted image stays recoverable.
export const MEDIA_OLD_VERSION_DAYS = 7;

export class DataStack extends Stack {
  readonly table: dynamodb.TableV2;
  readonly mediaBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { stage } = props;

    // Keys and indexes as pkg/store uses them (keys.go, store.go).
    this.table = new dynamodb.TableV2(this, 'Table', {
      partitionKey: { name: 'PK', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'SK', type: dynamodb.AttributeType.STRING },
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: 'TTL',
      // New images feed the mailer function (pkg/store/outbox.go).
      dynamoStream: dynamodb.StreamViewType.NEW_IMAGE,
      deletionProtection: stage.retainData,
      removalPolicy: stage.removalPolicy,
      globalSecondaryIndexes: [
        {
          indexName: 'GSI1',
          partitionKey: { name: 'GSI1PK', type: dynamodb.AttributeType.STRING },
          sortKey: { name: 'GSI1SK', type: dynamodb.AttributeType.STRING },
          projectionType: dynamodb.ProjectionType.INCLUDE,
          nonKeyAttributes: UPCOMING_PROJECTION,
        },
        {
          indexName: 'GSI2',
          partitionKey: { name: 'GSI2PK', type: dynamodb.AttributeType.STRING },
          sortKey: { name: 'GSI2SK', type: dynamodb.AttributeType.STRING },
          projectionType: dynamodb.ProjectionType.INCLUDE,
          nonKeyAttributes: OWNED_PROJECTION,
        },
        {
          indexName: 'GSI3',
          partitionKey: { name: 'GSI3PK', type: dynamodb.AttributeType.STRING },
          sortKey: { name: 'GSI3SK', type: dynamodb.AttributeType.STRING },
          projectionType: dynamodb.ProjectionType.INCLUDE,
          nonKeyAttributes: SEARCH_PROJECTION,
        },
      ],
    });
    // The app stack reads the table (its name, ARN and stream ARN) and the
    // bucket through exports, not weak references: a replaced stream would
    // otherwise leave the mailer's event source on the old one, silently,
    // since nothing in the app stack's template would change. With exports,
    // CloudFormation refuses to change what the app stack still imports
    // (README, "Replacing a Data resource").
    this.table.applyCrossStackReferenceStrength(ReferenceStrength.STRONG);

    this.mediaBucket = new s3.Bucket(this, 'MediaBucket', {
      ...privateBucketProps(stage),
      cors: [
        {
          allowedMethods: [s3.HttpMethods.POST],
          // The site's own domain; without one, the distribution's domain is
          // not known until the app stack exists, so any CloudFront domain
          // (each upload still needs a policy the API signed for one key).
          allowedOrigins: [props.site.origin ?? 'https://*.cloudfront.net'],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        // Browser uploads wait under media/uploads/ until the API checks
        // and claims them; whatever is never claimed goes after a day.
        { id: 'abandoned-uploads', prefix: 'media/uploads/', expiration: Duration.days(1) },
        // Sign-up images wait under media/pending/ until their account is
        // activated (then the API moves them); a never-activated account's
        // items expire by TTL 3 days after sign-up, its image a day later.
        { id: 'never-activated-sign-ups', prefix: 'media/pending/', expiration: Duration.days(4) },
        { id: 'incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // An image replaced or deleted (by mistake, or by a bad deploy) can
        // be brought back for a week (MEDIA_OLD_VERSION_DAYS), then it is
        // gone for good: a deleted account's pictures too.
        { id: 'old-versions', noncurrentVersionExpiration: Duration.days(MEDIA_OLD_VERSION_DAYS), expiredObjectDeleteMarker: true },
      ],
      versioned: true,
    });
    this.mediaBucket.applyCrossStackReferenceStrength(ReferenceStrength.STRONG);
    accept(this.mediaBucket, 'AwsSolutions-S1');

    // CloudFront reads checked images (not pending uploads) through origin
    // access control. The condition names the account's distributions by
    // pattern so this stack need not depend on the one that serves them.
    this.mediaBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudFrontReadsMedia',
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.mediaBucket.arnForObjects('media/avatars/*'), this.mediaBucket.arnForObjects('media/logos/*'), this.mediaBucket.arnForObjects('media/banners/*')],
        conditions: { StringLike: { 'AWS:SourceArn': `arn:${this.partition}:cloudfront::${this.account}:distribution/*` } },
      }),
    );
  }
}
