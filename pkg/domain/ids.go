package domain

// ValidID reports whether s has the shape of an id Turnout issues (a
// ULID: 26 characters of Crockford base32), so malformed ids are refused
// before any lookup.
func ValidID(s string) bool {
	if len(s) != 26 || s[0] > '7' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'A' <= c && c <= 'Z' && c != 'I' && c != 'L' && c != 'O' && c != 'U') {
			return false
		}
	}
	return true
}

// A registration's id names its holder: a ULID of its own (which orders the
// holder's list) followed by the holder's id, so the registration is found
// in its holder's partition by its id alone, and a seat needs no item that
// only maps the id to its holder. Registrations made before are one ULID.
const registrationIDLen = 52

// NewRegistrationID is the id of a registration made now (own, a new ULID)
// by the person userID.
func NewRegistrationID(own, userID string) string { return own + userID }

// RegistrationHolder returns the person a registration id names; ok is
// false for an id of before, which names nobody.
func RegistrationHolder(id string) (userID string, ok bool) {
	if len(id) != registrationIDLen || !ValidID(id[:26]) || !ValidID(id[26:]) {
		return "", false
	}
	return id[26:], true
}

// ValidRegistrationID reports whether s has the shape of a registration id
// Turnout issues, today's or one of before.
func ValidRegistrationID(s string) bool {
	_, named := RegistrationHolder(s)
	return named || ValidID(s)
}
