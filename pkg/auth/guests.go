package auth

import (
	"crypto/hmac"
	"crypto/sha256"
)

// Guests names the guest of an address: a keyed digest of the address's
// guest form (domain.GuestAddress), spelled as an account id (a ULID's 26
// characters of Crockford base32, the first at most '7'), so the store
// keys a guest as a person, and one address is one guest. Keyed, the id
// tells nobody the address (a ticket code carries ids).
type Guests struct {
	Key []byte // HMAC key (>= 32 bytes; shorter names no guest)
}

const (
	guestDomain = "turnout/guest/v1"
	crockford   = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
)

// ID is the guest id of address (in its guest form), or "" when the key is
// too short.
func (g Guests) ID(address string) string {
	if len(g.Key) < minKeyLen {
		return ""
	}
	mac := hmac.New(sha256.New, g.Key)
	mac.Write([]byte(guestDomain))
	mac.Write([]byte{0})
	mac.Write([]byte(address))
	sum := mac.Sum(nil)
	// 3 bits for the first character (0-7), then 25 of 5 bits: 128 bits.
	out := make([]byte, 26)
	bit := 0
	take := func(n int) int {
		v := 0
		for range n {
			v = v<<1 | int(sum[bit/8]>>(7-bit%8)&1)
			bit++
		}
		return v
	}
	out[0] = crockford[take(3)]
	for i := 1; i < len(out); i++ {
		out[i] = crockford[take(5)]
	}
	return string(out)
}
