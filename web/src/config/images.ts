// Shown when an account has no avatar or logo.
export const PLACEHOLDER_IMAGE = '/placeholder-avatar.svg';
