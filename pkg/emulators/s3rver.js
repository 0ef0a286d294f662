#!/usr/bin/env node
// Starts s3rver's own command line (same arguments as node_modules/.bin/s3rver)
// after teaching it to accept any access key id.
//
// s3rver knows a single hard-coded key pair, S3RVER/S3RVER, and answers every
// request signed with another key id with InvalidAccessKeyId. The product's
// SDK clients use dummy credentials against the emulators (pkg/config), so
// here an unknown key id is registered on first use for s3rver's dummy
// account, with the key id as its secret. SigV4 signatures are not verified
// by s3rver in any case.
'use strict';

const AWSAccount = require('s3rver/lib/models/account');

const registry = AWSAccount.registry;
const get = registry.get.bind(registry);
registry.get = accessKeyId => {
  const account = get(accessKeyId);
  if (account || typeof accessKeyId !== 'string' || accessKeyId === '') {
    return account;
  }
  AWSAccount.DUMMY_ACCOUNT.createKeyPair(accessKeyId, accessKeyId);
  return AWSAccount.DUMMY_ACCOUNT;
};

require('s3rver/bin/s3rver.js');
