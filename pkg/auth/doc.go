// Package auth holds Turnout's authentication primitives: password hashing,
// access and refresh tokens, one-time activation and password-reset links,
// and random identifiers. It is pure logic: no AWS, no HTTP, no storage.
//
// # Passwords
//
// HashPassword stores an argon2id hash in PHC form with its parameters, so
// VerifyPassword keeps working for old hashes after the parameters change.
// Call BurnPasswordCheck when a login names an unknown account, so that the
// answer takes as long as a wrong password for a known one.
//
// # Tokens
//
// Issuer signs and checks HS256 JWTs. Access tokens are short-lived; refresh
// tokens carry a caller-chosen jti and family so the store can rotate and
// revoke them, and a family never outlives the absolute expiry given at
// login. Both carry the user's session version, which the caller compares
// with the account's current one. Parsing allows 5 seconds of clock difference between machines (on exp
// and iat). Every parse failure wraps ErrInvalidToken.
//
// # Links
//
// LinkSigner makes stateless one-time tokens for activation and password
// reset, after Django's PasswordResetTokenGenerator: an HMAC over the
// purpose, the user id, a state string and a timestamp. Nothing is stored;
// a token stops working when it is older than the allowed age or when the
// state changes. The caller must therefore pass as state everything that
// changes once the link has done its job, for example the password hash, the
// active flag and the session version: activating the account or setting a
// new password changes the state, which kills the token (it is one-time), and
// so does any other password change made in the meantime.
package auth
