package auth

import (
	"errors"
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// ErrInvalidToken is wrapped by every ParseAccess and ParseRefresh failure.
// The jwt sentinel that says why (jwt.ErrTokenExpired, ...) is wrapped too
// when there is one; error text never includes the token's contents.
var ErrInvalidToken = errors.New("invalid token")

const (
	typeAccess  = "access"
	typeRefresh = "refresh"

	// The shortest signing key Issuer and LinkSigner accept.
	minKeyLen = 32

	// Tolerance for clocks that differ slightly between machines: without it
	// a token checked a moment after it was issued elsewhere could look
	// "issued in the future".
	clockLeeway = 5 * time.Second

	// Far longer than any token we issue; refuses junk before decoding it.
	maxTokenLen = 4096
)

// Issuer signs and verifies Turnout's access and refresh tokens (HS256).
type Issuer struct {
	Key        []byte           // signing key (>= 32 bytes)
	Issuer     string           // e.g. "turnout"
	Audience   string           // e.g. "turnout-api"
	AccessTTL  time.Duration    // e.g. 15m
	RefreshTTL time.Duration    // e.g. 7 * 24h (sliding, per token)
	Now        func() time.Time // nil = time.Now
}

// AccessClaims are the claims of an access token.
type AccessClaims struct {
	jwt.RegisteredClaims        // Subject = user id, ID = random jti
	Type                 string `json:"typ"` // always "access"
	SessionVersion       int    `json:"sv"`
}

// RefreshClaims are the claims of a refresh token.
type RefreshClaims struct {
	jwt.RegisteredClaims        // Subject = user id, ID = jti (given by caller)
	Type                 string `json:"typ"` // always "refresh"
	SessionVersion       int    `json:"sv"`
	Family               string `json:"fam"`
}

func (i *Issuer) now() time.Time {
	if i.Now != nil {
		return i.Now()
	}
	return time.Now()
}

// check refuses a configuration that would sign weakly or skip a check
// (jwt treats an empty expected issuer or audience as "don't check").
func (i *Issuer) check() error {
	switch {
	case len(i.Key) < minKeyLen:
		return fmt.Errorf("signing key shorter than %d bytes", minKeyLen)
	case i.Issuer == "":
		return errors.New("issuer not set")
	case i.Audience == "":
		return errors.New("audience not set")
	}
	return nil
}

// Access issues an access token for userID, valid for AccessTTL.
func (i *Issuer) Access(userID string, sessionVersion int) (string, error) {
	return i.AccessAt(userID, NewID(), sessionVersion, i.now())
}

// AccessAt issues the access token with id jti as issued at the given time.
// The same arguments always give the same token, so a pair handed out once
// can be handed out again.
func (i *Issuer) AccessAt(userID, jti string, sessionVersion int, now time.Time) (string, error) {
	if err := i.check(); err != nil {
		return "", fmt.Errorf("issue access token: %w", err)
	}
	if i.AccessTTL <= 0 {
		return "", errors.New("issue access token: AccessTTL not set")
	}
	if userID == "" {
		return "", errors.New("issue access token: empty user id")
	}
	claims := AccessClaims{
		RegisteredClaims: i.registered(userID, jti, now, now.Add(i.AccessTTL)),
		Type:             typeAccess,
		SessionVersion:   sessionVersion,
	}
	token, err := i.sign(claims)
	if err != nil {
		return "", fmt.Errorf("issue access token: %w", err)
	}
	return token, nil
}

// Refresh issues a refresh token expiring at min(now+RefreshTTL, notAfter);
// notAfter is the family's absolute expiry (a login's session can never be
// extended past it), and must be in the future. Returns the token and its
// expiry as written in the token (whole seconds).
func (i *Issuer) Refresh(userID, jti, family string, sessionVersion int, notAfter time.Time) (token string, expires time.Time, err error) {
	return i.RefreshAt(userID, jti, family, sessionVersion, notAfter, i.now())
}

// RefreshAt is Refresh as issued at the given time; like AccessAt, it is
// deterministic.
func (i *Issuer) RefreshAt(userID, jti, family string, sessionVersion int, notAfter, now time.Time) (token string, expires time.Time, err error) {
	if err := i.check(); err != nil {
		return "", time.Time{}, fmt.Errorf("issue refresh token: %w", err)
	}
	switch {
	case i.RefreshTTL <= 0:
		return "", time.Time{}, errors.New("issue refresh token: RefreshTTL not set")
	case userID == "" || jti == "" || family == "":
		return "", time.Time{}, errors.New("issue refresh token: empty user id, jti or family")
	}
	exp := now.Add(i.RefreshTTL)
	if notAfter.Before(exp) {
		exp = notAfter
	}
	if !exp.After(now) {
		return "", time.Time{}, errors.New("issue refresh token: session already past its absolute expiry")
	}
	claims := RefreshClaims{
		RegisteredClaims: i.registered(userID, jti, now, exp),
		Type:             typeRefresh,
		SessionVersion:   sessionVersion,
		Family:           family,
	}
	token, err = i.sign(claims)
	if err != nil {
		return "", time.Time{}, fmt.Errorf("issue refresh token: %w", err)
	}
	return token, claims.ExpiresAt.Time, nil
}

func (i *Issuer) registered(subject, jti string, now, exp time.Time) jwt.RegisteredClaims {
	return jwt.RegisteredClaims{
		Issuer:    i.Issuer,
		Subject:   subject,
		Audience:  jwt.ClaimStrings{i.Audience},
		ExpiresAt: jwt.NewNumericDate(exp),
		IssuedAt:  jwt.NewNumericDate(now),
		ID:        jti,
	}
}

func (i *Issuer) sign(claims jwt.Claims) (string, error) {
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(i.Key)
}

// ParseAccess verifies an access token and returns its claims.
func (i *Issuer) ParseAccess(token string) (*AccessClaims, error) {
	var c AccessClaims
	if err := i.parse(token, &c); err != nil {
		return nil, err
	}
	if err := checkClaims(c.Type, typeAccess, &c.RegisteredClaims); err != nil {
		return nil, err
	}
	return &c, nil
}

// ParseRefresh verifies a refresh token and returns its claims. Whether the
// token is still active (not rotated or revoked) is for the caller's store.
func (i *Issuer) ParseRefresh(token string) (*RefreshClaims, error) {
	var c RefreshClaims
	if err := i.parse(token, &c); err != nil {
		return nil, err
	}
	if err := checkClaims(c.Type, typeRefresh, &c.RegisteredClaims); err != nil {
		return nil, err
	}
	if c.Family == "" {
		return nil, fmt.Errorf("%w: missing family", ErrInvalidToken)
	}
	return &c, nil
}

func (i *Issuer) parse(token string, claims jwt.Claims) error {
	if err := i.check(); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidToken, err)
	}
	if len(token) > maxTokenLen {
		return fmt.Errorf("%w: %w", ErrInvalidToken, jwt.ErrTokenMalformed)
	}
	_, err := jwt.ParseWithClaims(token, claims, i.key,
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(i.Issuer),
		jwt.WithAudience(i.Audience),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithLeeway(clockLeeway),
		jwt.WithTimeFunc(i.now),
	)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidToken, reason(err))
	}
	return nil
}

// key is the jwt.Keyfunc. WithValidMethods already refuses other algorithms;
// checking again here keeps the key from ever meeting another method.
func (i *Issuer) key(t *jwt.Token) (any, error) {
	if t.Method != jwt.SigningMethodHS256 {
		return nil, errors.New("unexpected signing method")
	}
	return i.Key, nil
}

func checkClaims(got, want string, rc *jwt.RegisteredClaims) error {
	switch {
	case got != want:
		return fmt.Errorf("%w: not a token of type %q", ErrInvalidToken, want)
	case rc.Subject == "":
		return fmt.Errorf("%w: missing subject", ErrInvalidToken)
	case rc.ID == "":
		return fmt.Errorf("%w: missing id", ErrInvalidToken)
	}
	return nil
}

// reasons are the jwt errors a parse failure is reduced to, most specific
// first. jwt's own messages can quote parts of the token (the alg header, a
// JSON syntax error), so only these fixed sentinels are passed on.
var reasons = []error{
	jwt.ErrTokenExpired,
	jwt.ErrTokenUsedBeforeIssued,
	jwt.ErrTokenNotValidYet,
	jwt.ErrTokenInvalidIssuer,
	jwt.ErrTokenInvalidAudience,
	jwt.ErrTokenRequiredClaimMissing,
	jwt.ErrTokenSignatureInvalid,
	jwt.ErrTokenUnverifiable,
	jwt.ErrTokenMalformed,
	jwt.ErrTokenInvalidClaims,
}

func reason(err error) error {
	for _, r := range reasons {
		if errors.Is(err, r) {
			return r
		}
	}
	return errors.New("unverifiable")
}
