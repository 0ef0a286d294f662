import type { StageName } from './stage.js';

// Where the product is served and who its mail comes from.
export interface SiteSettings {
  // The site's own domain and its ACM certificate (in us-east-1, where
  // CloudFront reads certificates); absent, the site is served on the
  // distribution's cloudfront.net domain.
  domain?: { name: string; certificateArn: string };
  // The site's origin when it is known before deploying (a custom domain).
  origin?: string;
  // The sender of the product's mail, its bare address, and the domain
  // SES must verify.
  mailFrom: string;
  senderAddress: string;
  senderDomain: string;
  // SES's sending rate of the account (mails a second), which every mailer
  // instance shares (pkg/mail/sendrate); absent, the mailer's default.
  mailRate?: number;
}

export interface SiteInput {
  domain?: string;
  certificateArn?: string;
  mailFrom?: string;
  mailRate?: string;
}

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const CLOUDFRONT_CERTIFICATE = /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]+$/;
// "Name <address@domain>" or a bare address.
const SENDER = /^(?:[^<>@]+<([^<>\s@]+@([^<>\s@]+))>|([^<>\s@]+@([^<>\s@]+)))$/;

// The fallback sender lets `make synth` run with no parameters; `make deploy`
// insists on a real one.
export const EXAMPLE_SENDER = 'Turnout <no-reply@turnout.example>';

export function siteSettings(stage: StageName, input: SiteInput): SiteSettings {
  const name = input.domain?.trim().toLowerCase();
  const certificateArn = input.certificateArn?.trim();
  if (Boolean(name) !== Boolean(certificateArn)) throw new Error('give the domain and its certificate ARN together');
  if (stage === 'prod' && !name) throw new Error('the prod stage is served on its own domain: give the domain and its certificate ARN');
  if (name && !HOSTNAME.test(name)) throw new Error(`domain ${JSON.stringify(name)} is not a host name`);
  if (certificateArn && !CLOUDFRONT_CERTIFICATE.test(certificateArn)) {
    throw new Error('the certificate must be an ACM certificate ARN in us-east-1 (CloudFront reads certificates only there)');
  }

  const mailFrom = input.mailFrom?.trim() || (name ? `Turnout <no-reply@${name}>` : EXAMPLE_SENDER);
  const sender = SENDER.exec(mailFrom);
  if (!sender) throw new Error(`mail sender ${JSON.stringify(mailFrom)} is not "Name <address@domain>" or an address`);
  const senderAddress = (sender[1] ?? sender[3])!;
  const senderDomain = (sender[2] ?? sender[4])!.toLowerCase();

  const mailRate = input.mailRate?.trim() ? Number(input.mailRate) : undefined;
  if (mailRate !== undefined && !(Number.isFinite(mailRate) && mailRate > 0)) {
    throw new Error(`mail rate ${JSON.stringify(input.mailRate)} is not a positive number of mails a second`);
  }

  return {
    ...(mailRate !== undefined ? { mailRate } : {}),
    ...(name && certificateArn ? { domain: { name, certificateArn }, origin: `https://${name}` } : {}),
    mailFrom,
    senderAddress,
    senderDomain,
  };
}
