// The CloudFront distribution in front of everything: the app from its
// bucket, the API, images from the media bucket, and the site pages the API
// answers (an event's or organization's shareable page, robots.txt and the
// sitemap).
import { Annotations, Duration, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { accept } from '../accepted.js';
import type { SiteSettings } from '../site.js';

// The security headers CloudFront adds to every answer. The local gateway
// reads the same file (tools/gateway/headers.go), so both send the same
// policy; {uploads} stands for the origin browsers upload images to.
export interface SecurityHeaders {
  contentSecurityPolicy: string[];
  frameOptions: cloudfront.HeadersFrameOption;
  // The pages any site may frame (the embeddable widget's, docs/widget.md):
  // the same policy with frame-ancestors set to frameAncestors and no
  // X-Frame-Options, which has no value that allows every site.
  embeddable: { paths: string[]; frameAncestors: string };
  referrerPolicy: cloudfront.HeadersReferrerPolicy;
  strictTransportSecurityDays: number;
}
export const SECURITY_HEADERS: SecurityHeaders = JSON.parse(
  readFileSync(fileURLToPath(new URL('../security-headers.json', import.meta.url)), 'utf8'),
);

// The header CloudFront adds to every request it sends the API, carrying a
// generated secret the functions also get (TURNOUT_ORIGIN_SECRET): only a
// request that has it came through CloudFront, so only then may the API
// trust CloudFront-Viewer-Address as the client's address.
export const ORIGIN_SECRET_HEADER = 'X-Turnout-Origin';

// Files for crawlers, served by the API under CRAWLER_PREFIX
// (pkg/api/events/crawlers.go; tools/gateway/routes.go maps them too).
export const CRAWLER_FILES = ['/robots.txt', '/sitemap.xml'];
export const CRAWLER_PREFIX = '/api/event/public';

// An event's shareable URL (SHARE_PATH?id=…) is answered by the API under
// SHARE_PREFIX with the event's tags in the app's page
// (pkg/api/events/share.go; tools/gateway/routes.go rewrites it too).
export const SHARE_PATH = '/event/detail';

// The public list's search parameters (pkg/api/events/search.go), part of
// its cache key with limit and after.
export const SEARCH_PARAMS = ['q', 'from', 'to', 'category', 'city', 'near', 'radius_km', 'lang'];
export const SHARE_PREFIX = '/api/event/public/share/';
// A private event's page opens with its invite code (?invite=): the share
// rewrite keeps it, and the public pages' cache keys on it.
export const INVITE_PARAM = 'invite';

// An organization's page (ORGANIZATION_PAGES + id) is answered the same way,
// by the API at organizationSharePath(id).
export const ORGANIZATION_PAGES = '/organizations/';
export const organizationSharePath = (id: string) => `/api/organization/public/${id}/share`;

// Status codes CloudFront caches for 10 s by default whatever the origin's
// Cache-Control says (416 it never caches).
export const CACHED_ERROR_CODES = [400, 403, 404, 405, 414, 500, 501, 502, 503, 504];

export interface CdnProps {
  siteBucket: s3.IBucket;
  mediaBucket: s3.IBucket;
  api: apigw.HttpApi;
  site: SiteSettings;
  // The value of ORIGIN_SECRET_HEADER (a dynamic reference).
  originSecret: string;
}

// One distribution: the app from its bucket (with the SPA fallback done
// by a viewer-request function, so API 403/404 answers stay JSON), /api/*
// to the HTTP API, /media/* to the media bucket. Built in the stack's own
// scope (see AppStack): its logical IDs are the ones always deployed.
export function addDistribution(scope: Construct, props: CdnProps): cloudfront.Distribution {
  const { headers, embeddableHeaders } = securityHeaders(scope, props.mediaBucket);
  const { apiCache, publicListCache, apiRequests } = apiPolicies(scope);
  const rewrites = viewerRewrites(scope);
  const stack = Stack.of(scope);
  const apiDomain = `${props.api.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  const apiOrigin = new origins.HttpOrigin(apiDomain, { customHeaders: { [ORIGIN_SECRET_HEADER]: props.originSecret } });
  const toApi = (cachePolicy: cloudfront.ICachePolicy, allowedMethods: cloudfront.AllowedMethods): cloudfront.BehaviorOptions => ({
    origin: apiOrigin,
    viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
    allowedMethods,
    cachePolicy,
    originRequestPolicy: apiRequests,
    responseHeadersPolicy: headers,
  });
  // A page of the site the API answers: rewrite moves its address to the API's.
  const rewrittenToApi = (rewrite: cloudfront.IFunction): cloudfront.BehaviorOptions => ({
    ...toApi(publicListCache, cloudfront.AllowedMethods.ALLOW_GET_HEAD),
    viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    functionAssociations: [{ function: rewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
  });
  // One origin per bucket, whichever behaviors read it.
  const bucketOrigin = (bucket: s3.IBucket) => origins.S3BucketOrigin.withOriginAccessControl(bucket);
  const siteOrigin = bucketOrigin(props.siteBucket);
  const fromBucket = (origin: cloudfront.IOrigin, responseHeadersPolicy = headers): cloudfront.BehaviorOptions => ({
    origin,
    viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
    responseHeadersPolicy,
  });
  // The media bucket's policy is the data stack's (see CloudFrontReadsMedia there).
  Annotations.of(scope).acknowledgeWarning('@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac', 'the data stack admits the distribution');
  const distribution = new cloudfront.Distribution(scope, 'Distribution', {
    ...ownDomain(scope, props.site),
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
      ...fromBucket(siteOrigin),
      functionAssociations: [{ function: rewrites.spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    },
    // CloudFront takes the first pattern that matches: the public list
    // before the rest of the API.
    additionalBehaviors: {
      // The widget's page: the file itself (never the SPA fallback, so the
      // app's page is never served where any site may frame it).
      ...Object.fromEntries(SECURITY_HEADERS.embeddable.paths.map((path) => [path, fromBucket(siteOrigin, embeddableHeaders)])),
      ...Object.fromEntries(CRAWLER_FILES.map((file) => [file, rewrittenToApi(rewrites.crawlerFiles)])),
      [SHARE_PATH]: rewrittenToApi(rewrites.sharePages),
      [`${ORGANIZATION_PAGES}*`]: rewrittenToApi(rewrites.organizationPages),
      '/api/event/public/*': toApi(publicListCache, cloudfront.AllowedMethods.ALLOW_GET_HEAD),
      '/api/*': toApi(apiCache, cloudfront.AllowedMethods.ALLOW_ALL),
      // An imported reference: the data stack's bucket policy already
      // admits the account's distributions, so nothing here edits it
      // (editing it would make the two stacks depend on each other).
      '/media/*': fromBucket(
        bucketOrigin(
          s3.Bucket.fromBucketAttributes(scope, 'MediaOrigin', {
            bucketName: props.mediaBucket.bucketName,
            bucketRegionalDomainName: props.mediaBucket.bucketRegionalDomainName,
          }),
        ),
      ),
    },
  });
  accept(distribution, 'AwsSolutions-CFR1', 'AwsSolutions-CFR2', 'AwsSolutions-CFR3', 'AwsSolutions-CFR4');
  // CloudFront's origin access controls are global: named by the stack alone,
  // a second region's deploy of the same stage would collide.
  for (const c of distribution.node.findAll()) {
    if (c instanceof cloudfront.CfnOriginAccessControl) {
      c.addPropertyOverride('OriginAccessControlConfig.Name', regionalName(scope, `${c.node.scope!.node.scope!.node.id}Access`));
    }
  }
  return distribution;
}

// The site's own domain and certificate, when it has one; the protocol
// floor applies only to a certificate of the site's own.
function ownDomain(scope: Construct, site: SiteSettings): Partial<cloudfront.DistributionProps> {
  const domain = site.domain;
  if (!domain) return {};
  return {
    domainNames: [domain.name],
    certificate: acm.Certificate.fromCertificateArn(scope, 'Certificate', domain.certificateArn),
    minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
  };
}

// The name of a CloudFront resource, which is global: the stack's name and
// region, so that the same stage can be deployed in two regions of one
// account. (CDK's own names for the cache policies and functions carry the
// region already.)
export function regionalName(scope: Construct, what: string): string {
  const stack = Stack.of(scope);
  return `${stack.stackName}-${what}-${stack.region}`;
}

// The site's policy, and the embeddable pages' (framed by any site).
function securityHeaders(scope: Construct, mediaBucket: s3.IBucket) {
  // Images come from /media/ on this origin; the only other place the app
  // talks to is the media bucket, where browsers upload.
  const stack = Stack.of(scope);
  const uploads = `https://${mediaBucket.bucketName}.s3.${stack.region}.${stack.urlSuffix}`;
  const h = SECURITY_HEADERS;
  const policy = (id: string, directives: string[], frameOptions?: cloudfront.ResponseHeadersFrameOptions) =>
    new cloudfront.ResponseHeadersPolicy(scope, id, {
      responseHeadersPolicyName: regionalName(scope, id),
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(h.strictTransportSecurityDays), includeSubdomains: true, preload: true, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: directives.map((d) => d.replace('{uploads}', uploads)).join('; '), override: true },
        contentTypeOptions: { override: true },
        ...(frameOptions ? { frameOptions } : {}),
        referrerPolicy: { referrerPolicy: h.referrerPolicy, override: true },
      },
    });
  return {
    headers: policy('SecurityHeaders', h.contentSecurityPolicy, { frameOption: h.frameOptions, override: true }),
    embeddableHeaders: policy('EmbeddableHeaders', framedBy(h.contentSecurityPolicy, h.embeddable.frameAncestors)),
  };
}

// directives with frame-ancestors set to ancestors, as the local gateway
// sets it too (tools/gateway/headers.go).
export function framedBy(directives: string[], ancestors: string): string[] {
  return directives.map((d) => (d.startsWith('frame-ancestors ') ? `frame-ancestors ${ancestors}` : d));
}

// What of a request reaches the API and what its answers are cached by.
function apiPolicies(scope: Construct) {
  const cacheOptions = {
    minTtl: Duration.seconds(0),
    defaultTtl: Duration.seconds(0),
    maxTtl: Duration.minutes(5),
    cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  };
  // API answers are cached only where the origin's Cache-Control allows
  // (the public event list and detail); the Authorization header and the
  // query string are part of the key, so nothing private is shared.
  // Authorization must stay in this key: CloudFront forwards it to the
  // origin only through the cache policy, and PATCH and DELETE of
  // /api/event/detail/{id}/ need it. The web app sends none on public
  // reads, so signed-in and anonymous visitors share one cached detail.
  const apiCache = new cloudfront.CachePolicy(scope, 'ApiCache', {
    ...cacheOptions,
    headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Authorization'),
    queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
  });
  // The public list has no private answer: its key is only the page
  // (limit, after), so every visitor, signed in or not, shares the edge's
  // copy, within the origin's s-maxage and stale-while-revalidate.
  const publicListCache = new cloudfront.CachePolicy(scope, 'PublicListCache', {
    ...cacheOptions,
    headerBehavior: cloudfront.CacheHeaderBehavior.none(),
    queryStringBehavior: cloudfront.CacheQueryStringBehavior.allowList('limit', 'after', ...SEARCH_PARAMS, INVITE_PARAM),
  });
  // The API's own headers, and the client's address for per-client limits.
  // (The managed AllViewerExceptHostHeader policy cannot name a CloudFront
  // header, and forwarding the viewer's Host would make API Gateway refuse
  // the request.) Authorization and the query string reach the API as part
  // of the cache key; the origin secret is a custom origin header, which
  // CloudFront sets over whatever a viewer sends.
  const apiRequests = new cloudfront.OriginRequestPolicy(scope, 'ApiRequests', {
    originRequestPolicyName: regionalName(scope, 'ApiRequests'),
    comment: 'Turnout API: its request headers and the viewer address',
    headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList('Content-Type', 'Accept', 'Accept-Language', 'Origin', 'Referer', 'CloudFront-Viewer-Address'),
    queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
    cookieBehavior: cloudfront.OriginRequestCookieBehavior.all(),
  });
  return { apiCache, publicListCache, apiRequests };
}

// The viewer-request functions that move a site address to where it is
// answered.
function viewerRewrites(scope: Construct) {
  const rewrite = (id: string, code: string) =>
    new cloudfront.Function(scope, id, { runtime: cloudfront.FunctionRuntime.JS_2_0, code: cloudfront.FunctionCode.fromInline(code) });
  return {
    spaFallback: rewrite('SpaFallback', "function handler(event) { var r = event.request; if (r.uri.indexOf('.') === -1) { r.uri = '/index.html'; } return r; }"),
    // robots.txt and sitemap.xml come from the API (they name the site's
    // origin and its upcoming events); the local gateway does the same.
    crawlerFiles: rewrite('CrawlerFiles', `function handler(event) { var r = event.request; r.uri = '${CRAWLER_PREFIX}' + r.uri; return r; }`),
    // Only an id that could be an event's goes into the path, and only an
    // invite code that could be one stays in the query; any other query
    // gets the app's plain page.
    sharePages: rewrite(
      'SharePages',
      `function handler(event) { var r = event.request; var q = r.querystring; var id = q.id ? q.id.value : ''; ` +
        `var code = q.${INVITE_PARAM} ? q.${INVITE_PARAM}.value : ''; ` +
        `r.uri = '${SHARE_PREFIX}' + (/^[0-9A-Za-z]{1,64}$/.test(id) ? id : ''); ` +
        `r.querystring = /^[0-9A-Za-z_-]{1,64}$/.test(code) ? { ${INVITE_PARAM}: { value: code } } : {}; return r; }`,
    ),
    // An id that could not be an organization's becomes '-', which is none.
    organizationPages: rewrite(
      'OrganizationPages',
      `function handler(event) { var r = event.request; var id = r.uri.slice(${ORGANIZATION_PAGES.length}); ` +
        `r.uri = '${organizationSharePath("' + (/^[0-9A-Za-z]{1,64}$/.test(id) ? id : '-') + '")}'; r.querystring = {}; return r; }`,
    ),
  };
}
