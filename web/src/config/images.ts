// Shown when an account has no avatar or logo (spec §2, §9).
export const PLACEHOLDER_IMAGE = '/placeholder-avatar.svg';
